import {
  analysisPageByFamily,
  DASHBOARD_METRIC_SLUGS,
  type AnalysisFamily,
} from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadAs } from '../testing/upload.ts';
import { computeMetric } from './engine.ts';
import { replicaCaughtUp, wholeScope } from '../testing/replica.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import type { HttpClient } from '../testing/http-client.ts';

/**
 * A hand-written dataset, loaded through the ingestion path, and every dashboard metric worked
 * out by hand below. Store 1001 (保険薬局コード 4041100018):
 *
 *   date        sheet reception inst patient notebook visit  fee  medicines (class, qty, yen)   sales
 *   2026-04-01  P1    R1        X    A       1        再来   45   (3, 28, 280)                   730
 *   2026-04-01  P2    R1        X    A       1        再来   10   (2, 7, 700)                    800
 *   2026-04-01  P3    R2        Y    B       0        新規   45   (2, 10, 500)                   950
 *   2026-04-02  P4    R3        X    A       1        再来   45   (3, 14, 140) (2, 14, 1400)    1990
 *   2026-04-02  P5    R4        Z    C       -        新規   45   (1, 5, 250)                    700
 *   2026-03-31  P6    R5        Y    B       1        再来   45   (3, 30, 300)                   750
 *   2025-04-02  P7    R6        X    D       0        再来   45   (2, 20, 2000)                 2450
 *
 * Sales = fee points × 10 + medicine yen. P1 and P2 are two sheets of one reception.
 */
const INSTITUTIONS = {
  X: ['4011000011', 'Xクリニック'],
  Y: ['4011000029', 'Y内科医院'],
  Z: ['4011000037', 'Z整形外科'],
} as const;
const MEDICINES = { 1: '1149019F1011', 2: '2171022F1018', 3: '2171022F1093' } as const;

type Sheet = {
  date: string;
  reception: string;
  no: number;
  inst: keyof typeof INSTITUTIONS;
  patient: string;
  notebook: '1' | '0' | '';
  visit: '新規' | '再来';
  fee: number;
  medicines: [1 | 2 | 3, number, number][];
};
const SHEETS: Sheet[] = [
  {
    date: '2026-04-01',
    reception: 'R1',
    no: 1,
    inst: 'X',
    patient: 'A',
    notebook: '1',
    visit: '再来',
    fee: 45,
    medicines: [[3, 28, 280]],
  },
  {
    date: '2026-04-01',
    reception: 'R1',
    no: 2,
    inst: 'X',
    patient: 'A',
    notebook: '1',
    visit: '再来',
    fee: 10,
    medicines: [[2, 7, 700]],
  },
  {
    date: '2026-04-01',
    reception: 'R2',
    no: 1,
    inst: 'Y',
    patient: 'B',
    notebook: '0',
    visit: '新規',
    fee: 45,
    medicines: [[2, 10, 500]],
  },
  {
    date: '2026-04-02',
    reception: 'R3',
    no: 1,
    inst: 'X',
    patient: 'A',
    notebook: '1',
    visit: '再来',
    fee: 45,
    medicines: [
      [3, 14, 140],
      [2, 14, 1400],
    ],
  },
  {
    date: '2026-04-02',
    reception: 'R4',
    no: 1,
    inst: 'Z',
    patient: 'C',
    notebook: '',
    visit: '新規',
    fee: 45,
    medicines: [[1, 5, 250]],
  },
  {
    date: '2026-03-31',
    reception: 'R5',
    no: 1,
    inst: 'Y',
    patient: 'B',
    notebook: '1',
    visit: '再来',
    fee: 45,
    medicines: [[3, 30, 300]],
  },
  {
    date: '2025-04-02',
    reception: 'R6',
    no: 1,
    inst: 'X',
    patient: 'D',
    notebook: '0',
    visit: '再来',
    fee: 45,
    medicines: [[2, 20, 2000]],
  },
];

function csvLines(s: Sheet): string[] {
  const [code, name] = INSTITUTIONS[s.inst];
  const common = `4041100018,${s.date},09:00,${s.reception},${s.no},P-${s.patient},2,1950-01,,,社保,外来,${s.visit},${s.notebook},${code},${name},,内科,,`;
  return [
    `${common},FEE,120000110,調剤基本料,調剤基本料,${s.fee},1,,,`,
    ...s.medicines.map(
      ([cls, quantity, yen]) =>
        `${common},MEDICINE,${MEDICINES[cls]},薬${cls},,${yen / 10},1,${quantity},錠,${yen}`,
    ),
  ];
}

