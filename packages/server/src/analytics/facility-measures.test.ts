import { CSV_COLUMNS, type DispensingCsvColumn } from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupScope } from '../access/analysis-scope.ts';
import {
  buildingsOf,
  deleteGroupOutsideStores,
  deleteSameBuildingGroup,
  listGroupOutsideStores,
  listSameBuildingGroups,
  saveGroupOutsideStores,
  saveSameBuildingGroup,
} from '../facility-standards/index.ts';
import { adminOf } from '../testing/auth.ts';
import { replicaCaughtUp, wholeScope } from '../testing/replica.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { uploadAs } from '../testing/upload.ts';
import { computeFacilityMeasures, computeGroupTotals } from './facility-measures.ts';

/**
 * A hand-made file per store, loaded through the ingestion path. Store 1001, April 2026, one
 * sheet per reception unless said (A–E are institutions; fees besides 調剤基本料 in brackets):
 *
 *   R01 A              counted          R10 C 在宅 [訪問 単一建物２～９人]  left out
 *   R02 A              counted          R11 C 在宅 [訪問 単一建物１人]      counted
 *   R03 A              counted          R12 C 在宅 (no visit fee)           left out
 *   R04 A [時間外加算]   left out         R13 D                               counted
 *   R05 A [夜間・休日等加算] left out     R14 D [休日加算]                    left out
 *   R06 B              counted          R15 E 労災                          left out
 *   R07 B              counted          R16 E [深夜加算]                    left out
 *   R08 B two sheets, the second [調剤管理料時間外加算]: left out   R17 E   counted
 *   R18 D 分割調剤 only, no 調剤基本料      left out          R19 D 服薬情報等提供料 only  left out
 *
 * 19 receptions, 9 on the 施設基準 basis: A 3, B 2, C 2, D 1, E 1.
 * Store 1001 also has one reception of A in March and two in May; store 1002 has in April A, B
 * and B [時間外加算] (2 of 3 counted), in May one of C, and in June three residents of a care home
 * sent by A [服薬管理指導料３], one of B and one of C.
 *
 * Medicine lines of 1001 (規格単位数量 by MHLW class; 漢方 is class 2 but 薬効 520, left out;
 * "?" is not in the master):
 *   2026-02  class 3: 60, class 2: 40
 *   2026-03  class 3: 30, class 2: 70
 *   2026-04  class 3: 90, class 2: 10, class 1: 50, 漢方: 100, ?: 50
 *   2026-05  class 3: 20, class 1: 20
 */
const INSTITUTIONS = {
  A: ['4011000011', '天神内科クリニック'],
  B: ['4011000029', '天神ビル眼科'],
  C: ['4011000037', '天神ビル整形外科'],
  D: ['4011000045', '大名皮膚科'],
  E: ['4011000052', 'さくら通り耳鼻科'],
} as const;
type Institution = keyof typeof INSTITUTIONS;

const MEDICINES = {
  class1: ['1149019F1011', 1],
  class2: ['2171022F1018', 2],
  class3: ['2171022F1093', 3],
  kampo: ['5200013D1010', 2],
  unknown: ['3999001F1010', null],
} as const;
type Medicine = keyof typeof MEDICINES;

type Fee = [name: string, category: string];
const TIME_OUTSIDE: Fee = ['時間外加算', '調剤基本料加算'];
const NIGHT_HOLIDAY: Fee = ['夜間・休日等加算', '調剤基本料加算'];
const HOLIDAY: Fee = ['休日加算', '調剤基本料加算'];
const LATE_NIGHT: Fee = ['深夜加算', '調剤基本料加算'];
const MANAGEMENT_TIME_OUTSIDE: Fee = ['調剤管理料時間外加算', '薬学管理料加算'];
const VISIT_SEVERAL: Fee = ['在宅患者訪問薬剤管理指導料（単一建物患者２～９人）', '薬学管理料'];
const VISIT_ONE: Fee = ['在宅患者訪問薬剤管理指導料（単一建物患者１人）', '薬学管理料'];
const SPLIT_FOLLOW_UP: Fee = ['分割調剤（長期保存困難等）', '調剤基本料'];
const INFORMATION: Fee = ['服薬情報等提供料２', '薬学管理料'];
const FACILITY_RESIDENT: Fee = ['服薬管理指導料３', '薬学管理料'];

