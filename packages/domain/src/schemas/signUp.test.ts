import { describe, expect, it } from 'vitest';
import { newAccountSchema, signUpSchema } from './signUp.ts';
import { allMessages, messagesAt } from './testing.ts';

describe('signUpSchema', () => {
  const valid = { email: 'owner@example.com', isApproval: true };

  it('accepts an e-mail with consent', () => {
    expect(allMessages(signUpSchema, valid)).toEqual({});
  });

  it('requires the e-mail', () => {
    expect(messagesAt(signUpSchema, { ...valid, email: '' }, 'email')).toEqual([
      'メールアドレスを入力してください',
    ]);
  });

  it('refuses an e-mail of spaces only', () => {
    expect(messagesAt(signUpSchema, { ...valid, email: '  ' }, 'email')).toEqual([
      'スペースのみの入力はできません',
    ]);
  });

  it('checks the e-mail format', () => {
    expect(messagesAt(signUpSchema, { ...valid, email: 'owner@' }, 'email')).toEqual([
      'メールアドレスの形式で入力してください',
    ]);
  });

  it('limits the e-mail to 350 characters', () => {
    const email = `${'o'.repeat(339)}@example.com`;
    expect(email.length).toBe(351);
    expect(messagesAt(signUpSchema, { ...valid, email }, 'email')).toEqual([
      'メールアドレスは350文字以内で入力してください',
    ]);
    expect(signUpSchema.safeParse({ ...valid, email: email.slice(1) }).success).toBe(true);
  });

  it('requires consent', () => {
    expect(messagesAt(signUpSchema, { ...valid, isApproval: false }, 'isApproval')).toEqual([
      '利用規約、プライバシーポリシーに同意した上で本サービスをご利用ください',
    ]);
  });
});

describe('newAccountSchema', () => {
  const valid = {
    name: '山田 太郎',
    tel: '0312345678',
    roleName: '代表取締役',
    corporationName: '株式会社サンプル薬局',
    prefectureId: 13,
    branchCount: '12',
    questionnaire: 3,
    password: 'Secret-123',
  };
  const check = (field: string, value: unknown) =>
    messagesAt(newAccountSchema, { ...valid, [field]: value }, field);

  it('accepts a complete form', () => {
    expect(allMessages(newAccountSchema, valid)).toEqual({});
  });

  it('requires every text field by name', () => {
    expect(check('name', '')).toEqual(['担当者名を入力してください']);
    expect(check('tel', '')).toEqual(['電話番号を入力してください']);
    expect(check('roleName', '')).toEqual(['役職を入力してください']);
    expect(check('corporationName', '')).toEqual(['法人名を入力してください']);
    expect(check('branchCount', '')).toEqual(['店舗数を入力してください']);
    expect(check('password', '')).toEqual(['パスワードを入力してください']);
  });

  it('refuses spaces only', () => {
    expect(check('corporationName', '   ')).toEqual(['スペースのみの入力はできません']);
  });

  it('limits names and titles to 50 characters', () => {
    expect(check('name', 'あ'.repeat(51))).toEqual(['担当者名は50文字以内で入力してください']);
    expect(check('roleName', 'あ'.repeat(51))).toEqual(['役職は50文字以内で入力してください']);
    expect(check('corporationName', 'あ'.repeat(51))).toEqual([
      '法人名は50文字以内で入力してください',
    ]);
    expect(check('name', 'あ'.repeat(50))).toEqual([]);
  });

  it('accepts digits only in the phone and store count', () => {
    expect(check('tel', '03-1234-5678')).toEqual(['半角数字のみで入力してください']);
    expect(check('branchCount', '１２')).toEqual(['半角数字のみで入力してください']);
  });

  it('limits the phone to 15 digits and the store count to 10', () => {
    expect(check('tel', '1'.repeat(16))).toEqual(['電話番号は15文字以内で入力してください']);
    expect(check('branchCount', '1'.repeat(11))).toEqual(['店舗数は10文字以内で入力してください']);
  });

  it('requires the head-office prefecture', () => {
    expect(check('prefectureId', undefined)).toEqual(['本社所在地を選択してください']);
    expect(check('prefectureId', '')).toEqual(['本社所在地を選択してください']);
    expect(check('prefectureId', 0)).toEqual(['本社所在地を選択してください']);
  });

  it('requires a questionnaire answer of 1 to 3', () => {
    expect(check('questionnaire', undefined)).toEqual([
      'Pharmalyticsに求めることを選択してください',
    ]);
    expect(check('questionnaire', 4)).toEqual(['Pharmalyticsに求めることを選択してください']);
    expect(check('questionnaire', 1)).toEqual([]);
  });

  it('needs an ASCII password of 8 to 30 characters', () => {
    expect(check('password', 'ぱすわーどぱすわーど')).toEqual(['半角文字のみで入力してください']);
    expect(check('password', 'Short-1')).toEqual(['パスワードは8文字以上で入力してください']);
    expect(check('password', 'L'.repeat(31))).toEqual(['パスワードは30文字以内で入力してください']);
  });
});
