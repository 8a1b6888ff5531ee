import {
  CSV_COLUMNS,
  type DispensingCsvColumn,
  type PrescriberChangesResponse,
  type RetentionCohortsResponse,
  type RetentionOverdueResponse,
} from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMastersIfEmpty } from '../masters/seed-masters.ts';
import { changePeriods, prescriberChanges } from '../prescriber-changes/service.ts';
import { signInDemoMembers, type DemoMember } from '../testing/auth.ts';
import type { HttpClient } from '../testing/http-client.ts';
import { replicaCaughtUp, wholeScope } from '../testing/replica.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { uploadAs } from '../testing/upload.ts';
import { retentionCohorts, retentionOverdue } from './service.ts';

/**
 * Hand-made histories whose figures are worked out by hand (docs/metrics.md). Every sheet is a
 * 調剤基本料 of 100点 (1,000円) and one medicine of 2,000円: 3,000円 a sheet.
 */
interface Sheet {
  store: string;
  date: string;
  patient: string;
  /** 調剤日数 of the medicine line ('' when the file does not say). */
  days?: string;
  institution?: 'X' | 'Y' | 'P' | 'Q' | 'R' | 'S';
  time?: string;
}

const INSTITUTIONS = {
  X: ['4011000011', '天神内科クリニック'],
  Y: ['4011000029', '天神ビル眼科'],
  P: ['4011000037', '薬院整形外科'],
  Q: ['4011000045', '大名こどもクリニック'],
  R: ['4011000052', '赤坂皮膚科'],
  S: ['4011000060', '今泉耳鼻科'],
} as const;

const insuranceCodes = new Map<string, string>();
let receptions = 0;

function sheetLines(sheet: Sheet): string[] {
  const id = `RT-${(receptions += 1)}`;
  const [code, name] = INSTITUTIONS[sheet.institution ?? 'X'];
  const common: Partial<Record<DispensingCsvColumn, string>> = {
    pharmacy_code: insuranceCodes.get(sheet.store)!,
    dispensing_date: sheet.date,
    reception_time: sheet.time ?? '10:00',
    reception_id: id,
    prescription_no: '1',
    patient_id: sheet.patient,
    patient_birth_month: '1960-04',
    insurance_type: '社保',
    reception_type: '外来',
    institution_code: code,
    institution_name: name,
  };
  const lines: Partial<Record<DispensingCsvColumn, string>>[] = [
    {
      ...common,
      line_type: 'FEE',
      code: '120000110',
      name: '調剤基本料',
      category: '調剤基本料',
      points: '100',
      count: '1',
    },
    {
      ...common,
      line_type: 'MEDICINE',
      code: '2171022F1020',
      name: 'アムロジピン錠5mg',
      points: '200',
      count: '1',
      quantity: '28',
      amount: '2000',
      days: sheet.days ?? '',
    },
  ];
  return lines.map((values) => CSV_COLUMNS.map((column) => values[column] ?? '').join(','));
}

async function upload(sheets: readonly Sheet[]) {
  for (const store of new Set(sheets.map((s) => s.store))) {
    const lines = sheets.filter((s) => s.store === store).flatMap(sheetLines);
    const reply = await uploadAs(t, store, lines);
    expect(reply.body, store).toMatchObject({ status: 'loaded', rowsRefused: 0 });
  }
}

/**
 * Store 1001, new patients of January to June 2025 (judged on 2025-06-30):
 * A first 01-31, back 03-01 (29 days); B first 01-15, back 04-10 (85 days); C first 02-01, never
 * back; D first seen 2024-12-20 (no new patient in 2025); E first 06-10, back 06-20 (its 30 days
 * not over by 06-30); F two sheets on 01-05 (Y at 09:00 first, X at 10:00), back 07-15 (after
 * the period).
 */