interface Sheet {
  date: string;
  reception: string;
  no?: number;
  inst: Institution;
  type?: '外来' | '在宅';
  insurance?: string;
  fees?: Fee[];
  /** False for a reception without 調剤基本料 (分割調剤 2回目以降, 服薬情報等提供料 only). */
  basicFee?: false;
  medicines?: [Medicine, number][];
}

function lines(pharmacyCode: string, s: Sheet): string[] {
  const common: Partial<Record<DispensingCsvColumn, string>> = {
    pharmacy_code: pharmacyCode,
    dispensing_date: s.date,
    reception_time: '10:00',
    reception_id: s.reception,
    prescription_no: String(s.no ?? 1),
    patient_id: `P-${s.reception}`,
    insurance_type: s.insurance ?? '社保',
    reception_type: s.type ?? '外来',
    institution_code: INSTITUTIONS[s.inst][0],
    institution_name: INSTITUTIONS[s.inst][1],
  };
  const row = (values: Partial<Record<DispensingCsvColumn, string>>) =>
    CSV_COLUMNS.map((c) => ({ ...common, ...values })[c] ?? '').join(',');
  const fee = ([name, category]: Fee, i: number) =>
    row({
      line_type: 'FEE',
      code: `45000${String(i).padStart(4, '0')}`,
      name,
      category,
      points: '40',
      count: '1',
    });
  return [
    ...(s.basicFee === false ? [] : [fee(['調剤基本料１', '調剤基本料'], 0)]),
    ...(s.fees ?? []).map((f, i) => fee(f, i + 1)),
    ...(s.medicines ?? []).map(([m, quantity]) =>
      row({
        line_type: 'MEDICINE',
        code: MEDICINES[m][0],
        name: m,
        points: '10',
        count: '1',
        quantity: String(quantity),
        unit: '錠',
      }),
    ),
  ];
}

const APRIL = '2026-04-10';
const STORE_1001: Sheet[] = [
  {
    date: '2026-02-10',
    reception: 'F1',
    inst: 'A',
    medicines: [
      ['class3', 60],
      ['class2', 40],
    ],
  },
  {
    date: '2026-03-10',
    reception: 'M1',
    inst: 'A',
    medicines: [
      ['class3', 30],
      ['class2', 70],
    ],
  },
  {
    date: APRIL,
    reception: 'R01',
    inst: 'A',
    medicines: [
      ['class3', 90],
      ['class2', 10],
      ['class1', 50],
      ['kampo', 100],
      ['unknown', 50],
    ],
  },
  { date: APRIL, reception: 'R02', inst: 'A' },
  { date: APRIL, reception: 'R03', inst: 'A' },
  { date: APRIL, reception: 'R04', inst: 'A', fees: [TIME_OUTSIDE] },
  { date: APRIL, reception: 'R05', inst: 'A', fees: [NIGHT_HOLIDAY] },
  { date: APRIL, reception: 'R06', inst: 'B' },
  { date: APRIL, reception: 'R07', inst: 'B' },
  { date: APRIL, reception: 'R08', inst: 'B' },
  { date: APRIL, reception: 'R08', no: 2, inst: 'B', fees: [MANAGEMENT_TIME_OUTSIDE] },
  { date: APRIL, reception: 'R09', inst: 'C' },
  { date: APRIL, reception: 'R10', inst: 'C', type: '在宅', fees: [VISIT_SEVERAL] },
  { date: APRIL, reception: 'R11', inst: 'C', type: '在宅', fees: [VISIT_ONE] },
  { date: APRIL, reception: 'R12', inst: 'C', type: '在宅' },
  { date: APRIL, reception: 'R13', inst: 'D' },
  { date: APRIL, reception: 'R14', inst: 'D', fees: [HOLIDAY] },
  { date: APRIL, reception: 'R15', inst: 'E', insurance: '労災' },
  { date: APRIL, reception: 'R16', inst: 'E', fees: [LATE_NIGHT] },
  { date: APRIL, reception: 'R17', inst: 'E' },
  { date: APRIL, reception: 'R18', inst: 'D', basicFee: false, fees: [SPLIT_FOLLOW_UP] },
  { date: APRIL, reception: 'R19', inst: 'D', basicFee: false, fees: [INFORMATION] },
  { date: '2026-05-10', reception: 'Y1', inst: 'A', medicines: [['class3', 20]] },
  { date: '2026-05-11', reception: 'Y2', inst: 'A', medicines: [['class1', 20]] },
];
const JUNE = '2026-06-10';
const STORE_1002: Sheet[] = [
  { date: APRIL, reception: 'S1', inst: 'A' },
  { date: APRIL, reception: 'S2', inst: 'B' },
  { date: APRIL, reception: 'S3', inst: 'B', fees: [TIME_OUTSIDE] },
  { date: '2026-05-10', reception: 'S4', inst: 'C' },
  { date: JUNE, reception: 'H1', inst: 'A', fees: [FACILITY_RESIDENT] },
  { date: JUNE, reception: 'H2', inst: 'A', fees: [FACILITY_RESIDENT] },
  { date: JUNE, reception: 'H3', inst: 'A', fees: [FACILITY_RESIDENT] },
  { date: JUNE, reception: 'S5', inst: 'B' },
  { date: JUNE, reception: 'S6', inst: 'C' },
];