let t: TestApp;
let sysadmin: HttpClient;
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
  const reply = await uploadAs(t, '1001', SHEETS.flatMap(csvLines));
  expect(reply.body).toMatchObject({ status: 'loaded', prescriptionsLoaded: 7, rowsRefused: 0 });
  await replicaCaughtUp(t.app, t.db);
  // A system administrator may also call the development twins (/v2).
  sysadmin = t.client();
  await sysadmin.login('sysadmin@example.com');
});
afterAll(() => t.close());

type Expected = Record<(typeof DASHBOARD_METRIC_SLUGS)[number], (number | null)[]>;

async function dashboard(version: 'v2' | 'v3', query: Record<string, string>) {
  const out: Record<string, unknown> = {};
  for (const slug of DASHBOARD_METRIC_SLUGS) {
    const reply = await sysadmin.get(`/${version}/dashboard/${slug}?${new URLSearchParams(query)}`);
    expect(reply.status, slug).toBe(200);
    out[slug] = reply.body;
  }
  return out as Record<string, { source: Side; destination: Side; comparisonComplete: boolean }>;
}
type Side = { total: number | null; rows: { date: string; value: number | null }[] };

/** [total, ...bucket values] of one side for every metric. */
function side(
  result: Record<string, { source: Side; destination: Side; comparisonComplete: boolean }>,
  which: 'source' | 'destination',
) {
  return Object.fromEntries(
    DASHBOARD_METRIC_SLUGS.map((slug) => [
      slug,
      [result[slug]![which].total, ...result[slug]![which].rows.map((r) => r.value)],
    ]),
  );
}

// Base 2026-04-01..03, daily: [total, 04-01, 04-02, 04-03].
const BASE_DAILY: Expected = {
  dispensing_sales: [5170, 2480, 2690, 0],
  prescription_counts: [5, 3, 2, 0],
  prescription_unit_price: [1034, 827, 1345, null],
  patient_counts: [3, 2, 2, 0], // A, B, C over the period; not 2 + 2
  patient_unit_price: [1723, 1240, 1345, null],
  prescription_concentration_rates: [50, 50, 50, null], // X has R1 and R3 of 4 receptions
  prescription_concentration_rates_top3: [100, 100, 100, null],
  generic_dispensing_rates: [57.5, 62.2, 50, null], // 42 / 73, 28 / 45, 14 / 28
  medicine_note_rates: [66.7, 50, 100, null], // R1, R3 of R1, R2, R3 (R4 unknown)
  new_reception_counts: [2, 1, 1, 0],
  re_reception_counts: [2, 1, 1, 0],
};
// 2026-03-29..31, daily: only P6 on the 31st.
const PREVIOUS_PERIOD_DAILY: Expected = {
  dispensing_sales: [750, 0, 0, 750],
  prescription_counts: [1, 0, 0, 1],
  prescription_unit_price: [750, null, null, 750],
  patient_counts: [1, 0, 0, 1],
  patient_unit_price: [750, null, null, 750],
  prescription_concentration_rates: [100, null, null, 100],
  prescription_concentration_rates_top3: [100, null, null, 100],
  generic_dispensing_rates: [100, null, null, 100],
  medicine_note_rates: [100, null, null, 100],
  new_reception_counts: [0, 0, 0, 0],
  re_reception_counts: [1, 0, 0, 1],
};
// 2025-04-01..03, daily: only P7 on the 2nd.
const PREVIOUS_YEAR_DAILY: Expected = {
  dispensing_sales: [2450, 0, 2450, 0],
  prescription_counts: [1, 0, 1, 0],
  prescription_unit_price: [2450, null, 2450, null],
  patient_counts: [1, 0, 1, 0],
  patient_unit_price: [2450, null, 2450, null],
  prescription_concentration_rates: [100, null, 100, null],
  prescription_concentration_rates_top3: [100, null, 100, null],
  generic_dispensing_rates: [0, null, 0, null],
  medicine_note_rates: [0, null, 0, null],
  new_reception_counts: [0, 0, 0, 0],
  re_reception_counts: [1, 0, 1, 0],
};
// Base 2026-03-01..04-30, monthly: [total, 2026-03, 2026-04].
const BASE_MONTHLY: Expected = {
  dispensing_sales: [5920, 750, 5170],
  prescription_counts: [6, 1, 5],
  prescription_unit_price: [987, 750, 1034],
  patient_counts: [3, 1, 3],
  patient_unit_price: [1973, 750, 1723],
  prescription_concentration_rates: [40, 100, 50], // X 2, Y 2, Z 1 of 5 receptions
  prescription_concentration_rates_top3: [100, 100, 100],
  generic_dispensing_rates: [69.9, 100, 57.5], // 72 / 103
  medicine_note_rates: [75, 100, 66.7], // R1, R3, R5 of R1, R2, R3, R5
  new_reception_counts: [2, 0, 2],
  re_reception_counts: [3, 1, 2],
};
// 2025-03-01..04-30, monthly: only P7.
const PREVIOUS_YEAR_MONTHLY: Expected = {
  dispensing_sales: [2450, 0, 2450],
  prescription_counts: [1, 0, 1],
  prescription_unit_price: [2450, null, 2450],
  patient_counts: [1, 0, 1],
  patient_unit_price: [2450, null, 2450],
  prescription_concentration_rates: [100, null, 100],
  prescription_concentration_rates_top3: [100, null, 100],
  generic_dispensing_rates: [0, null, 0],
  medicine_note_rates: [0, null, 0],
  new_reception_counts: [0, 0, 0],
  re_reception_counts: [1, 0, 1],
};
// The 61 days before 2026-03-01 hold nothing: sums 0, rates and unit prices without a value.
const EMPTY_MONTHLY: Expected = {
  dispensing_sales: [0, 0, 0, 0],
  prescription_counts: [0, 0, 0, 0],
  prescription_unit_price: [null, null, null, null],
  patient_counts: [0, 0, 0, 0],
  patient_unit_price: [null, null, null, null],
  prescription_concentration_rates: [null, null, null, null],
  prescription_concentration_rates_top3: [null, null, null, null],
  generic_dispensing_rates: [null, null, null, null],
  medicine_note_rates: [null, null, null, null],
  new_reception_counts: [0, 0, 0, 0],
  re_reception_counts: [0, 0, 0, 0],
};

