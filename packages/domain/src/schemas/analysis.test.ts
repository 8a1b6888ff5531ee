import { describe, expect, it } from 'vitest';
import {
  addressSearchSchema,
  checkboxFilterSchema,
  periodSchema,
  storeSelectionSchema,
  tableSelectionSchema,
} from './analysis.ts';
import { allMessages, messagesAt } from './testing.ts';

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

describe('periodSchema', () => {
  it('accepts an ordered period', () => {
    expect(
      allMessages(periodSchema, { from: '2024-04-01', to: '2024-04-30', timeAxis: 3 }),
    ).toEqual({});
    expect(
      allMessages(periodSchema, { from: '2024-04-01', to: '2024-04-01', timeAxis: 3 }),
    ).toEqual({});
  });

  it('needs both dates', () => {
    expect(allMessages(periodSchema, { from: '', to: '2024-04-30', timeAxis: 3 })).toEqual({
      from: ['開始日と終了日を選択してください。'],
    });
    expect(allMessages(periodSchema, { from: '2024-04-01', timeAxis: 3 })).toEqual({
      to: ['開始日と終了日を選択してください。'],
    });
  });

  it('refuses a start after the end', () => {
    expect(
      allMessages(periodSchema, { from: '2024-05-01', to: '2024-04-30', timeAxis: 2 }),
    ).toEqual({
      from: ['開始日は終了日より後には設定できません'],
      to: ['終了日は開始日より前には設定できません'],
    });
  });

  it('allows at most 730 days on the daily axis', () => {
    expect(
      allMessages(periodSchema, { from: '2023-01-02', to: '2024-12-31', timeAxis: 3 }),
    ).toEqual({});
    expect(
      allMessages(periodSchema, { from: '2023-01-01', to: '2024-12-31', timeAxis: 3 }),
    ).toEqual({
      timeAxis: ['日次で2年以上は選択できません'],
    });
    expect(
      allMessages(periodSchema, { from: '2023-01-01', to: '2024-12-31', timeAxis: 2 }),
    ).toEqual({});
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
