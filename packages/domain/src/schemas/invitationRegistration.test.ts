import { describe, expect, it } from 'vitest';
import { invitationRegistrationSchema } from './invitationRegistration.ts';
import { allMessages, messagesAt } from './testing.ts';

describe('invitationRegistrationSchema', () => {
  const valid = {
    token: 'abc123',
    publicName: '佐藤 花子',
    searchName: 'Sato Hanako',
    email: 'hanako@example.com',
    password: 'Secret-123',
  };
  const check = (field: string, value: unknown) =>
    messagesAt(invitationRegistrationSchema, { ...valid, [field]: value }, field);

  it('accepts a complete form, the search name being optional', () => {
    expect(allMessages(invitationRegistrationSchema, valid)).toEqual({});
    expect(allMessages(invitationRegistrationSchema, { ...valid, searchName: '' })).toEqual({});
    const { searchName: _omitted, ...withoutSearchName } = valid;
    expect(allMessages(invitationRegistrationSchema, withoutSearchName)).toEqual({});
  });

  it('requires the display name, not blank, at most 50 characters', () => {
    expect(check('publicName', '')).toEqual(['表示名を入力してください']);
    expect(check('publicName', ' ')).toEqual(['スペースのみの入力はできません']);
    expect(check('publicName', 'あ'.repeat(51))).toEqual(['表示名は50文字以内で入力してください']);
  });

  it('takes a half-width alphanumeric search name of at most 50 characters', () => {
    expect(check('searchName', 'さとう')).toEqual(['半角英数で入力してください']);
    expect(check('searchName', 'a'.repeat(51))).toEqual([
      '検索用氏名は50文字以内で入力してください',
    ]);
  });

  it('requires an ASCII password of 8 to 30 characters', () => {
    expect(check('password', '')).toEqual(['パスワードを入力してください']);
    expect(check('password', 'ひみつのパスワード1')).toEqual(['半角文字のみで入力してください']);
    expect(check('password', 'Abc-123')).toEqual(['パスワードは8文字以上で入力してください']);
    expect(check('password', 'A'.repeat(31))).toEqual(['パスワードは30文字以内で入力してください']);
  });

  it('refuses a password containing the e-mail', () => {
    expect(check('password', 'x-hanako@example.com')).toEqual([
      'メールアドレスを含むパスワードは登録できません。',
    ]);
    expect(check('password', 'HANAKO@EXAMPLE.COM1')).toEqual([
      'メールアドレスを含むパスワードは登録できません。',
    ]);
  });

  it('requires the token', () => {
    expect(check('token', '')).toEqual(['必須項目です']);
  });
});
