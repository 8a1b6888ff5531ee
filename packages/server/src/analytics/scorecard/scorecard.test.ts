import {
  CSV_COLUMNS,
  SCORECARD_KPIS,
  type DispensingCsvColumn,
  type ScorecardResponse,
  type ScorecardRow,
} from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../testing/http-client.ts';
import { replicaCaughtUp, wholeScope } from '../../testing/replica.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { uploadAs } from '../../testing/upload.ts';
import { storeCoverage } from '../coverage.ts';
import { computePeriodValues } from './period-values.ts';

/**
 * A hand-written dataset of two stores over April–May 2026 and the same months of 2025, loaded
 * through the ingestion path, and every scorecard KPI worked out by hand below.
 *
 *   sheet store date        rcp#no pat inst visit nb  pharm tech mgmt medicines (class qty yen)  mat  sales
 *   T1    1001  2025-04-01  R1#1   A   X    再来  1   P01   40   50   (3 20 200)                 -    1100
 *   T2    1001  2025-05-31  R1#1   B   Y    新規  0   P01   40   50   (2 10 500)                 -    1400
 *   T3    1001  2026-04-06  R1#1   A   X    再来  1   P01   40   50   (3 28 280)                 100  1280
 *   T4    1001  2026-04-06  R1#2   A   X    再来  1   P01   10    0   (2 7 700)                  -     800
 *   T5    1001  2026-04-06  R2#1   B   Y    新規  0   P02   40   50   (2 10 500)                 -    1400
 *   T6    1001  2026-05-11  R1#1   A   X    再来  -   P01   40   50   (3 14 140) (1 5 250)       -    1290
 *   T7    1001  2026-05-11  R2#1   C   Z    新規  1   -     40   50   (3 30 300)                 -    1200
 *   H1    1002  2025-05-10  R1#1   D   Y    再来  1   P02   40   50   (2 20 400)                 -    1300
 *   H2    1002  2026-04-07  R1#1   D   Y    再来  1   P02   40   50   (3 10 100)                 -    1000
 *   H3    1002  2026-04-07  R2#1   E   Y    新規  1   P02   40   50   (2 10 200)                 -    1100
 *   H4    1002  2026-05-31  R1#1   D   X    再来  0   P02   40   50   (3 20 200)                 -    1100
 *
 * tech / mgmt are 調剤基本料 / 薬学管理料 points; sales = (tech + mgmt) × 10 + medicines + material.
 * T3 and T4 are one reception. 1001's facts run from 2025-04-01, so they cover April–May 2025;
 * 1002's start on 2025-05-10, so its comparison over April–May 2025 is incomplete.
 */
const STORES = { '1001': '4041100018', '1002': '4041100026' } as const;
const INSTITUTIONS = {
  X: ['4011000011', 'Xクリニック'],
  Y: ['4011000029', 'Y内科医院'],
  Z: ['4011000037', 'Z整形外科'],
} as const;
const MEDICINES = { 1: '1149019F1011', 2: '2171022F1018', 3: '2171022F1093' } as const;
const PHARMACISTS = { P01: '田中 誠', P02: '鈴木 由美' } as const;