const COHORT_SHEETS: Sheet[] = [
  { store: '1001', date: '2025-01-31', patient: 'RT-A' },
  { store: '1001', date: '2025-03-01', patient: 'RT-A' },
  { store: '1001', date: '2025-01-15', patient: 'RT-B' },
  { store: '1001', date: '2025-04-10', patient: 'RT-B' },
  { store: '1001', date: '2025-02-01', patient: 'RT-C' },
  { store: '1001', date: '2024-12-20', patient: 'RT-D' },
  { store: '1001', date: '2025-01-10', patient: 'RT-D' },
  { store: '1001', date: '2025-06-10', patient: 'RT-E' },
  { store: '1001', date: '2025-06-20', patient: 'RT-E' },
  { store: '1001', date: '2025-01-05', patient: 'RT-F', institution: 'Y', time: '09:00' },
  { store: '1001', date: '2025-01-05', patient: 'RT-F', institution: 'X', time: '10:00' },
  { store: '1001', date: '2025-07-15', patient: 'RT-F' },
];

/**
 * Store 1002, supply ends judged on 2025-03-31 with 14 days' grace:
 * G 2024-01-15 (out of the year), 2024-08-01, 2025-02-01 with 28 days: ends 03-01, 30 days over,
 *   6,000円 in the year → 500円 a month;
 * H 2024-12-10, 2025-01-10 (30 days), 2025-02-10 with 30 days from Y: ends 03-12, 19 days over,
 *   9,000円 → 750円;
 * K without days, visits 2024-12-13, 2025-01-10, 01-24, 02-14: intervals 28, 14, 21, median 21:
 *   ends 03-07, 24 days over, 12,000円 → 1,000円;
 * I 2025-03-03 with 14 days: ends 03-17, exactly 14 days: not over;
 * J 2025-02-01 with 14 days (ends 02-15), back on 03-02, one day after the grace, with 28 days:
 *   ends 03-30, not over;
 * L once, 2025-03-05, without days: not judged; M once, 2024-01-01, without days: outside.
 */
const OVERDUE_SHEETS: Sheet[] = [
  { store: '1002', date: '2024-01-15', patient: 'RT-G' },
  { store: '1002', date: '2024-08-01', patient: 'RT-G' },
  { store: '1002', date: '2025-02-01', patient: 'RT-G', days: '28' },
  { store: '1002', date: '2024-12-10', patient: 'RT-H', institution: 'Y' },
  { store: '1002', date: '2025-01-10', patient: 'RT-H', days: '30', institution: 'Y' },
  { store: '1002', date: '2025-02-10', patient: 'RT-H', days: '30', institution: 'Y' },
  { store: '1002', date: '2024-12-13', patient: 'RT-K' },
  { store: '1002', date: '2025-01-10', patient: 'RT-K' },
  { store: '1002', date: '2025-01-24', patient: 'RT-K' },
  { store: '1002', date: '2025-02-14', patient: 'RT-K' },
  { store: '1002', date: '2025-03-03', patient: 'RT-I', days: '14' },
  { store: '1002', date: '2025-02-01', patient: 'RT-J', days: '14' },
  { store: '1002', date: '2025-03-02', patient: 'RT-J', days: '28' },
  { store: '1002', date: '2025-03-05', patient: 'RT-L' },
  { store: '1002', date: '2024-01-01', patient: 'RT-M' },
];

/** `count` sheets of one institution at store 1003, one every `step` days from `from`. */
const run = (institution: Sheet['institution'], from: string, count: number, step = 1): Sheet[] =>
  Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.parse(`${from}T00:00:00Z`) + i * step * 86_400_000);
    const day = date.toISOString().slice(0, 10);
    return { store: '1003', date: day, patient: `RT-${institution}-${day}`, institution };
  });

/**
 * Store 1003, April to June 2025 (91 days) against April to June 2024 and January to March 2025:
 * P falls from 60 sheets (20 a month) to 30 (10 a month, every third day to 06-27), −50%; Q is first seen 05-01 (5 sheets);
 * R, regular (sheets 01-05, 02-05, 03-05, 04-10: three in the 90 days to its last), unseen for
 * 81 days by 06-30: lost; S goes from 3 sheets to 1, under the floor of 10 a month.
 */
