import { describe, expect, it } from 'vitest';
import { storeDeleteSchema, storeFormSchema } from './store.ts';
import { allMessages, messagesAt } from './testing.ts';

describe('storeFormSchema', () => {
  const valid = {
    name: 'さくら薬局 駅前店',
    prefectureId: 13,
    zipCode: '1000001',
    city: '千代田区',
    block: '千代田1-1',
    buildingName: 'サンプルビル1F',
    insuranceInstitutionCode: '1341234567',
    managementPharmacistName: '薬剤 師子',
    tel: '0312345678',
  };
  const check = (field: string, value: unknown) =>
    messagesAt(storeFormSchema, { ...valid, [field]: value }, field);

  it('accepts a complete form', () => {
    expect(allMessages(storeFormSchema, valid)).toEqual({});
  });

  it('accepts a form with only name and prefecture', () => {
    expect(allMessages(storeFormSchema, { name: '本店', prefectureId: 1 })).toEqual({});
    expect(
      allMessages(storeFormSchema, {
        name: '本店',
        prefectureId: 1,
        zipCode: '',
        insuranceInstitutionCode: '',
        tel: '',
      }),
    ).toEqual({});
  });

  it('requires the store name, not blank, at most 40 characters', () => {
    expect(check('name', '')).toEqual(['店舗名を入力してください']);
    expect(check('name', '   ')).toEqual(['スペースのみの入力はできません']);
    expect(check('name', 'あ'.repeat(41))).toEqual(['店舗名は40文字以内で入力してください']);
    expect(check('name', 'あ'.repeat(40))).toEqual([]);
  });

  it('requires the prefecture', () => {
    expect(check('prefectureId', undefined)).toEqual(['都道府県を選択してください']);
    expect(check('prefectureId', '')).toEqual(['都道府県を選択してください']);
  });

  it('checks the zip code', () => {
    expect(check('zipCode', '12345678')).toEqual(['郵便番号は7文字以内で入力してください']);
    expect(check('zipCode', '123')).toEqual(['郵便番号は7桁の半角数字で入力してください']);
    expect(check('zipCode', '100-001')).toEqual(['郵便番号は7桁の半角数字で入力してください']);
  });

  it('limits city, block, building and managing pharmacist', () => {
    expect(check('city', 'あ'.repeat(51))).toEqual(['市区町村は50文字以内で入力してください']);
    expect(check('block', 'あ'.repeat(51))).toEqual(['番地は50文字以内で入力してください']);
    expect(check('buildingName', 'あ'.repeat(101))).toEqual([
      '建物名は100文字以内で入力してください',
    ]);
    expect(check('managementPharmacistName', 'あ'.repeat(101))).toEqual([
      '管理薬剤師名は100文字以内で入力してください',
    ]);
  });

  it('needs 10 digits in the insurance institution code', () => {
    expect(check('insuranceInstitutionCode', '134123456')).toEqual([
      '10桁の半角数字で入力してください',
    ]);
    expect(check('insuranceInstitutionCode', '13412345a7')).toEqual([
      '10桁の半角数字で入力してください',
    ]);
  });

  it('checks prefecture number 01–47 and point table 1, 3 or 4 in the code', () => {
    const format =
      '保険医療機関コードは都道府県番号2桁・点数表番号1桁・薬局コード7桁の半角数字で入力してください';
    expect(check('insuranceInstitutionCode', '4841234567')).toEqual([format]);
    expect(check('insuranceInstitutionCode', '0041234567')).toEqual([format]);
    expect(check('insuranceInstitutionCode', '1321234567')).toEqual([format]);
    for (const ok of ['0141234567', '4741234567', '1311234567', '1331234567']) {
      expect(check('insuranceInstitutionCode', ok)).toEqual([]);
    }
  });

  it('checks the phone number', () => {
    expect(check('tel', '03-1234-5678')).toEqual(['半角数字のみで入力してください']);
    expect(check('tel', '1'.repeat(16))).toEqual(['電話番号は15文字以内で入力してください']);
  });
});

describe('storeDeleteSchema', () => {
  it('accepts a password', () => {
    expect(storeDeleteSchema.safeParse({ password: 'Secret-123' }).success).toBe(true);
  });

  it('requires the password', () => {
    expect(messagesAt(storeDeleteSchema, { password: '' }, 'password')).toEqual([
      'パスワードを入力してください',
    ]);
  });

  it('refuses spaces only', () => {
    expect(messagesAt(storeDeleteSchema, { password: '  ' }, 'password')).toEqual([
      'スペースのみの入力はできません',
    ]);
  });
});