type Sheet = {
  store: keyof typeof STORES;
  date: string;
  reception: string;
  no: number;
  patient: string;
  inst: keyof typeof INSTITUTIONS;
  visit: '新規' | '再来';
  notebook: '1' | '0' | '';
  pharmacist: keyof typeof PHARMACISTS | '';
  tech: number;
  mgmt: number;
  medicines: [1 | 2 | 3, number, number][];
  material?: number;
};
const sheet = (
  store: Sheet['store'],
  date: string,
  [reception, no]: [string, number],
  patient: string,
  inst: Sheet['inst'],
  visit: Sheet['visit'],
  notebook: Sheet['notebook'],
  pharmacist: Sheet['pharmacist'],
  [tech, mgmt]: [number, number],
  medicines: Sheet['medicines'],
  material?: number,
): Sheet => ({
  store,
  date,
  reception,
  no,
  patient,
  inst,
  visit,
  notebook,
  pharmacist,
  tech,
  mgmt,
  medicines,
  material,
});
const SHEETS: Sheet[] = [
  sheet('1001', '2025-04-01', ['R1', 1], 'A', 'X', '再来', '1', 'P01', [40, 50], [[3, 20, 200]]),
  sheet('1001', '2025-05-31', ['R1', 1], 'B', 'Y', '新規', '0', 'P01', [40, 50], [[2, 10, 500]]),
  sheet(
    '1001',
    '2026-04-06',
    ['R1', 1],
    'A',
    'X',
    '再来',
    '1',
    'P01',
    [40, 50],
    [[3, 28, 280]],
    100,
  ),
  sheet('1001', '2026-04-06', ['R1', 2], 'A', 'X', '再来', '1', 'P01', [10, 0], [[2, 7, 700]]),
  sheet('1001', '2026-04-06', ['R2', 1], 'B', 'Y', '新規', '0', 'P02', [40, 50], [[2, 10, 500]]),
  sheet(
    '1001',
    '2026-05-11',
    ['R1', 1],
    'A',
    'X',
    '再来',
    '',
    'P01',
    [40, 50],
    [
      [3, 14, 140],
      [1, 5, 250],
    ],
  ),
  sheet('1001', '2026-05-11', ['R2', 1], 'C', 'Z', '新規', '1', '', [40, 50], [[3, 30, 300]]),
  sheet('1002', '2025-05-10', ['R1', 1], 'D', 'Y', '再来', '1', 'P02', [40, 50], [[2, 20, 400]]),
  sheet('1002', '2026-04-07', ['R1', 1], 'D', 'Y', '再来', '1', 'P02', [40, 50], [[3, 10, 100]]),
  sheet('1002', '2026-04-07', ['R2', 1], 'E', 'Y', '新規', '1', 'P02', [40, 50], [[2, 10, 200]]),
  sheet('1002', '2026-05-31', ['R1', 1], 'D', 'X', '再来', '0', 'P02', [40, 50], [[3, 20, 200]]),
];

type CsvRow = Partial<Record<DispensingCsvColumn, string | number>>;

function csvLines(s: Sheet): string[] {
  const [institutionCode, institutionName] = INSTITUTIONS[s.inst];
  const common: CsvRow = {
    pharmacy_code: STORES[s.store],
    dispensing_date: s.date,
    reception_time: '09:00',
    reception_id: s.reception,
    prescription_no: s.no,
    patient_id: `P-${s.patient}`,
    patient_gender: 2,
    patient_birth_month: '1950-01',
    insurance_type: '社保',
    reception_type: '外来',
    visit_type: s.visit,
    medicine_notebook: s.notebook,
    institution_code: institutionCode,
    institution_name: institutionName,
    department: '内科',
    pharmacist_code: s.pharmacist,
    pharmacist_name: s.pharmacist === '' ? '' : PHARMACISTS[s.pharmacist],
  };
  const rows: CsvRow[] = [
    { line_type: 'FEE', code: '120000110', name: '調剤基本料１', category: '調剤基本料' },
    { line_type: 'FEE', code: '120003610', name: '服薬管理指導料１', category: '薬学管理料' },
  ]
    .map((fee, i) => ({ ...fee, points: i === 0 ? s.tech : s.mgmt, count: 1 }))
    .filter((fee) => fee.points > 0);
  for (const [cls, quantity, yen] of s.medicines) {
    rows.push({
      line_type: 'MEDICINE',
      code: MEDICINES[cls],
      name: `薬${cls}`,
      points: yen / 10,
      count: 1,
      quantity,
      unit: '錠',
      amount: yen,
    });
  }
  if (s.material) {
    rows.push({
      line_type: 'MATERIAL',
      code: '737010000',
      name: '注入器用注射針（標準型）',
      points: s.material / 10,
      count: 1,
      quantity: 70,
      unit: '本',
      amount: s.material,
    });
  }
  return rows.map((row) => {
    const line: CsvRow = { ...common, ...row };
    return CSV_COLUMNS.map((c) => line[c] ?? '').join(',');
  });
}

