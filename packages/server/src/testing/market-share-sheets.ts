import { CSV_COLUMNS, type DispensingCsvColumn } from '@pharmalytics/domain';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';
import { uploadAs } from './upload.ts';

/**
 * The facts of the acquisition-rate tests, read with the real census file: a hand-made upload
 * whose patients live in meshes we know (the offline geocoder puts each town at its point, and
 * the point in its 1/2 mesh):
 *   天神一丁目, 渡辺通五丁目 → 503033023 (store 1001's own mesh); 天神二丁目 → 503033014;
 *   春吉三丁目 → 503033024; 北九州市小倉北区浅野一丁目 → 503067602 (far outside the radius);
 *   東京都千代田区千代田 → 533946201 (no census data in the file).
 */

/** 90 days: 2025-01-01 to 2025-03-31. */
export const MARKET_SHARE_PERIOD = { from: '2025-01-01', to: '2025-03-31' };
export const TENJIN_MESH = '503033023';

export const TOWNS = {
  tenjin1: '福岡県福岡市中央区天神一丁目',
  watanabedori5: '福岡県福岡市中央区渡辺通五丁目',
  tenjin2: '福岡県福岡市中央区天神二丁目',
  haruyoshi3: '福岡県福岡市中央区春吉三丁目',
  kokura: '福岡県北九州市小倉北区浅野一丁目',
  tokyo: '東京都千代田区千代田',
} as const;

export interface MarketShareSheet {
  store: string;
  date: string;
  patient: string;
  birthMonth: string;
  address: string;
}

/**
 * Store 1001's patients: A twice (69 at the first sheet, 70 at the last: counted as 70～79), B,
 * C without a birth month (不明), D, E far away, F where the census has nobody, G without an
 * address (not on the map), H only outside the period. B also goes to 1002, J to 1003.
 */
export const MARKET_SHARE_SHEETS: MarketShareSheet[] = [
  {
    store: '1001',
    date: '2025-01-10',
    patient: 'MS-A',
    birthMonth: '1955-02',
    address: TOWNS.tenjin1,
  },
  {
    store: '1001',
    date: '2025-02-20',
    patient: 'MS-A',
    birthMonth: '1955-02',
    address: TOWNS.tenjin1,
  },
  {
    store: '1001',
    date: '2025-03-05',
    patient: 'MS-B',
    birthMonth: '1990-07',
    address: TOWNS.watanabedori5,
  },
  { store: '1001', date: '2025-03-31', patient: 'MS-C', birthMonth: '', address: TOWNS.tenjin1 },
  {
    store: '1001',
    date: '2025-01-01',
    patient: 'MS-D',
    birthMonth: '2000-01',
    address: TOWNS.tenjin2,
  },
  {
    store: '1001',
    date: '2025-02-02',
    patient: 'MS-E',
    birthMonth: '1980-04',
    address: TOWNS.kokura,
  },
  {
    store: '1001',
    date: '2025-02-03',
    patient: 'MS-F',
    birthMonth: '1970-01',
    address: TOWNS.tokyo,
  },
  { store: '1001', date: '2025-02-04', patient: 'MS-G', birthMonth: '1975-01', address: '' },
  {
    store: '1001',
    date: '2024-12-31',
    patient: 'MS-H',
    birthMonth: '1960-01',
    address: TOWNS.haruyoshi3,
  },
  {
    store: '1001',
    date: '2025-04-01',
    patient: 'MS-H',
    birthMonth: '1960-01',
    address: TOWNS.haruyoshi3,
  },
  {
    store: '1002',
    date: '2025-03-06',
    patient: 'MS-B',
    birthMonth: '1990-07',
    address: TOWNS.watanabedori5,
  },
  {
    store: '1003',
    date: '2025-03-07',
    patient: 'MS-J',
    birthMonth: '1948-05',
    address: TOWNS.tenjin1,
  },
];

function sheetLine(sheet: MarketShareSheet, index: number, insuranceCodes: Map<string, string>) {
  const values: Partial<Record<DispensingCsvColumn, string>> = {
    pharmacy_code: insuranceCodes.get(sheet.store)!,
    dispensing_date: sheet.date,
    reception_time: '10:00',
    reception_id: `MS-${index}`,
    prescription_no: '1',
    patient_id: sheet.patient,
    patient_gender: '2',
    patient_birth_month: sheet.birthMonth,
    patient_address: sheet.address,
    insurance_type: '社保',
    reception_type: '外来',
    visit_type: '再来',
    medicine_notebook: '1',
    institution_code: '4011000011',
    institution_name: '天神内科クリニック',
    department: '内科',
    line_type: 'FEE',
    code: '120000110',
    name: '調剤基本料',
    category: '調剤基本料',
    points: '45',
    count: '1',
  };
  return CSV_COLUMNS.map((column) => values[column] ?? '').join(',');
}

/**
 * Uploads the sheets as their stores' uploaders send them; `offset` numbers the receptions after
 * those of an earlier upload.
 */
export async function uploadMarketShareSheets(
  t: TestApp,
  sheets: readonly MarketShareSheet[],
  offset = 0,
) {
  const stores = await t.db
    .selectFrom('stores')
    .select(['store_code', 'insurance_institution_code'])
    .execute();
  const insuranceCodes = new Map(
    stores.map((s) => [s.store_code, s.insurance_institution_code!] as const),
  );
  for (const store of new Set(sheets.map((s) => s.store))) {
    const lines = sheets
      .map((sheet, i) => [sheet, i + offset] as const)
      .filter(([sheet]) => sheet.store === store)
      .map(([sheet, i]) => sheetLine(sheet, i, insuranceCodes));
    const reply = await uploadAs(t, store, lines);
    expect(reply.body, store).toMatchObject({ status: 'loaded', rowsRefused: 0 });
  }
}
