import { describe, expect, it } from 'vitest';
import { changePasswordSchema, profileSchema } from './profile.ts';
import { allMessages, messagesAt } from './testing.ts';

describe('profileSchema', () => {
  const valid = { publicName: '山田 太郎', searchName: 'Yamada Taro' };

  it('accepts a display name with or without a search name', () => {
    expect(allMessages(profileSchema, valid)).toEqual({});
    expect(allMessages(profileSchema, { publicName: '山田', searchName: '' })).toEqual({});
    expect(allMessages(profileSchema, { publicName: '山田' })).toEqual({});
  });

  it('requires the display name', () => {
    expect(messagesAt(profileSchema, { ...valid, publicName: '' }, 'publicName')).toEqual([
      '表示名を入力してください',
    ]);
  });

  it('refuses a display name of spaces only', () => {
    expect(messagesAt(profileSchema, { ...valid, publicName: '　 ' }, 'publicName')).toEqual([
      'スペースのみの入力はできません',
    ]);
  });

  it('limits the display name to 50 characters', () => {
    expect(
      messagesAt(profileSchema, { ...valid, publicName: 'あ'.repeat(51) }, 'publicName'),
    ).toEqual(['表示名は50文字以内で入力してください']);
  });

  it('accepts half-width letters, digits and spaces in the search name only', () => {
    expect(messagesAt(profileSchema, { ...valid, searchName: 'やまだ' }, 'searchName')).toEqual([
      '半角英数で入力してください',
    ]);
  });

  it('limits the search name to 50 characters', () => {
    expect(
      messagesAt(profileSchema, { ...valid, searchName: 'a'.repeat(51) }, 'searchName'),
    ).toEqual(['検索用氏名は50文字以内で入力してください']);
  });
});

describe('changePasswordSchema', () => {
  const email = 'member@example.com';
  const schema = changePasswordSchema(email);
  const valid = {
    currentPassword: 'Current-1',
    newPassword: 'Changed-22',
    newPasswordConfirmation: 'Changed-22',
  };

  it('accepts valid passwords', () => {
    expect(allMessages(schema, valid)).toEqual({});
  });

  it('requires all three fields', () => {
    expect(
      allMessages(schema, { currentPassword: '', newPassword: '', newPasswordConfirmation: '' }),
    ).toEqual({
      currentPassword: ['現在のパスワードを入力してください'],
      newPassword: ['新しいパスワードを入力してください'],
      newPasswordConfirmation: ['新しいパスワード（確認用）を入力してください'],
    });
  });

  it('needs the current password to be 8 to 30 ASCII characters', () => {
    expect(messagesAt(schema, { ...valid, currentPassword: 'short' }, 'currentPassword')).toEqual([
      '現在のパスワードは8文字以上で入力してください',
    ]);
    expect(
      messagesAt(schema, { ...valid, currentPassword: 'x'.repeat(31) }, 'currentPassword'),
    ).toEqual(['現在のパスワードは30文字以内で入力してください']);
    expect(
      messagesAt(schema, { ...valid, currentPassword: 'ｐａｓｓｗｏｒｄ' }, 'currentPassword'),
    ).toEqual(['半角文字のみで入力してください']);
  });

  it('needs the new password to be 8 to 30 ASCII characters', () => {
    expect(messagesAt(schema, { ...valid, newPassword: 'short' }, 'newPassword')).toEqual([
      '新しいパスワードは8文字以上で入力してください',
    ]);
    expect(messagesAt(schema, { ...valid, newPassword: 'y'.repeat(31) }, 'newPassword')).toEqual([
      '新しいパスワードは30文字以内で入力してください',
    ]);
    expect(
      messagesAt(schema, { ...valid, newPassword: 'パスワードです12' }, 'newPassword'),
    ).toEqual(['半角文字のみで入力してください']);
  });

  it('refuses the e-mail as the new password', () => {
    expect(
      messagesAt(
        schema,
        { ...valid, newPassword: email, newPasswordConfirmation: email },
        'newPassword',
      ),
    ).toEqual(['メールアドレスと異なる文字列を入力してください。']);
  });

  it('needs the confirmation to match', () => {
    expect(allMessages(schema, { ...valid, newPasswordConfirmation: 'Changed-23' })).toEqual({
      newPasswordConfirmation: ['パスワードが一致しません'],
    });
  });
});