const CASES = [
  {
    name: 'daily axis, previous period',
    query: {
      baseFrom: '2026-04-01',
      baseTo: '2026-04-03',
      comparisonTargetFrom: '2026-03-29',
      comparisonTargetTo: '2026-03-31',
      periodCode: '3',
    },
    source: BASE_DAILY,
    destination: PREVIOUS_PERIOD_DAILY,
    comparisonComplete: true, // the store's facts run from 2025-04-02 to 2026-04-02
    dates: ['2026-04-01', '2026-04-02', '2026-04-03'],
  },
  {
    name: 'daily axis, previous year',
    query: {
      baseFrom: '2026-04-01',
      baseTo: '2026-04-03',
      comparisonTargetFrom: '2025-04-01',
      comparisonTargetTo: '2025-04-03',
      periodCode: '3',
    },
    source: BASE_DAILY,
    destination: PREVIOUS_YEAR_DAILY,
    comparisonComplete: false, // 2025-04-01 is before the store's first facts
    dates: ['2026-04-01', '2026-04-02', '2026-04-03'],
  },
  {
    name: 'monthly axis, previous year',
    query: {
      baseFrom: '2026-03-01',
      baseTo: '2026-04-30',
      comparisonTargetFrom: '2025-03-01',
      comparisonTargetTo: '2025-04-30',
      periodCode: '2',
    },
    source: BASE_MONTHLY,
    destination: PREVIOUS_YEAR_MONTHLY,
    comparisonComplete: false,
    dates: ['2026-03', '2026-04'],
  },
  {
    name: 'monthly axis, previous period',
    query: {
      baseFrom: '2026-03-01',
      baseTo: '2026-04-30',
      comparisonTargetFrom: '2025-12-30',
      comparisonTargetTo: '2026-02-28',
      periodCode: '2',
    },
    source: BASE_MONTHLY,
    destination: EMPTY_MONTHLY,
    comparisonComplete: true, // no sheets, but the store was open: a real zero
    dates: ['2026-03', '2026-04'],
  },
];

describe('dashboard metrics on a hand-computed dataset', () => {
  for (const c of CASES) {
    it(`${c.name}: every metric, total and buckets, v3 and v2`, async () => {
      for (const version of ['v3', 'v2'] as const) {
        const result = await dashboard(version, { ...c.query, storeCodes: '1001' });
        expect(side(result, 'source'), version).toEqual(c.source);
        expect(side(result, 'destination'), version).toEqual(c.destination);
        expect(result.dispensing_sales!.source.rows.map((r) => r.date)).toEqual(c.dates);
        for (const slug of DASHBOARD_METRIC_SLUGS) {
          expect(result[slug]!.comparisonComplete, `${version} ${slug}`).toBe(c.comparisonComplete);
        }
      }
    });
  }

  it('gives every weekday on the day-of-week axis', async () => {
    const reply = await sysadmin.get(
      `/v3/dashboard/prescription_counts?${new URLSearchParams({ ...CASES[2]!.query, periodCode: '4', storeCodes: '1001' })}`,
    );
    // 2026-03-31 is a Tuesday (P6), 04-01 a Wednesday (P1–P3), 04-02 a Thursday (P4, P5).
    expect(reply.body.source.rows).toEqual([
      { date: '月', value: 0 },
      { date: '火', value: 1 },
      { date: '水', value: 3 },
      { date: '木', value: 2 },
      { date: '金', value: 0 },
      { date: '土', value: 0 },
      { date: '日', value: 0 },
    ]);
  });
});