const CHANGE_SHEETS: Sheet[] = [
  ...run('P', '2024-04-01', 60),
  ...run('P', '2025-04-01', 30, 3),
  ...run('Q', '2025-05-01', 5),
  ...['2025-01-05', '2025-02-05', '2025-03-05', '2025-04-10'].map((date) => ({
    store: '1003',
    date,
    patient: `RT-R-${date}`,
    institution: 'R' as const,
  })),
  ...run('S', '2024-05-01', 3),
  ...run('S', '2025-05-01', 1),
];

let t: TestApp;
let clients: Record<DemoMember, HttpClient>;

beforeAll(async () => {
  t = await startTestApp();
  await seedMastersIfEmpty(t.db);
  for (const store of await t.db
    .selectFrom('stores')
    .select(['store_code', 'insurance_institution_code'])
    .execute()) {
    insuranceCodes.set(store.store_code, store.insurance_institution_code!);
  }
  await upload([...COHORT_SHEETS, ...OVERDUE_SHEETS, ...CHANGE_SHEETS]);
  clients = await signInDemoMembers(t);
  await replicaCaughtUp(t.app, t.db);
}, 120_000);
afterAll(() => t.close());

const path = (base: string, query: Record<string, string>) =>
  `${base}?${new URLSearchParams(query)}`;
const COHORTS = { from: '2025-01-01', to: '2025-06-30', storeCodes: '1001' };
const OVERDUE = { from: '2025-03-01', to: '2025-03-31', storeCodes: '1002' };
const CHANGES = { from: '2025-04-01', to: '2025-06-30', storeCodes: '1003' };

describe('GET /v3/retention/cohorts', () => {
  let answer: RetentionCohortsResponse;
  beforeAll(async () => {
    const reply = await clients.admin.get<RetentionCohortsResponse>(
      path('/v3/retention/cohorts', { ...COHORTS, breakdown: 'institution' }),
    );
    expect(reply.status).toBe(200);
    answer = reply.body;
  });

  it('counts new patients by the month of their first visit, returns across month ends', () => {
    const rates = (name: string) =>
      answer.cohorts
        .find((c) => c.name === name)!
        .returns.map((r) => [r.eligible, r.returned, r.rate]);
    expect(answer.cohorts.map((c) => [c.name, c.patients])).toEqual([
      ['2025-01', 3],
      ['2025-02', 1],
      ['2025-03', 0],
      ['2025-04', 0],
      ['2025-05', 0],
      ['2025-06', 1],
    ]);
    // January: A back in 29 days, B in 85; nobody's 180 days are over by 06-30.
    expect(rates('2025-01')).toEqual([
      [3, 1, 33.3],
      [3, 2, 66.7],
      [0, 0, null],
    ]);
    expect(rates('2025-02')).toEqual([
      [1, 0, 0],
      [1, 0, 0],
      [0, 0, null],
    ]);
    // E's 30 days are not over on 06-30: its return is not yet counted.
    expect(rates('2025-06')).toEqual([
      [0, 0, null],
      [0, 0, null],
      [0, 0, null],
    ]);
    expect(answer.total.patients).toBe(5);
    expect(answer.total.returns.map((r) => r.rate)).toEqual([25, 50, null]);
  });

  it('fills the cohort table by calendar month since the first, blank past the period', () => {
    const january = answer.cohorts[0]!.monthsSince;
    expect(january.slice(0, 6)).toEqual([0, 33.3, 33.3, 0, 0, null]);
    expect(answer.cohorts[5]!.monthsSince[0]).toBeNull();
  });

  it('groups by the institution of the first sheet (the earliest reception that day)', () => {
    expect(answer.groups.map((g) => [g.name, g.patients])).toEqual([
      ['天神内科クリニック', 4],
      ['天神ビル眼科', 1],
    ]);
  });

  it('answers the same on the /v2 twin, and on the replica as on the system of record', async () => {
    const twin = await clients.sysadmin.get(
      path('/v2/retention/cohorts', { ...COHORTS, breakdown: 'institution' }),
    );
    expect(twin.body).toEqual(answer);
    const scope = await wholeScope(t.db, ['1001', '1002', '1003']);
    const replica = t.app.services.replica!.executor();
    for (const breakdown of ['store', 'institution', 'pharmacist', 'age'] as const) {
      const q = { ...COHORTS, breakdown };
      expect(await retentionCohorts(replica, scope, q), breakdown).toEqual(
        await retentionCohorts(t.db, scope, q),
      );
    }
  });
});

