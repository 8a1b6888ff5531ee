import { describe, expect, it } from 'vitest';
import { forgotPasswordSchema, loginSchema, resetPasswordSchema } from './auth.ts';
import { allMessages, messagesAt } from './testing.ts';

const longEmail = `${'a'.repeat(340)}@example.com`;

describe('loginSchema', () => {
  it('accepts an e-mail and a password', () => {
    expect(allMessages(loginSchema, { email: 'a@example.com', password: 'x' })).toEqual({});
  });

  it('requires both with 必須項目です', () => {
    expect(allMessages(loginSchema, { email: '', password: '' })).toEqual({
      email: ['必須項目です'],
      password: ['必須項目です'],
    });
    expect(messagesAt(loginSchema, {}, 'email')).toEqual(['必須項目です']);
  });
});

describe('forgotPasswordSchema', () => {
  const check = (email: string) => messagesAt(forgotPasswordSchema, { email }, 'email');

  it('accepts a valid e-mail', () => {
    expect(forgotPasswordSchema.safeParse({ email: 'kanri@example.co.jp' }).success).toBe(true);
  });

  it('requires the e-mail', () => {
    expect(check('')).toEqual(['メールアドレスを入力してください']);
  });

  it('refuses spaces only', () => {
    expect(check('   ')).toEqual(['スペースのみの入力はできません']);
  });

  it('checks the e-mail format', () => {
    expect(check('not-an-email')).toEqual(['メールアドレスの形式で入力してください']);
  });

  it('limits the e-mail to 350 characters', () => {
    expect(longEmail.length).toBe(352);
    expect(check(longEmail)).toEqual(['メールアドレスは350文字以内で入力してください']);
  });
});

describe('resetPasswordSchema', () => {
  const email = 'member@example.com';
  const schema = resetPasswordSchema(email);
  const valid = { password: 'Secret-123', rePassword: 'Secret-123' };

  it('accepts two equal valid passwords', () => {
    expect(allMessages(schema, valid)).toEqual({});
  });

  it('requires the password and its confirmation', () => {
    expect(allMessages(schema, { password: '', rePassword: '' })).toEqual({
      password: ['パスワードを入力してください'],
      rePassword: ['パスワード（確認用）を入力してください'],
    });
  });

  it('refuses spaces only', () => {
    expect(messagesAt(schema, { ...valid, password: '          ' }, 'password')).toEqual([
      'スペースのみの入力はできません',
    ]);
  });

  it('accepts printable ASCII only', () => {
    expect(messagesAt(schema, { ...valid, password: 'パスワード12345' }, 'password')).toEqual([
      '半角文字のみで入力してください',
    ]);
  });

  it('needs 8 to 30 characters', () => {
    expect(messagesAt(schema, { ...valid, password: 'Ab1-xyz' }, 'password')).toEqual([
      'パスワードは8文字以上で入力してください',
    ]);
    expect(messagesAt(schema, { ...valid, password: 'a'.repeat(31) }, 'password')).toEqual([
      'パスワードは30文字以内で入力してください',
    ]);
    expect(messagesAt(schema, { ...valid, rePassword: 'Ab1-xyz' }, 'rePassword')).toEqual([
      'パスワード（確認用）は8文字以上で入力してください',
    ]);
    expect(schema.safeParse({ password: 'a'.repeat(30), rePassword: 'a'.repeat(30) }).success).toBe(
      true,
    );
  });

  it('refuses the e-mail as password', () => {
    expect(allMessages(schema, { password: email, rePassword: email })).toEqual({
      password: ['メールアドレスと異なる文字列を入力してください。'],
      rePassword: ['メールアドレスと異なる文字列を入力してください。'],
    });
  });

  it('needs the confirmation to match', () => {
    expect(allMessages(schema, { ...valid, rePassword: 'Secret-124' })).toEqual({
      rePassword: ['パスワードが一致しません'],
    });
  });
});