let t: TestApp;
let corporationId: number;
let storeIds: Record<string, number>;
beforeAll(async () => {
  t = await startTestApp();
  await t.db
    .insertInto('medicine_master')
    .values(
      Object.entries(MEDICINES)
        .filter(([, [, cls]]) => cls !== null)
        .map(([name, [yj, cls]], i) => ({
          code: `62000000${i}`,
          yj_code: yj,
          name,
          unit: '錠',
          price: 10,
          generic_class: cls,
        })),
    )
    .execute();
  const stores = await t.db
    .selectFrom('stores')
    .select(['id', 'store_code', 'insurance_institution_code', 'corporation_id'])
    .where('store_code', 'in', ['1001', '1002'])
    .execute();
  storeIds = Object.fromEntries(stores.map((s) => [s.store_code, s.id]));
  corporationId = stores[0]!.corporation_id;
  for (const [code, sheets] of [
    ['1001', STORE_1001],
    ['1002', STORE_1002],
  ] as const) {
    const pharmacyCode = stores.find((s) => s.store_code === code)!.insurance_institution_code!;
    const reply = await uploadAs(
      t,
      code,
      sheets.flatMap((s) => lines(pharmacyCode, s)),
    );
    expect(reply.body).toMatchObject({ status: 'loaded', rowsRefused: 0 });
  }
  await replicaCaughtUp(t.app, t.db);
});
afterAll(() => t.close());

const RANGE = { fromMonth: '2026-03', toMonth: '2026-05' };
const institution = (k: Institution) => ({ key: INSTITUTIONS[k][0], name: INSTITUTIONS[k][1] });
const A = institution('A');
const B = institution('B');
const C = institution('C');

async function measures(buildings: Awaited<ReturnType<typeof buildingsOf>>) {
  const scope = await wholeScope(t.db, ['1001', '1002']);
  const query = { scope, ...RANGE, buildings };
  const onRecords = await computeFacilityMeasures(t.db, query);
  const onReplica = await computeFacilityMeasures(t.app.services.replica!.executor(), query);
  expect(onReplica).toEqual(onRecords);
  const byCell = new Map(onRecords.map((m) => [`${m.storeId} ${m.month}`, m]));
  return (store: string, month: string) => byCell.get(`${storeIds[store]} ${month}`)!;
}