describe('GET /v3/retention/overdue', () => {
  let answer: RetentionOverdueResponse;
  beforeAll(async () => {
    const reply = await clients.admin.get<RetentionOverdueResponse>(
      path('/v3/retention/overdue', OVERDUE),
    );
    expect(reply.status).toBe(200);
    answer = reply.body;
  });

  it('lists the patients past their supply end and the grace, by pseudonym, largest first', () => {
    expect(
      answer.patients.map((p) => [
        p.pseudonym,
        p.lastVisit,
        p.supplyEnd,
        p.supplyBasis,
        p.daysOverdue,
        p.revenueAtRisk,
      ]),
    ).toEqual([
      ['RT-K', '2025-02-14', '2025-03-07', 'interval', 24, 1000],
      ['RT-H', '2025-02-10', '2025-03-12', 'days', 19, 750],
      ['RT-G', '2025-02-01', '2025-03-01', 'days', 30, 500],
    ]);
    expect(answer.patients[1]!.institutionName).toBe('天神ビル眼科');
  });

  it('adds up the revenue at risk by store, institution and month of the supply end', () => {
    expect(answer.total).toMatchObject({ patients: 3, revenueAtRisk: 2250 });
    expect(answer.byStore.map((s) => [s.key, s.patients, s.revenueAtRisk])).toEqual([
      ['1002', 3, 2250],
    ]);
    expect(answer.byInstitution.map((s) => [s.name, s.patients, s.revenueAtRisk])).toEqual([
      ['天神内科クリニック', 2, 1500],
      ['天神ビル眼科', 1, 750],
    ]);
    expect(answer.trend).toEqual([
      { key: '2025-03', name: '2025-03', patients: 3, revenueAtRisk: 2250 },
    ]);
    expect(answer.unjudged).toBe(1);
    expect(answer.byInterval).toBe(1);
  });

  it('a patient back one day after the grace is not overdue, nor before the grace ran out', async () => {
    const before = await clients.admin.get<RetentionOverdueResponse>(
      path('/v3/retention/overdue', { ...OVERDUE, from: '2025-02-01', to: '2025-03-01' }),
    );
    // On 03-01 J's supply (ended 02-15) is exactly 14 days over: not yet overdue.
    expect(before.body.patients.map((p) => p.pseudonym)).not.toContain('RT-J');
    expect(answer.patients.map((p) => p.pseudonym)).not.toContain('RT-J');
    const noGrace = await clients.admin.get<RetentionOverdueResponse>(
      path('/v3/retention/overdue', { ...OVERDUE, graceDays: '13' }),
    );
    // With 13 days' grace I's supply (ended 03-17) is 14 days over on 03-31.
    expect(noGrace.body.patients.map((p) => p.pseudonym)).toContain('RT-I');
  });

  it('answers the same on the /v2 twin and on the replica', async () => {
    const twin = await clients.sysadmin.get(path('/v2/retention/overdue', OVERDUE));
    expect(twin.body).toEqual(answer);
    const scope = await wholeScope(t.db, ['1001', '1002', '1003']);
    const replica = t.app.services.replica!.executor();
    for (const [from, to, graceDays] of [
      ['2024-01-01', '2025-12-31', 0],
      ['2025-02-01', '2025-04-30', 7],
      ['2025-03-01', '2025-03-31', 14],
    ] as const) {
      const q = { from, to, storeCodes: '', graceDays };
      expect(await retentionOverdue(replica, scope, q, Infinity)).toEqual(
        await retentionOverdue(t.db, scope, q, Infinity),
      );
    }
  });

  it('writes the CSV by pseudonym', async () => {
    const reply = await clients.admin.get<string>(path('/v3/csv/retention/overdue', OVERDUE));
    expect(reply.status).toBe(200);
    const lines = String(reply.body).replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(
      '"RT-K",1002,"はかた薬局 博多駅前店","2025-02-14","天神内科クリニック","2025-03-07","来局間隔",24,1000',
    );
  });
});