describe('the engine’s dimensions and filters on the same dataset', () => {
  const base = { from: '2026-04-01', to: '2026-04-03', axis: 3 as const };
  const scope = async () => ({ scope: await wholeScope(t.db, ['1001']) });
  const page = (family: AnalysisFamily) => analysisPageByFamily(family)!;
  const totals = (series: { name: string | null; total: number | null }[]) =>
    Object.fromEntries(series.map((s) => [s.name, s.total]));

  it('breaks metrics down by clinic, patient attributes, reception and insurance type', async () => {
    const q = { ...base, ...(await scope()) };
    expect(
      totals(await computeMetric(t.db, 'prescription_counts', { ...q, page: page('clinic') })),
    ).toEqual({
      Xクリニック: 3,
      Y内科医院: 1,
      Z整形外科: 1,
    });
    expect(
      totals(await computeMetric(t.db, 'patient_counts', { ...q, page: page('clinic') })),
    ).toEqual({
      Xクリニック: 1,
      Y内科医院: 1,
      Z整形外科: 1,
    });
    expect(
      totals(await computeMetric(t.db, 'dispensing_sales', { ...q, page: page('gender') })),
    ).toEqual({ 女性: 5170 });
    // Born 1950-01: 76 on the dispensing dates.
    expect(
      totals(await computeMetric(t.db, 'prescription_counts', { ...q, page: page('age') })),
    ).toEqual({ '70～79': 5 });
    expect(
      totals(
        await computeMetric(t.db, 'prescription_counts', { ...q, page: page('reception_type') }),
      ),
    ).toEqual({ 外来: 5 });
    expect(
      totals(
        await computeMetric(t.db, 'prescription_unit_price', {
          ...q,
          page: page('insurance_type'),
        }),
      ),
    ).toEqual({ 社保: 1034 });
    expect(
      totals(await computeMetric(t.db, 'generic_dispensing_rates', { ...q, page: page('clinic') })),
    ).toEqual({
      Xクリニック: 66.7, // 42 / 63
      Y内科医院: 0,
      Z整形外科: null, // class 1 only: no denominator
    });
    const bySlot = await computeMetric(t.db, 'prescription_counts', {
      ...q,
      page: page('timeslot'),
    });
    expect(bySlot.map((s) => [s.name, s.total, s.rows.map((r) => r.value)])).toEqual([
      ['09時台', 5, [3, 2, 0]],
    ]);
  });

  it('breaks line metrics down by medicine and fee item', async () => {
    const q = { ...base, ...(await scope()) };
    expect(
      totals(
        await computeMetric(t.db, 'medicine_price_amount', { ...q, page: page('medicine_fee') }),
      ),
    ).toEqual({
      薬1: 250,
      薬2: 2600,
      薬3: 420,
    });
    expect(
      totals(await computeMetric(t.db, 'counts', { ...q, page: page('medicine_fee') })),
    ).toEqual({
      薬1: 5,
      薬2: 31,
      薬3: 42,
    });
    expect(
      totals(
        await computeMetric(t.db, 'calculation_counts', {
          ...q,
          page: page('dispensing_technical_fee'),
        }),
      ),
    ).toEqual({
      調剤基本料: 5,
    });
  });

  it('filters by medical institution, reception type and generic class', async () => {
    const q = { ...base, ...(await scope()) };
    const sheets = async (filters: object) =>
      (await computeMetric(t.db, 'prescription_counts', { ...q, filters }))[0]!.total;
    expect(await sheets({ medicalInstitutions: ['4011000011'] })).toBe(3);
    expect(await sheets({ receptionTypes: ['在宅'] })).toBe(0);
    expect(await sheets({ receptionTypes: ['外来', '在宅'] })).toBe(5);
    // Spec filter value 4 is 後発医薬品 (class 3): sheets P1 and P4 hold one.
    expect(await sheets({ genericMedicine: [4] })).toBe(2);
    const quantity = await computeMetric(t.db, 'counts', {
      ...q,
      page: page('medicine_fee'),
      filters: { genericMedicine: [4] },
    });
    expect(quantity[0]!.total).toBe(42);
  });
});