describe('施設基準 measures per store and month', () => {
  it('counts receptions on the 施設基準 basis, leaving out time-band additions, 在宅 and 労災', async () => {
    const at = await measures(new Map());
    expect(at('1001', '2026-04')).toMatchObject({
      receptions: 19,
      standardReceptions: 9,
      topInstitution: { ...A, receptions: 3 },
      top3Receptions: 7, // A 3, B 2, C 2
      concentrationRate: 300 / 9,
      top3ConcentrationRate: 700 / 9,
    });
    expect(at('1001', '2026-03')).toMatchObject({
      receptions: 1,
      standardReceptions: 1,
      concentrationRate: 100,
    });
    expect(at('1001', '2026-05')).toMatchObject({
      receptions: 2,
      standardReceptions: 2,
      topInstitution: { ...A, receptions: 2 },
    });
    // A and B with one reception each: the tie goes to the lower code.
    expect(at('1002', '2026-04')).toMatchObject({
      receptions: 3,
      standardReceptions: 2,
      topInstitution: { ...A, receptions: 1 },
      top3Receptions: 2,
      concentrationRate: 50,
      top3ConcentrationRate: 100,
    });
    expect(at('1002', '2026-03')).toMatchObject({
      receptions: 0,
      standardReceptions: 0,
      topInstitution: null,
      concentrationRate: null,
      top3ConcentrationRate: null,
      genericShare: null,
      cutoffShare: null,
      genericShare3Months: null,
    });
  });

  it('counts the institutions an administrator marks as one building as one', async () => {
    const id = await saveSameBuildingGroup(t.db, corporationId, {
      name: '天神メディカルビル',
      institutionCodes: [B.key, C.key, '4019999999'],
    });
    const at = await measures(await buildingsOf(t.db, corporationId));
    const building = { key: `building:${id}`, name: '天神メディカルビル' };
    // B 2 + C 2 = 4, then A 3, D 1, E 1.
    expect(at('1001', '2026-04')).toMatchObject({
      standardReceptions: 9,
      topInstitution: { ...building, receptions: 4 },
      top3Receptions: 8,
      concentrationRate: 400 / 9,
      top3ConcentrationRate: 800 / 9,
    });
    expect(at('1002', '2026-04')).toMatchObject({ topInstitution: { ...A, receptions: 1 } });
    expect(at('1002', '2026-05')).toMatchObject({
      topInstitution: { ...building, receptions: 1 },
    });
    await deleteSameBuildingGroup(t.db, corporationId, id);
    expect(await listSameBuildingGroups(t.db, corporationId)).toEqual([]);
  });

  it('takes the generic share and the cut-off by quantity, monthly and over three months', async () => {
    const at = await measures(new Map());
    expect(at('1001', '2026-03')).toMatchObject({
      genericQuantity: 30,
      eligibleQuantity: 100,
      totalQuantity: 100,
      genericShare: 30,
      cutoffShare: 100,
      genericShare3Months: 45, // (60 + 30) / (100 + 100), February included
      cutoffShare3Months: 100,
    });
    // 漢方 left out; the unknown medicine only in the cut-off's denominator.
    expect(at('1001', '2026-04')).toMatchObject({
      genericQuantity: 90,
      eligibleQuantity: 100,
      totalQuantity: 200,
      genericShare: 90,
      cutoffShare: 50,
      genericShare3Months: 60, // 180 / 300
      cutoffShare3Months: 75, // 300 / 400
    });
    expect(at('1001', '2026-05')).toMatchObject({
      genericShare: 100,
      cutoffShare: 50,
      genericShare3Months: 14000 / 220, // (30 + 90 + 20) / (100 + 100 + 20)
      cutoffShare3Months: 22000 / 340, // 220 / (100 + 200 + 40)
    });
  });
});

describe('facility residents (R8)', () => {
  it('stay in the receptions and leave the 集中率, numerator and denominator', async () => {
    const scope = await wholeScope(t.db, ['1002']);
    const query = { scope, fromMonth: '2026-06', toMonth: '2026-06', buildings: new Map() };
    const onRecords = await computeFacilityMeasures(t.db, query);
    const onReplica = await computeFacilityMeasures(t.app.services.replica!.executor(), query);
    expect(onReplica).toEqual(onRecords);
    // A sent three residents (服薬管理指導料３): without them B and C share the 集中率's two.
    expect(onRecords[0]).toMatchObject({
      month: '2026-06',
      receptions: 5,
      standardReceptions: 5,
      topInstitution: { ...B, receptions: 1 },
      concentrationRate: 50,
      top3ConcentrationRate: 100,
    });
  });
});

