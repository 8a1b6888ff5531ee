import { describe, expect, it } from 'vitest';
import { corporationCodeSchema, corporationEditSchema } from './corporation.ts';
import { allMessages, messagesAt } from './testing.ts';

describe('corporationCodeSchema', () => {
  it('accepts digits', () => {
    expect(corporationCodeSchema.safeParse({ corporationCode: '100234' }).success).toBe(true);
  });

  it('asks for half-width digits otherwise', () => {
    for (const corporationCode of ['', 'abc', '１２３', '12 3']) {
      expect(messagesAt(corporationCodeSchema, { corporationCode }, 'corporationCode')).toEqual([
        '半角数字で入力してください',
      ]);
    }
  });
});

describe('corporationEditSchema', () => {
  const valid = {
    corporation_code: '100234',
    name: '株式会社サンプル薬局',
    zip_code: '1000001',
    address: '東京都千代田区千代田1-1',
    building_name: 'サンプルビル3F',
    technical_person_name: '技術 一郎',
    technical_person_tel: '0312345678',
    technical_person_email: 'tech@example.com',
    billing_person_name: '請求 花子',
    billing_person_tel: '0312345679',
    billing_person_email: 'billing@example.com',
  };
  const check = (field: string, value: unknown) =>
    messagesAt(corporationEditSchema, { ...valid, [field]: value }, field);

  it('accepts a complete form', () => {
    expect(allMessages(corporationEditSchema, valid)).toEqual({});
  });

  it('accepts a form with only the name', () => {
    expect(
      allMessages(corporationEditSchema, {
        corporation_code: '100234',
        name: '株式会社サンプル薬局',
        zip_code: '',
        technical_person_email: '',
        billing_person_tel: '',
      }),
    ).toEqual({});
  });

  it('requires the name, not blank, at most 50 characters', () => {
    expect(check('name', '')).toEqual(['法人名を入力してください']);
    expect(check('name', '  ')).toEqual(['スペースのみの入力はできません']);
    expect(check('name', 'あ'.repeat(51))).toEqual(['法人名は50文字以内で入力してください']);
  });

  it('takes a zip of up to 7 digits', () => {
    expect(check('zip_code', '100-0001')).toEqual(['半角数字のみで入力してください']);
    expect(check('zip_code', '10000012')).toEqual(['郵便番号は7文字以内で入力してください']);
  });

  it('limits address and building to 100 characters', () => {
    expect(check('address', 'あ'.repeat(101))).toEqual(['住所は100文字以内で入力してください']);
    expect(check('building_name', 'あ'.repeat(101))).toEqual([
      '建物名は100文字以内で入力してください',
    ]);
  });

  it('limits contact names to 50 characters', () => {
    expect(check('technical_person_name', 'あ'.repeat(51))).toEqual([
      '技術担当者名は50文字以内で入力してください',
    ]);
    expect(check('billing_person_name', 'あ'.repeat(51))).toEqual([
      '請求担当者名は50文字以内で入力してください',
    ]);
  });

  it('checks contact e-mails', () => {
    expect(check('technical_person_email', 'tech@')).toEqual([
      'メールアドレスの形式で入力してください',
    ]);
    expect(check('billing_person_email', `${'b'.repeat(340)}@example.com`)).toEqual([
      '請求担当者メールアドレスは350文字以内で入力してください',
    ]);
  });

  it('takes contact phones of up to 15 digits', () => {
    expect(check('technical_person_tel', '03-1234-5678')).toEqual([
      '半角数字のみで入力してください',
    ]);
    expect(check('billing_person_tel', '1'.repeat(16))).toEqual([
      '請求担当者電話番号は15文字以内で入力してください',
    ]);
  });
});
