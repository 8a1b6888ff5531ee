import { describe, expect, it } from 'vitest';
import {
  addressSearchSchema,
  checkboxFilterSchema,
  storeSelectionSchema,
  tableSelectionSchema,
} from './analysis.ts';
import { messagesAt } from './testing.ts';

describe('addressSearchSchema', () => {
  it('accepts an address in address mode and any text in zip mode', () => {
    expect(addressSearchSchema.safeParse({ value: 2, text: '東京都千代田区' }).success).toBe(true);
    expect(addressSearchSchema.safeParse({ value: 1, text: '' }).success).toBe(true);
  });

  it('asks for a prefecture or city when the address is blank', () => {
    for (const text of ['', '  ', '　']) {
      expect(messagesAt(addressSearchSchema, { value: 2, text }, 'text')).toEqual([
        '都道府県、市町村を入力してください',
      ]);
    }
  });
});

describe('storeSelectionSchema', () => {
  it('accepts all stores or some stores', () => {
    expect(storeSelectionSchema.safeParse({ isAll: true, stores: [] }).success).toBe(true);
    expect(
      storeSelectionSchema.safeParse({ isAll: false, stores: [{ storeCode: 'S1' }] }).success,
    ).toBe(true);
  });

  it('needs at least one store', () => {
    expect(messagesAt(storeSelectionSchema, { isAll: false, stores: [] }, 'stores')).toEqual([
      'いずれかの店舗を選択してください',
    ]);
  });
});

describe('checkboxFilterSchema', () => {
  it('needs at least one option', () => {
    expect(checkboxFilterSchema.safeParse(['外来']).success).toBe(true);
    expect(messagesAt(checkboxFilterSchema, [], '')).toEqual(['選択してください']);
  });
});

describe('tableSelectionSchema', () => {
  it('accepts one to ten rows', () => {
    expect(tableSelectionSchema.safeParse(['a']).success).toBe(true);
    expect(tableSelectionSchema.safeParse(Array.from({ length: 10 }, String)).success).toBe(true);
  });

  it('refuses more than ten rows', () => {
    expect(messagesAt(tableSelectionSchema, Array.from({ length: 11 }, String), '')).toEqual([
      'チェックできる項目は10個までです。',
    ]);
  });

  it('refuses no row', () => {
    expect(messagesAt(tableSelectionSchema, [], '')).toEqual(['１項目以上チェックしてください。']);
  });
});