describe('same-building groups', () => {
  it('moves an institution to the building it is saved with last', async () => {
    const first = await saveSameBuildingGroup(t.db, corporationId, {
      name: '駅前ビル',
      institutionCodes: [A.key, B.key],
    });
    const second = await saveSameBuildingGroup(t.db, corporationId, {
      name: '天神ビル',
      institutionCodes: [B.key, C.key],
    });
    expect(await listSameBuildingGroups(t.db, corporationId)).toEqual([
      { id: second, name: '天神ビル', kind: 'building', institutionCodes: [B.key, C.key] },
      { id: first, name: '駅前ビル', kind: 'building', institutionCodes: [A.key] },
    ]);
    await deleteSameBuildingGroup(t.db, corporationId, first);
    await deleteSameBuildingGroup(t.db, corporationId, second);
  });
});

describe('group totals', () => {
  it('sums the corporation’s stores per month and adds the outside figure in force', async () => {
    await saveGroupOutsideStores(t.db, corporationId, {
      effectiveMonth: '2026-04',
      receptionsPerMonth: 40_000,
      storeCount: 12,
    });
    await saveGroupOutsideStores(t.db, corporationId, {
      effectiveMonth: '2026-05',
      receptionsPerMonth: 41_000,
      storeCount: 13,
    });
    const outside = await listGroupOutsideStores(t.db, corporationId);
    expect(outside.map((f) => f.effectiveMonth)).toEqual(['2026-04', '2026-05']);
    const scope = await groupScope(t.db, adminOf(corporationId));
    const query = { scope, ...RANGE, buildings: new Map(), outside };
    const totals = await computeGroupTotals(t.db, query);
    expect(await computeGroupTotals(t.app.services.replica!.executor(), query)).toEqual(totals);
    expect(totals).toEqual([
      {
        month: '2026-03',
        storeReceptions: 1,
        storeCount: 1,
        outsideReceptions: 0,
        outsideStoreCount: 0,
        receptions: 1,
        stores: 1,
        sameTopInstitution: [{ ...A, stores: 1, receptions: 1 }],
      },
      {
        month: '2026-04',
        storeReceptions: 11, // 1001: 9, 1002: 2
        storeCount: 2,
        outsideReceptions: 40_000,
        outsideStoreCount: 12,
        receptions: 40_011,
        stores: 14,
        // Both stores have A at the top (1002 by the tie with B).
        sameTopInstitution: [{ ...A, stores: 2, receptions: 11 }],
      },
      {
        month: '2026-05',
        storeReceptions: 3, // 1001: 2, 1002: 1
        storeCount: 2,
        outsideReceptions: 41_000,
        outsideStoreCount: 13,
        receptions: 41_003,
        stores: 15,
        sameTopInstitution: [
          { ...A, stores: 1, receptions: 2 },
          { ...C, stores: 1, receptions: 1 },
        ],
      },
    ]);
    // A and C in one building: in May both stores have it at the top.
    const building = { key: 'building:1', name: '天神西ビル' };
    const merged = await computeGroupTotals(t.db, {
      ...query,
      buildings: new Map([A.key, C.key].map((code) => [code, building])),
    });
    expect(merged[2]!.sameTopInstitution).toEqual([{ ...building, stores: 2, receptions: 3 }]);
    expect(await deleteGroupOutsideStores(t.db, corporationId, '2026-05')).toBe(true);
    expect(await listGroupOutsideStores(t.db, corporationId)).toHaveLength(1);
  });
});