describe('GET /v3/prescriber_changes', () => {
  let answer: PrescriberChangesResponse;
  beforeAll(async () => {
    const reply = await clients.admin.get<PrescriberChangesResponse>(
      path('/v3/prescriber_changes', CHANGES),
    );
    expect(reply.status).toBe(200);
    answer = reply.body;
  });

  it('compares with the same period a year before and the period before', () => {
    expect(answer.periods).toEqual({
      current: { from: '2025-04-01', to: '2025-06-30' },
      yearAgo: { from: '2024-04-01', to: '2024-06-30' },
      previous: { from: '2025-01-01', to: '2025-03-31' },
    });
  });

  it('names a falling institution, a new one and a lost one; one under the floor is no news', () => {
    const changes = answer.stores[0]!.changes;
    expect(changes.map((c) => [c.kind, c.institutionName])).toEqual([
      ['falling', '薬院整形外科'],
      ['lost', '赤坂皮膚科'],
      ['new', '大名こどもクリニック'],
    ]);
    const falling = changes[0]!;
    expect(falling).toMatchObject({
      current: { sheets: 30, salesYen: 90_000 },
      yearAgo: { sheets: 60, salesYen: 180_000 },
      previous: { sheets: 0, salesYen: 0 },
      perMonth: { current: 10, yearAgo: 20 },
      changeYearAgo: -50,
      changePrevious: null,
    });
    expect(changes[1]!.lastSeen).toBe('2025-04-10');
    expect(changes[2]!.current.sheets).toBe(5);
  });

  it('writes the notices as the dashboard and the mail show them', () => {
    expect(answer.notices.map((n) => n.text)).toEqual([
      '薬院整形外科からの処方箋が前年同期比 −50%（月20枚→10枚）',
      '赤坂皮膚科からの処方箋が81日間ありません（最終 2025-04-10）',
    ]);
  });

  it('answers the same on the /v2 twin and on the replica', async () => {
    const twin = await clients.sysadmin.get(path('/v2/prescriber_changes', CHANGES));
    expect(twin.body).toEqual(answer);
    const scope = await wholeScope(t.db, ['1001', '1002', '1003']);
    const stores = await t.db
      .selectFrom('stores')
      .select(['id', 'store_code as storeCode', 'name'])
      .where('id', 'in', [...scope.storeIds])
      .orderBy('store_code')
      .execute();
    const replica = t.app.services.replica!.executor();
    for (const [from, to, floor] of [
      ['2025-04-01', '2025-06-30', 1],
      ['2025-01-01', '2025-06-30', 10],
      ['2024-04-01', '2025-03-31', 3],
    ] as const) {
      const q = { from, to, floor };
      const none = async () => ({ openings: [], closings: [] });
      expect(changePeriods({ from, to }).current).toEqual({ from, to });
      expect(await prescriberChanges(replica, scope, q, stores, none)).toEqual(
        await prescriberChanges(t.db, scope, q, stores, none),
      );
    }
  });
});

describe('access', () => {
  it('a role user sees its stores only; the basic plan is refused', async () => {
    const own = await clients.user.get(path('/v3/retention/overdue', OVERDUE));
    expect(own.status).toBe(200);
    const other = await clients.user.get(path('/v3/prescriber_changes', CHANGES));
    expect(other.status).toBe(403);
    const basic = await clients.basic.get(path('/v3/retention/cohorts', COHORTS));
    expect(basic.status).toBe(403);
    const twin = await clients.admin.get(path('/v2/retention/cohorts', COHORTS));
    expect(twin.status).toBe(403);
  });
});