let t: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  t = await startTestApp();
  await t.db
    .insertInto('medicine_master')
    .values(
      Object.entries(MEDICINES).map(([cls, yj]) => ({
        code: `62000000${cls}`,
        yj_code: yj,
        name: `薬${cls}`,
        unit: '錠',
        price: 10,
        generic_class: Number(cls),
      })),
    )
    .execute();
  for (const store of Object.keys(STORES) as (keyof typeof STORES)[]) {
    const sheets = SHEETS.filter((s) => s.store === store);
    const reply = await uploadAs(t, store, sheets.flatMap(csvLines));
    expect(reply.body).toMatchObject({ status: 'loaded', prescriptionsLoaded: sheets.length });
  }
  await replicaCaughtUp(t.app, t.db);
  admin = t.client();
  await admin.login('admin@example.com');
});
afterAll(() => t.close());

const scorecard = (client: HttpClient, query: Record<string, string>) =>
  client.get<ScorecardResponse>(`/v3/scorecard?${new URLSearchParams(query)}`);

const TWO_MONTHS = {
  from: '2026-04-01',
  to: '2026-05-31',
  comparisonFrom: '2025-04-01',
  comparisonTo: '2025-05-31',
  storeCodes: '1002,1001',
};

/** [value, comparison, change, changeUnit] of every KPI of a row. */
const cells = (row: ScorecardRow) =>
  Object.fromEntries(
    SCORECARD_KPIS.map((k) => {
      const c = row.metrics[k.key]!;
      return [k.key, [c.value, c.comparison, c.change, c.changeUnit]];
    }),
  );