describe('over HTTP', () => {
  it("answers the measures of the member's stores with their codes, buildings merged", async () => {
    const admin = t.client();
    await admin.login('admin@example.com');
    const put = await admin.request('PUT', '/v3/facility_standards/buildings', {
      body: { name: '天神メディカルビル', institutionCodes: [B.key, C.key] },
    });
    expect(put.status).toBe(200);
    const reply = await admin.get(
      '/v3/facility_standards/measures?fromMonth=2026-04&toMonth=2026-04&storeCodes=1001',
    );
    expect(reply.status).toBe(200);
    expect(reply.body.measures).toHaveLength(1);
    expect(reply.body.measures[0]).toMatchObject({
      storeCode: '1001',
      month: '2026-04',
      receptions: 19,
      standardReceptions: 9,
      topInstitution: { key: `building:${put.body.id}`, receptions: 4 },
      concentrationRate: 400 / 9,
      genericShare: 90,
      genericShare3Months: 60,
    });
    const removed = await admin.request(
      'DELETE',
      `/v3/facility_standards/buildings/${put.body.id}`,
    );
    expect(removed.status).toBe(204);
    const after = await admin.get(
      '/v3/facility_standards/measures?fromMonth=2026-04&toMonth=2026-04&storeCodes=1001',
    );
    expect(after.body.measures[0].topInstitution).toEqual({ ...A, receptions: 3 });
  });

  it('keeps a 医療モール as a kind of building, counted as one for every store', async () => {
    const admin = t.client();
    await admin.login('admin@example.com');
    const put = await admin.request('PUT', '/v3/facility_standards/buildings', {
      body: { name: '天神メディカルモール', kind: 'mall', institutionCodes: [A.key, B.key] },
    });
    expect(put.status).toBe(200);
    const listed = await admin.get('/v3/facility_standards/buildings');
    expect(listed.body.buildings).toEqual([
      {
        id: put.body.id,
        name: '天神メディカルモール',
        kind: 'mall',
        institutionCodes: [A.key, B.key],
      },
    ]);
    // Store 1002 is outside the mall; its A and B of April count as one there too.
    const reply = await admin.get(
      '/v3/facility_standards/measures?fromMonth=2026-04&toMonth=2026-04&storeCodes=1002',
    );
    expect(reply.body.measures[0].topInstitution).toMatchObject({
      key: `building:${put.body.id}`,
      name: '天神メディカルモール',
      receptions: 2,
    });
    const kinds = await admin.request('PUT', '/v3/facility_standards/buildings', {
      body: { name: '天神メディカルモール', kind: 'hospital', institutionCodes: [B.key] },
    });
    expect(kinds.status).toBe(400);
    await admin.request('DELETE', `/v3/facility_standards/buildings/${put.body.id}`);
  });

  it('refuses bad months and bad entries with their messages', async () => {
    const admin = t.client();
    await admin.login('admin@example.com');
    const reversed = await admin.get(
      '/v3/facility_standards/measures?fromMonth=2026-05&toMonth=2026-04&storeCodes=1001',
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors).toEqual([
      { path: 'toMonth', message: '開始月は終了月より後には設定できません' },
    ]);
    const long = await admin.get(
      '/v3/facility_standards/group_totals?fromMonth=2023-01&toMonth=2026-01',
    );
    expect(long.body.errors).toEqual([
      { path: 'toMonth', message: '選択できる期間は36か月までです' },
    ]);
    const building = await admin.request('PUT', '/v3/facility_standards/buildings', {
      body: { name: ' ', institutionCodes: ['401100001'] },
    });
    expect(building.body.errors).toEqual([
      { path: 'name', message: '建物名を入力してください' },
      { path: 'institutionCodes.0', message: '医療機関コードは10桁の半角数字で入力してください' },
    ]);
    const outside = await admin.request('PUT', '/v3/facility_standards/outside_stores', {
      body: { effectiveMonth: '2026-13', receptionsPerMonth: -1, storeCount: 1.5 },
    });
    expect(outside.body.errors).toEqual([
      { path: 'effectiveMonth', message: '年月はyyyy-MM形式で指定してください' },
      { path: 'receptionsPerMonth', message: '受付回数は0以上の整数で入力してください' },
      { path: 'storeCount', message: '店舗数は0から100000までの整数で入力してください' },
    ]);
  });

  it('adds the outside figure entered over HTTP to the group totals', async () => {
    const admin = t.client();
    await admin.login('admin@example.com');
    const put = await admin.request('PUT', '/v3/facility_standards/outside_stores', {
      body: { effectiveMonth: '2026-05', receptionsPerMonth: 500, storeCount: 3 },
    });
    expect(put.status).toBe(204);
    const reply = await admin.get(
      '/v3/facility_standards/group_totals?fromMonth=2026-05&toMonth=2026-05',
    );
    expect(reply.status).toBe(200);
    // The April figure (40,000 and 12) left by the test above is replaced from May on.
    expect(reply.body.months).toEqual([
      {
        month: '2026-05',
        storeReceptions: 3,
        storeCount: 2,
        outsideReceptions: 500,
        outsideStoreCount: 3,
        receptions: 503,
        stores: 5,
        sameTopInstitution: [
          { ...A, stores: 1, receptions: 2 },
          { ...C, stores: 1, receptions: 1 },
        ],
      },
    ]);
  });
});