describe('GET /v3/scorecard on a hand-computed dataset', () => {
  it('gives each store’s KPIs against the same months a year before, with the change in % or pt', async () => {
    const reply = await scorecard(admin, TWO_MONTHS);
    expect(reply.status).toBe(200);
    expect(reply.body.rows.map((r) => [r.storeCode, r.name])).toEqual([
      ['1001', 'はかた薬局 天神店'],
      ['1002', 'はかた薬局 博多駅前店'],
    ]);
    const tenjin = reply.body.rows[0]!;
    expect(Object.values(tenjin.metrics).every((c) => c.comparisonComplete)).toBe(true);
    // 2026: T3–T7, four receptions (T3 + T4 one); 2025: T1, T2.
    expect(cells(tenjin)).toEqual({
      dispensing_sales: [5970, 2500, 138.8, '%'],
      prescription_counts: [5, 2, 150, '%'],
      prescription_unit_price: [1194, 1250, -4.5, '%'],
      patient_counts: [3, 2, 50, '%'], // A, B, C | A, B
      patient_unit_price: [1990, 1250, 59.2, '%'],
      prescription_concentration_rates: [50, 50, 0, 'pt'], // X 2 of 4 | X 1 of 2
      prescription_concentration_rates_top3: [100, 100, 0, 'pt'],
      generic_dispensing_rates: [80.9, 66.7, 14.2, 'pt'], // 72 / 89 | 20 / 30
      medicine_note_rates: [66.7, 50, 16.7, 'pt'], // 2 of 3 known (T6 unknown) | 1 of 2
      new_reception_counts: [2, 1, 100, '%'],
      re_reception_counts: [2, 1, 100, '%'],
      // 4 sheets with a pharmacist ÷ 3 (date, pharmacist) pairs | 2 ÷ 2
      prescriptions_per_pharmacist: [1.3, 1, 30, '%'],
      technical_fee_unit_price: [925, 900, 2.8, '%'], // 3700 ÷ 4 receptions | 1800 ÷ 2
      medicine_fee_ratio: [36.3, 28, 8.3, 'pt'], // 2170 ÷ 5970 | 700 ÷ 2500
    });
  });

  it('marks a store without facts over part of the comparison period incomplete, without a change', async () => {
    const { body } = await scorecard(admin, TWO_MONTHS);
    const hakata = body.rows[1]!;
    expect(Object.values(hakata.metrics).every((c) => !c.comparisonComplete)).toBe(true);
    // 2026: H2–H4; 2025: H1 alone (its facts start on 2025-05-10).
    expect(cells(hakata)).toEqual({
      dispensing_sales: [3200, 1300, null, '%'],
      prescription_counts: [3, 1, null, '%'],
      prescription_unit_price: [1067, 1300, null, '%'],
      patient_counts: [2, 1, null, '%'],
      patient_unit_price: [1600, 1300, null, '%'],
      prescription_concentration_rates: [66.7, 100, null, 'pt'], // Y 2 of 3
      prescription_concentration_rates_top3: [100, 100, null, 'pt'],
      generic_dispensing_rates: [75, 0, null, 'pt'], // 30 / 40 | 0 / 20
      medicine_note_rates: [66.7, 100, null, 'pt'],
      new_reception_counts: [1, 0, null, '%'],
      re_reception_counts: [2, 1, null, '%'],
      prescriptions_per_pharmacist: [1.5, 1, null, '%'],
      technical_fee_unit_price: [900, 900, null, '%'],
      medicine_fee_ratio: [15.6, 30.8, null, 'pt'], // 500 ÷ 3200 | 400 ÷ 1300
    });
    // The total of stores one of which is incomplete is incomplete too.
    expect(body.total.storeCode).toBe('');
    expect(body.total.name).toBe('全店舗');
    expect(Object.values(body.total.metrics).every((c) => !c.comparisonComplete)).toBe(true);
    expect(cells(body.total)).toEqual({
      dispensing_sales: [9170, 3800, null, '%'],
      prescription_counts: [8, 3, null, '%'],
      prescription_unit_price: [1146, 1267, null, '%'],
      patient_counts: [5, 3, null, '%'], // A–E | A, B, D
      patient_unit_price: [1834, 1267, null, '%'],
      // Each store's own top institution: (2 + 2) ÷ (4 + 3) | (1 + 1) ÷ (2 + 1).
      prescription_concentration_rates: [57.1, 66.7, null, 'pt'],
      prescription_concentration_rates_top3: [100, 100, null, 'pt'],
      generic_dispensing_rates: [79.1, 40, null, 'pt'], // 102 / 129 | 20 / 50
      medicine_note_rates: [66.7, 66.7, null, 'pt'], // 4 of 6 | 2 of 3
      new_reception_counts: [3, 1, null, '%'],
      re_reception_counts: [4, 2, null, '%'],
      prescriptions_per_pharmacist: [1.4, 1, null, '%'], // 7 ÷ 5 | 3 ÷ 3
      technical_fee_unit_price: [914, 900, null, '%'], // 6400 ÷ 7 | 2700 ÷ 3
      medicine_fee_ratio: [29.1, 28.9, null, 'pt'], // 2670 ÷ 9170 | 1100 ÷ 3800
    });
  });

  it('gives the total of covered stores with its change: May against April 2026', async () => {
    const { body } = await scorecard(admin, {
      from: '2026-05-01',
      to: '2026-05-31',
      comparisonFrom: '2026-04-01',
      comparisonTo: '2026-04-30',
      storeCodes: '1001,1002',
    });
    expect(Object.values(body.total.metrics).every((c) => c.comparisonComplete)).toBe(true);
    // May: T6, T7, H4; April: T3–T5, H2, H3.
    expect(cells(body.total)).toEqual({
      dispensing_sales: [3590, 5580, -35.7, '%'],
      prescription_counts: [3, 5, -40, '%'],
      prescription_unit_price: [1197, 1116, 7.3, '%'],
      patient_counts: [3, 4, -25, '%'], // A, C, D | A, B, D, E
      patient_unit_price: [1197, 1395, -14.2, '%'],
      // May: 天神 X 1 of 2, 博多駅前 X 1 of 1; April: 天神 X 1 of 2, 博多駅前 Y 2 of 2.
      prescription_concentration_rates: [66.7, 75, -8.3, 'pt'],
      prescription_concentration_rates_top3: [100, 100, 0, 'pt'],
      generic_dispensing_rates: [100, 58.5, 41.5, 'pt'], // 64 / 64 | 38 / 65
      medicine_note_rates: [50, 75, -25, 'pt'], // 1 of 2 | 3 of 4
      new_reception_counts: [1, 2, -50, '%'],
      re_reception_counts: [2, 2, 0, '%'],
      prescriptions_per_pharmacist: [1, 1.7, -41.2, '%'], // 2 ÷ 2 | 5 ÷ 3
      technical_fee_unit_price: [900, 925, -2.7, '%'], // 2700 ÷ 3 | 3700 ÷ 4
      medicine_fee_ratio: [24.8, 31.9, -7.1, 'pt'], // 890 ÷ 3590 | 1780 ÷ 5580
    });
  });

  it('has a row of zeros and no rates for a store without any facts, which leaves the total as it is', async () => {
    const { body } = await scorecard(admin, { ...TWO_MONTHS, storeCodes: '1001,1003' });
    const empty = body.rows.find((r) => r.storeCode === '1003')!;
    expect(empty.metrics.dispensing_sales).toMatchObject({ value: 0, comparison: 0, change: null });
    expect(empty.metrics.generic_dispensing_rates).toMatchObject({ value: null, change: null });
    // A store not sending yet adds nothing to either period: the total is 1001's own.
    const alone = await scorecard(admin, { ...TWO_MONTHS, storeCodes: '1001' });
    expect(body.total.metrics).toEqual(alone.body.total.metrics);
  });
});

describe('the scorecard’s statements', () => {
  it('answer alike on the system of record and on the replica', async () => {
    const scope = await wholeScope(t.db, ['1001', '1002', '1003']);
    const replica = t.app.services.replica!.executor();
    for (const period of [
      { from: '2026-04-01', to: '2026-05-31' },
      { from: '2025-04-01', to: '2025-05-31' },
    ]) {
      expect(await computePeriodValues(replica, scope, period)).toEqual(
        await computePeriodValues(t.db, scope, period),
      );
    }
  });

  it('keep equal questions in the cache, the stores’ coverage too', async () => {
    const { metrics } = t.app.services;
    await scorecard(admin, TWO_MONTHS);
    const before = metrics.stats();
    await scorecard(admin, TWO_MONTHS);
    const after = metrics.stats();
    expect(after.computed).toBe(before.computed);
    expect(after.hits - before.hits).toBe(3); // two periods and the coverage
    const scope = await wholeScope(t.db, ['1001', '1002']);
    expect(await storeCoverage(metrics, scope)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ first: '2025-04-01', last: '2026-05-11' }),
        expect.objectContaining({ first: '2025-05-10', last: '2026-05-31' }),
      ]),
    );
  });
});

describe('GET /v3/scorecard access', () => {
  it('gives a role-user member its own stores and refuses the others', async () => {
    const user = t.client();
    await user.login('user@example.com'); // browses 1001 and 1002
    const own = await scorecard(user, TWO_MONTHS);
    expect(own.status).toBe(200);
    expect(own.body.rows.map((r) => r.storeCode)).toEqual(['1001', '1002']);
    expect((await scorecard(user, { ...TWO_MONTHS, storeCodes: '1001,1003' })).status).toBe(403);
  });

  it('refuses another corporation’s store, alone or among one’s own', async () => {
    expect((await scorecard(admin, { ...TWO_MONTHS, storeCodes: '3001' })).status).toBe(403);
    expect((await scorecard(admin, { ...TWO_MONTHS, storeCodes: '1001,3001' })).status).toBe(403);
  });

  it('checks both periods like the dashboard', async () => {
    const reversed = await scorecard(admin, {
      ...TWO_MONTHS,
      comparisonFrom: '2025-05-31',
      comparisonTo: '2025-04-01',
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body).toMatchObject({ message: '開始日は終了日より後には設定できません' });
  });
});
