import {
  analysisChartPath,
  analysisExportFileName,
  analysisCsvPath,
  ANALYSIS_PAGES,
  CSV_COLUMNS,
  csvNumber,
  formatMetricCsv,
  metricBySlug,
  route,
  type AnalysisFamily,
  type AnalysisSeries,
  type CsvNumberText,
  type DispensingCsvColumn,
  type MetricSlug,
} from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../testing/http-client.ts';
import { enginesDisagree, replicaCaughtUp } from '../testing/replica.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { uploadAs } from '../testing/upload.ts';

/**
 * A hand-written dataset for the analysis pages, loaded through the ingestion path, and every
 * page × metric worked out by hand below. Two stores of the test corporation: 1001 はかた薬局 天神店
 * (保険薬局コード 4041100018) and 1002 はかた薬局 博多駅前店 (4041100026).
 *
 *   sheet store date   time  rcp#no pat inst doctor      dept     pharm  tech mgmt  med   mat  sales
 *   S01   1001  04-06  09:15 R1#1   A   C1   山本 一郎   内科     田中   127  111   4920  1260  8560
 *   S02   1001  04-06  09:15 R1#2   A   C1   山本 一郎   内科     田中    32   28    420     0  1020
 *   S03   1001  04-06  14:30 R2#1   B   C3   山本 一郎   整形外科 鈴木    87   63    720     0  2220
 *   S04   1002  04-07  14:05 R1#1   D   C2   佐藤 花子   内科     鈴木   117  119    280     0  2640
 *   S05   1002  04-07  -     R2#1   C   C2   -           -        -      109   87    420     0  2380
 *   S06   1001  05-11  09:40 R1#1   A   C1   山本 一郎   内科     田中   127  110   4920  1190  8480
 *   S07   1001  05-11  09:40 R1#2   A   C3   山本 一郎   整形外科 田中    78   49    720     0  1990
 *   S08   1001  05-11  14:50 R2#1   E   C1   山本 一郎   内科     田中   148  770   1120     0 10300
 *   S09   1002  05-12  14:10 R1#1   B   C3   山本 一郎   整形外科 鈴木    87   63    720     0  2220
 *   S10   1002  05-12  14:20 R2#1   D   C2   佐藤 花子   内科     鈴木   117  105    280     0  2500
 *
 * All dates are in 2026; tech / mgmt are the 調剤技術料 / 薬学管理料 points, med / mat the yen of
 * the medicine and material lines; sales = (tech + mgmt) × 10 + med + mat. S08 is 在宅, the rest
 * 外来. C1 さくら内科クリニック 4011000011 and C2 さくら内科クリニック 4011000029 share a name;
 * C3 is みどり整形外科 4011000037, where another 山本 一郎 prescribes. S01+S02 are one reception
 * (two sheets of one clinic); S06 and S07 share a reception number but come from two clinics, so
 * they are two receptions (the second 調剤基本料 at 80/100: 36 points). Receptions: 1001 has
 * five, 1002 four.
 *
 *   patient gender birth    insurance zip      address (geocoded to 市区町村 + 町域)   receptions
 *   A       女性   1950-03  後期高齢  810-0001 福岡県福岡市中央区天神二丁目             3 (all 1001)
 *   B       男性   1956-05  国保      812-0011 福岡県福岡市博多区博多駅前三丁目         2 (1001, 1002)
 *   C       -      -        社保      -        -                                        1
 *   D       女性   1990-08  社保      810-0022 福岡県福岡市中央区薬院一丁目             2
 *   E       男性   1940-05  後期高齢  816-0861 福岡県春日市岡本一丁目                   1
 *
 * B is 69 on 04-06 and 70 on 05-12, so B's sheets fall in two age bands. お薬手帳: shown on every
 * reception but B's at S03 (not shown) and C's (unknown).
 *
 * Medicine lines (generic class, quantity, yen), M1 an insulin pen, M2 a 向精神薬 tablet, M3 a
 * generic tablet, M4 a generic tape: S01 and S06 M3 (3, 28錠, 280) + M1 (1, 2キット, 4640); S02
 * and S05 M2 (2, 14錠, 420); S03, S07 and S09 M4 (3, 42枚, 720); S04 and S10 M3 (3, 14錠 halved,
 * 280); S08 M3 (3, 28錠, 280) + M2 (2, 28錠, 840). Materials (injection needles): S01 X2 70本
 * 1260円, S06 X1 70本 1190円. Fee lines (R6 points) are in SHEETS below. Codes are illustrative,
 * in the formats of the receipt data.
 */
const STORES = {
  '1001': { pharmacyCode: '4041100018', name: 'はかた薬局 天神店' },
  '1002': { pharmacyCode: '4041100026', name: 'はかた薬局 博多駅前店' },
} as const;
type StoreCode = keyof typeof STORES;
const TENJIN = STORES['1001'].name;
const HAKATA = STORES['1002'].name;

const PATIENTS = {
  A: {
    gender: '2',
    birthMonth: '1950-03',
    zip: '8100001',
    address: '福岡県福岡市中央区天神二丁目',
    insurance: '後期高齢',
  },
  B: {
    gender: '1',
    birthMonth: '1956-05',
    zip: '8120011',
    address: '福岡県福岡市博多区博多駅前三丁目',
    insurance: '国保',
  },
  C: { gender: '', birthMonth: '', zip: '', address: '', insurance: '社保' },
  D: {
    gender: '2',
    birthMonth: '1990-08',
    zip: '8100022',
    address: '福岡県福岡市中央区薬院一丁目',
    insurance: '社保',
  },
  E: {
    gender: '1',
    birthMonth: '1940-05',
    zip: '8160861',
    address: '福岡県春日市岡本一丁目',
    insurance: '後期高齢',
  },
} as const;

const INSTITUTIONS = {
  C1: { code: '4011000011', name: 'さくら内科クリニック' },
  C2: { code: '4011000029', name: 'さくら内科クリニック' },
  C3: { code: '4011000037', name: 'みどり整形外科' },
} as const;

const PHARMACISTS = { P01: '田中 誠', P02: '鈴木 由美' } as const;

/** Fee items (R6 points): code, name, category. */
const FEES = {
  K01: ['120000110', '調剤基本料１', '調剤基本料'],
  K02: ['120004110', '地域支援体制加算１', '調剤基本料加算'],
  K03: ['120004510', '在宅薬学総合体制加算１', '調剤基本料加算'],
  K04: ['120001110', '薬剤調製料（内服薬）', '薬剤調製料'],
  K05: ['120001510', '薬剤調製料（注射薬）', '薬剤調製料'],
  K06: ['120001710', '薬剤調製料（外用薬）', '薬剤調製料'],
  K07: ['120002110', '麻薬等加算（向精神薬等）', '薬剤調製料加算'],
  K08: ['120002410', '自家製剤加算（錠剤分割）', '薬剤調製料加算'],
  K09: ['120003010', '調剤管理料１（28日分以上）', '薬学管理料'],
  K10: ['120003020', '調剤管理料１（8～14日分）', '薬学管理料'],
  K11: ['120003110', '調剤管理料２', '薬学管理料'],
  K12: ['120003610', '服薬管理指導料１', '薬学管理料'],
  K13: ['120003710', '服薬管理指導料２', '薬学管理料'],
  K14: ['120006110', '在宅患者訪問薬剤管理指導料１', '薬学管理料'],
  K15: ['120004010', '特定薬剤管理指導加算１（ロ）', '薬学管理料加算'],
  K16: ['120004310', '医療情報取得加算', '薬学管理料加算'],
} as const;

/** Medicines by receipt code, with the YJ code and generic class the master gives them. */
const MEDICINES = {
  M1: {
    code: '622078501',
    yjCode: '2492415G1023',
    name: 'トレシーバ注フレックスタッチ',
    unit: 'キット',
    genericClass: 1,
  },
  M2: {
    code: '610406032',
    yjCode: '1129009F1017',
    name: 'マイスリー錠5mg',
    unit: '錠',
    genericClass: 2,
  },
  M3: {
    code: '620008101',
    yjCode: '2171022F1096',
    name: 'アムロジピン錠5mg「サワイ」',
    unit: '錠',
    genericClass: 3,
  },
  M4: {
    code: '622113601',
    yjCode: '2649735S3047',
    name: 'ロキソプロフェンNaテープ100mg「ユートク」',
    unit: '枚',
    genericClass: 3,
  },
} as const;

const MATERIALS = {
  X1: { code: '737010000', name: '注入器用注射針（標準型）' },
  X2: { code: '737020000', name: '注入器用注射針（超微細型）' },
} as const;

type Sheet = {
  store: StoreCode;
  date: string;
  time: string;
  reception: string;
  no: number;
  patient: keyof typeof PATIENTS;
  receptionType: '外来' | '在宅';
  visit: '新規' | '再来' | '';
  notebook: '1' | '0' | '';
  inst: keyof typeof INSTITUTIONS;
  doctor: string;
  department: string;
  pharmacist: keyof typeof PHARMACISTS | '';
  /** Fee item, points, count. */
  fees: [keyof typeof FEES, number, number][];
  /** Medicine, points, count (days), quantity, yen. */
  medicines: [keyof typeof MEDICINES, number, number, number, number][];
  /** Material, points, quantity, yen. */
  materials: [keyof typeof MATERIALS, number, number, number][];
};

const SHEETS: Record<string, Sheet> = {
  S01: {
    store: '1001',
    date: '2026-04-06',
    time: '09:15',
    reception: 'R1',
    no: 1,
    patient: 'A',
    receptionType: '外来',
    visit: '再来',
    notebook: '1',
    inst: 'C1',
    doctor: '山本 一郎',
    department: '内科',
    pharmacist: 'P01',
    fees: [
      ['K01', 45, 1],
      ['K02', 32, 1],
      ['K04', 24, 1],
      ['K05', 26, 1],
      ['K09', 60, 1],
      ['K12', 45, 1],
      ['K15', 5, 1],
      ['K16', 1, 1],
    ],
    medicines: [
      ['M3', 1, 28, 28, 280],
      ['M1', 464, 1, 2, 4640],
    ],
    materials: [['X2', 126, 70, 1260]],
  },
  S02: {
    store: '1001',
    date: '2026-04-06',
    time: '09:15',
    reception: 'R1',
    no: 2,
    patient: 'A',
    receptionType: '外来',
    visit: '再来',
    notebook: '1',
    inst: 'C1',
    doctor: '山本 一郎',
    department: '内科',
    pharmacist: 'P01',
    fees: [
      ['K04', 24, 1],
      ['K07', 8, 1],
      ['K10', 28, 1],
    ],
    medicines: [['M2', 3, 14, 14, 420]],
    materials: [],
  },
  S03: {
    store: '1001',
    date: '2026-04-06',
    time: '14:30',
    reception: 'R2',
    no: 1,
    patient: 'B',
    receptionType: '外来',
    visit: '新規',
    notebook: '0',
    inst: 'C3',
    doctor: '山本 一郎',
    department: '整形外科',
    pharmacist: 'P02',
    fees: [
      ['K01', 45, 1],
      ['K02', 32, 1],
      ['K06', 10, 1],
      ['K11', 4, 1],
      ['K13', 59, 1],
    ],
    medicines: [['M4', 72, 1, 42, 720]],
    materials: [],
  },
  S04: {
    store: '1002',
    date: '2026-04-07',
    time: '14:05',
    reception: 'R1',
    no: 1,
    patient: 'D',
    receptionType: '外来',
    visit: '新規',
    notebook: '1',
    inst: 'C2',
    doctor: '佐藤 花子',
    department: '内科',
    pharmacist: 'P02',
    fees: [
      ['K01', 45, 1],
      ['K02', 32, 1],
      ['K04', 24, 1],
      ['K08', 4, 4],
      ['K09', 60, 1],
      ['K13', 59, 1],
    ],
    medicines: [['M3', 1, 28, 14, 280]],
    materials: [],
  },
  S05: {
    store: '1002',
    date: '2026-04-07',
    time: '',
    reception: 'R2',
    no: 1,
    patient: 'C',
    receptionType: '外来',
    visit: '',
    notebook: '',
    inst: 'C2',
    doctor: '',
    department: '',
    pharmacist: '',
    fees: [
      ['K01', 45, 1],
      ['K02', 32, 1],
      ['K04', 24, 1],
      ['K07', 8, 1],
      ['K10', 28, 1],
      ['K13', 59, 1],
    ],
    medicines: [['M2', 3, 14, 14, 420]],
    materials: [],
  },
  S06: {
    store: '1001',
    date: '2026-05-11',
    time: '09:40',
    reception: 'R1',
    no: 1,
    patient: 'A',
    receptionType: '外来',
    visit: '再来',
    notebook: '1',
    inst: 'C1',
    doctor: '山本 一郎',
    department: '内科',
    pharmacist: 'P01',
    fees: [
      ['K01', 45, 1],
      ['K02', 32, 1],
      ['K04', 24, 1],
      ['K05', 26, 1],
      ['K09', 60, 1],
      ['K12', 45, 1],
      ['K15', 5, 1],
    ],
    medicines: [
      ['M3', 1, 28, 28, 280],
      ['M1', 464, 1, 2, 4640],
    ],
    materials: [['X1', 119, 70, 1190]],
  },
  S07: {
    store: '1001',
    date: '2026-05-11',
    time: '09:40',
    reception: 'R1',
    no: 2,
    patient: 'A',
    receptionType: '外来',
    visit: '再来',
    notebook: '1',
    inst: 'C3',
    doctor: '山本 一郎',
    department: '整形外科',
    pharmacist: 'P01',
    fees: [
      ['K01', 36, 1],
      ['K02', 32, 1],
      ['K06', 10, 1],
      ['K11', 4, 1],
      ['K12', 45, 1],
    ],
    medicines: [['M4', 72, 1, 42, 720]],
    materials: [],
  },
  S08: {
    store: '1001',
    date: '2026-05-11',
    time: '14:50',
    reception: 'R2',
    no: 1,
    patient: 'E',
    receptionType: '在宅',
    visit: '再来',
    notebook: '1',
    inst: 'C1',
    doctor: '山本 一郎',
    department: '内科',
    pharmacist: 'P01',
    fees: [
      ['K01', 45, 1],
      ['K02', 32, 1],
      ['K03', 15, 1],
      ['K04', 24, 2],
      ['K07', 8, 1],
      ['K09', 60, 2],
      ['K14', 650, 1],
    ],
    medicines: [
      ['M3', 1, 28, 28, 280],
      ['M2', 3, 28, 28, 840],
    ],
    materials: [],
  },
  S09: {
    store: '1002',
    date: '2026-05-12',
    time: '14:10',
    reception: 'R1',
    no: 1,
    patient: 'B',
    receptionType: '外来',
    visit: '新規',
    notebook: '1',
    inst: 'C3',
    doctor: '山本 一郎',
    department: '整形外科',
    pharmacist: 'P02',
    fees: [
      ['K01', 45, 1],
      ['K02', 32, 1],
      ['K06', 10, 1],
      ['K11', 4, 1],
      ['K13', 59, 1],
    ],
    medicines: [['M4', 72, 1, 42, 720]],
    materials: [],
  },
  S10: {
    store: '1002',
    date: '2026-05-12',
    time: '14:20',
    reception: 'R2',
    no: 1,
    patient: 'D',
    receptionType: '外来',
    visit: '再来',
    notebook: '1',
    inst: 'C2',
    doctor: '佐藤 花子',
    department: '内科',
    pharmacist: 'P02',
    fees: [
      ['K01', 45, 1],
      ['K02', 32, 1],
      ['K04', 24, 1],
      ['K08', 4, 4],
      ['K09', 60, 1],
      ['K12', 45, 1],
    ],
    medicines: [['M3', 1, 28, 14, 280]],
    materials: [],
  },
};

type CsvRow = Partial<Record<DispensingCsvColumn, string | number>>;

/** The lines of one sheet in our upload format (docs/data-format.md). */
function csvLines(s: Sheet): string[] {
  const patient = PATIENTS[s.patient];
  const institution = INSTITUTIONS[s.inst];
  const common: CsvRow = {
    pharmacy_code: STORES[s.store].pharmacyCode,
    dispensing_date: s.date,
    reception_time: s.time,
    reception_id: s.reception,
    prescription_no: s.no,
    patient_id: `P-${s.patient}`,
    patient_gender: patient.gender,
    patient_birth_month: patient.birthMonth,
    patient_zip: patient.zip,
    patient_address: patient.address,
    insurance_type: patient.insurance,
    reception_type: s.receptionType,
    visit_type: s.visit,
    medicine_notebook: s.notebook,
    institution_code: institution.code,
    institution_name: institution.name,
    doctor_name: s.doctor,
    department: s.department,
    pharmacist_code: s.pharmacist,
    pharmacist_name: s.pharmacist === '' ? '' : PHARMACISTS[s.pharmacist],
  };
  const rows: CsvRow[] = [
    ...s.fees.map(([fee, points, count]): CsvRow => {
      const [code, name, category] = FEES[fee];
      return { line_type: 'FEE', code, name, category, points, count };
    }),
    ...s.medicines.map(([medicine, points, count, quantity, amount]): CsvRow => {
      const { code, name, unit } = MEDICINES[medicine];
      return { line_type: 'MEDICINE', code, name, points, count, quantity, unit, amount };
    }),
    ...s.materials.map(([material, points, quantity, amount]): CsvRow => {
      const { code, name } = MATERIALS[material];
      return { line_type: 'MATERIAL', code, name, points, count: 1, quantity, unit: '本', amount };
    }),
  ];
  return rows.map((row) => {
    const line: CsvRow = { ...common, ...row };
    return CSV_COLUMNS.map((c) => line[c] ?? '').join(',');
  });
}

let t: TestApp;
let admin: HttpClient;
let sysadmin: HttpClient;
beforeAll(async () => {
  t = await startTestApp();
  await t.db
    .insertInto('medicine_master')
    .values(
      Object.values(MEDICINES).map((m) => ({
        code: m.code,
        yj_code: m.yjCode,
        name: m.name,
        unit: m.unit,
        price: 10,
        generic_class: m.genericClass,
      })),
    )
    .execute();
  for (const store of Object.keys(STORES) as StoreCode[]) {
    const sheets = Object.values(SHEETS).filter((s) => s.store === store);
    const reply = await uploadAs(t, store, sheets.flatMap(csvLines));
    expect(reply.body).toMatchObject({
      status: 'loaded',
      prescriptionsLoaded: sheets.length,
      rowsRefused: 0,
    });
  }
  await replicaCaughtUp(t.app, t.db);
  admin = t.client();
  await admin.login('admin@example.com');
  // A system administrator may also call the development twins (/v2).
  sysadmin = t.client();
  await sysadmin.login('sysadmin@example.com');
});
afterAll(() => t.close());

/** One series as [label, total, ...bucket values]. */
type Row = [string, number | null, ...(number | null)[]];
type Query = Record<string, string>;

const BOTH_STORES = { storeCodes: '1001,1002' };
const MONTHLY = { from: '2026-04-01', to: '2026-05-31', periodCode: '2', ...BOTH_STORES };
const MONTHS = ['2026-04', '2026-05'];

/** Two clinics of one name are told apart by their code. */
const label = (family: AnalysisFamily, s: AnalysisSeries) =>
  family === 'clinic' ? `${s.name} ${s.key}` : s.name;
const clinic = (c: keyof typeof INSTITUTIONS) => `${INSTITUTIONS[c].name} ${INSTITUTIONS[c].code}`;
const [CLINIC_1, CLINIC_2, CLINIC_3] = [clinic('C1'), clinic('C2'), clinic('C3')];
const DOCTOR_1 = '山本 一郎（さくら内科クリニック）';
const DOCTOR_2 = '山本 一郎（みどり整形外科）';
const DOCTOR_3 = '佐藤 花子（さくら内科クリニック）';
const TENJIN_2 = '福岡市中央区天神二丁目';
const YAKUIN_1 = '福岡市中央区薬院一丁目';
const HAKATA_EKIMAE_3 = '福岡市博多区博多駅前三丁目';
const fee = (k: keyof typeof FEES) => FEES[k][1];
const medicine = (k: keyof typeof MEDICINES) => MEDICINES[k].name;
const material = (k: keyof typeof MATERIALS) => MATERIALS[k].name;

const VERSIONS = [
  ['v3', () => admin],
  ['v2', () => sysadmin],
] as const;

async function chart(
  client: HttpClient,
  version: 'v2' | 'v3',
  family: AnalysisFamily,
  slug: MetricSlug,
  query: Query,
): Promise<AnalysisSeries[]> {
  const path = `${analysisChartPath(family, slug, version)}?${new URLSearchParams(query)}`;
  const reply = await client.get<AnalysisSeries[]>(path);
  expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(200);
  return reply.body;
}

/** Asserts a page's series, in order, on v3 (admin) and v2 (system administrator). */
async function expectSeries(
  family: AnalysisFamily,
  slug: MetricSlug,
  query: Query,
  dates: string[],
  expected: Row[],
) {
  for (const [version, client] of VERSIONS) {
    const series = await chart(client(), version, family, slug, query);
    const context = `${version} ${family}/${slug} ${JSON.stringify(query)}`;
    expect(
      series.map((s): Row => [label(family, s), s.total, ...s.rows.map((r) => r.value)]),
      context,
    ).toEqual(expected);
    for (const s of series)
      expect(
        s.rows.map((r) => r.date),
        context,
      ).toEqual(dates);
  }
}

/**
 * Every page × metric over 2026-04..05, monthly, both stores: [label, total, April, May].
 * Unit prices and rates are rounded half up (whole yen, one decimal); a bucket without sheets
 * has no unit price (null) and 0 as a sum or count. Ties in total go by name, then key.
 */
const EXPECTED: Record<AnalysisFamily, Partial<Record<MetricSlug, Row[]>>> = {
  pharmacy: {
    dispensing_sales: [
      [TENJIN, 32570, 11800, 20770], // 8560 + 1020 + 2220 | 8480 + 1990 + 10300
      [HAKATA, 9740, 5020, 4720], // 2640 + 2380 | 2220 + 2500
    ],
    prescription_counts: [
      [TENJIN, 6, 3, 3],
      [HAKATA, 4, 2, 2],
    ],
    prescription_unit_price: [
      [TENJIN, 5428, 3933, 6923], // 32570 / 6, 11800 / 3, 20770 / 3
      [HAKATA, 2435, 2510, 2360],
    ],
    reception_counts: [
      [TENJIN, 5, 2, 3], // S01+S02 one reception; S06 and S07 two (two clinics)
      [HAKATA, 4, 2, 2],
    ],
    // Tied at 3 (天神: A, B, E; 博多駅前: B, C, D): by name, 博 before 天.
    patient_counts: [
      [HAKATA, 3, 2, 2],
      [TENJIN, 3, 2, 2],
    ],
    patient_unit_price: [
      [TENJIN, 10857, 5900, 10385], // 32570 / 3, 11800 / 2, 20770 / 2
      [HAKATA, 3247, 2510, 2360], // 9740 / 3
    ],
    // 天神: C1 has 1 of 2 receptions in April, 2 of 3 in May, 3 of 5 in all; 博多駅前: C2 3 of 4.
    prescription_concentration_rates: [
      [HAKATA, 75, 100, 50],
      [TENJIN, 60, 50, 66.7],
    ],
    prescription_concentration_rates_top3: [
      [HAKATA, 100, 100, 100],
      [TENJIN, 100, 100, 100],
    ],
    // Class 3 quantity ÷ classes 2 + 3: 天神 70/84, 98/126, 168/210; 博多駅前 14/28, 56/56, 70/84.
    generic_dispensing_rates: [
      [HAKATA, 83.3, 50, 100],
      [TENJIN, 80, 83.3, 77.8],
    ],
    // 天神: B did not show it at S03 (4 of 5); 博多駅前: C's is unknown, in neither (3 of 3).
    medicine_note_rates: [
      [HAKATA, 100, 100, 100],
      [TENJIN, 80, 50, 100],
    ],
    // 天神: R2 of April (S03) is 新規; 博多駅前: S04 and S09 (S05 is neither).
    new_reception_counts: [
      [HAKATA, 2, 1, 1],
      [TENJIN, 1, 1, 0],
    ],
    // 天神: S01+S02 | S06, S07 (two clinics), S08; 博多駅前: S10.
    re_reception_counts: [
      [TENJIN, 4, 1, 3],
      [HAKATA, 1, 0, 1],
    ],
    // Sheets with a pharmacist ÷ (date, pharmacist) pairs. 天神: 3 ÷ 2 (田中, 鈴木 on 04-06) |
    // 3 ÷ 1, 6 ÷ 3 in all; 博多駅前: S04 ÷ 1 (S05 has none) | 2 ÷ 1, 3 ÷ 2 in all.
    prescriptions_per_pharmacist: [
      [TENJIN, 2, 1.5, 3],
      [HAKATA, 1.5, 1, 2],
    ],
  },
  timeslot: {
    prescription_counts: [
      ['09時台', 4, 2, 2], // by the hour, not by total
      ['14時台', 5, 2, 3],
      ['不明', 1, 1, 0],
    ],
  },
  pharmacist: {
    dispensing_sales: [
      [PHARMACISTS.P01, 30350, 9580, 20770],
      [PHARMACISTS.P02, 9580, 4860, 4720], // S03 + S04 | S09 + S10
      ['不明', 2380, 2380, 0],
    ],
    prescription_counts: [
      [PHARMACISTS.P01, 5, 2, 3],
      [PHARMACISTS.P02, 4, 2, 2],
      ['不明', 1, 1, 0],
    ],
    prescription_unit_price: [
      [PHARMACISTS.P01, 6070, 4790, 6923],
      [PHARMACISTS.P02, 2395, 2430, 2360],
      ['不明', 2380, 2380, null],
    ],
    // 田中 A | A, E; 鈴木 B, D | B, D: tied at 2, 田 before 鈴.
    patient_counts: [
      [PHARMACISTS.P01, 2, 1, 2],
      [PHARMACISTS.P02, 2, 2, 2],
      ['不明', 1, 1, 0],
    ],
  },
  // Sections in yen: 技術料 = tech × 10, 薬学管理料 = mgmt × 10, 薬剤料 = med, 材料 = mat.
  dispensing_fee_score: {
    dispensing_sales: [
      ['薬学管理料', 15050, 4080, 10970],
      ['薬剤料', 14520, 6760, 7760],
      ['調剤技術料', 10290, 4720, 5570],
      ['特定保険医療材料料', 2450, 1260, 1190],
    ],
    // Each section over every sheet of the bucket (5, 5, 10): they add up to 42310 / 10.
    prescription_unit_price: [
      ['薬学管理料', 1505, 816, 2194],
      ['薬剤料', 1452, 1352, 1552],
      ['調剤技術料', 1029, 944, 1114],
      ['特定保険医療材料料', 245, 252, 238],
    ],
  },
  dispensing_technical_fee: {
    dispensing_sales: [
      [fee('K01'), 3960, 1800, 2160], // 4 × 45 | 4 × 45 + 36
      [fee('K02'), 2880, 1280, 1600], // 4 | 5 receptions × 32
      [fee('K04'), 1920, 960, 960], // 4 | 4 剤 × 24
      [fee('K05'), 520, 260, 260],
      [fee('K08'), 320, 160, 160], // 4 × 4 points
      [fee('K06'), 300, 100, 200],
      [fee('K07'), 240, 160, 80],
      [fee('K03'), 150, 0, 150],
    ],
  },
  medicine_prepared_fee_add: {
    dispensing_sales: [
      [fee('K08'), 320, 160, 160],
      [fee('K07'), 240, 160, 80],
    ],
    calculation_counts: [
      [fee('K08'), 8, 4, 4],
      [fee('K07'), 3, 2, 1],
    ],
  },
  pharmacy_management_fee: {
    dispensing_sales: [
      [fee('K14'), 6500, 0, 6500],
      [fee('K09'), 3600, 1200, 2400], // 2 | 4 × 60
      [fee('K13'), 2360, 1770, 590],
      [fee('K12'), 1800, 450, 1350],
      [fee('K10'), 560, 560, 0],
      [fee('K11'), 120, 40, 80],
    ],
    // 服薬管理指導料１ and ２ tie at 4: by name.
    calculation_counts: [
      [fee('K09'), 6, 2, 4],
      [fee('K12'), 4, 1, 3],
      [fee('K13'), 4, 3, 1],
      [fee('K11'), 3, 1, 2],
      [fee('K10'), 2, 2, 0],
      [fee('K14'), 1, 0, 1],
    ],
  },
  pharmacy_management_fee_add: {
    dispensing_sales: [
      [fee('K15'), 100, 50, 50],
      [fee('K16'), 10, 10, 0],
    ],
    calculation_counts: [
      [fee('K15'), 2, 1, 1],
      [fee('K16'), 1, 1, 0],
    ],
  },
  medicine_fee: {
    medicine_price_amount: [
      [medicine('M1'), 9280, 4640, 4640],
      [medicine('M4'), 2160, 720, 1440],
      [medicine('M2'), 1680, 840, 840],
      [medicine('M3'), 1400, 560, 840],
    ],
    // In each medicine's own unit: 錠, 枚, キット.
    counts: [
      [medicine('M4'), 126, 42, 84],
      [medicine('M3'), 112, 42, 70], // 28 + 14 | 28 + 28 + 14
      [medicine('M2'), 56, 28, 28],
      [medicine('M1'), 4, 2, 2],
    ],
  },
  medical_material_fee: {
    dispensing_sales: [
      [material('X2'), 1260, 1260, 0],
      [material('X1'), 1190, 0, 1190],
    ],
    // Tied at 70本: 標 before 超.
    counts: [
      [material('X1'), 70, 0, 70],
      [material('X2'), 70, 70, 0],
    ],
  },
  clinic: {
    dispensing_sales: [
      [CLINIC_1, 28360, 9580, 18780],
      [CLINIC_2, 7520, 5020, 2500],
      [CLINIC_3, 6430, 2220, 4210],
    ],
    prescription_counts: [
      [CLINIC_1, 4, 2, 2],
      [CLINIC_2, 3, 2, 1],
      [CLINIC_3, 3, 1, 2],
    ],
    prescription_unit_price: [
      [CLINIC_1, 7090, 4790, 9390],
      [CLINIC_2, 2507, 2510, 2500], // 7520 / 3
      [CLINIC_3, 2143, 2220, 2105], // 6430 / 3, 4210 / 2
    ],
    // All tied at 3: the two さくら by code, then みどり.
    reception_counts: [
      [CLINIC_1, 3, 1, 2],
      [CLINIC_2, 3, 2, 1],
      [CLINIC_3, 3, 1, 2],
    ],
    patient_counts: [
      [CLINIC_1, 2, 1, 2], // A | A, E
      [CLINIC_2, 2, 2, 1], // C, D | D
      [CLINIC_3, 2, 1, 2], // B | A, B
    ],
    generic_dispensing_rates: [
      [CLINIC_3, 100, 100, 100],
      [CLINIC_1, 66.7, 66.7, 66.7], // 28/42, 56/84, 84/126
      [CLINIC_2, 66.7, 50, 100], // 14/28, 14/14, 28/42
    ],
  },
  doctor: {
    dispensing_sales: [
      [DOCTOR_1, 28360, 9580, 18780],
      [DOCTOR_2, 6430, 2220, 4210],
      [DOCTOR_3, 5140, 2640, 2500],
      ['不明', 2380, 2380, 0],
    ],
    prescription_counts: [
      [DOCTOR_1, 4, 2, 2],
      [DOCTOR_2, 3, 1, 2],
      [DOCTOR_3, 2, 1, 1],
      ['不明', 1, 1, 0],
    ],
    // Ties by name: さくら before みどり; 不 (U+4E0D) before 佐 (U+4F50).
    patient_counts: [
      [DOCTOR_1, 2, 1, 2],
      [DOCTOR_2, 2, 1, 2],
      ['不明', 1, 1, 0],
      [DOCTOR_3, 1, 1, 1],
    ],
    generic_dispensing_rates: [
      [DOCTOR_3, 100, 100, 100],
      [DOCTOR_2, 100, 100, 100],
      [DOCTOR_1, 66.7, 66.7, 66.7],
      ['不明', 0, 0, null], // S05 holds only M2 (class 2)
    ],
  },
  clinical_department: {
    dispensing_sales: [
      ['内科', 33500, 12220, 21280],
      ['整形外科', 6430, 2220, 4210],
      ['不明', 2380, 2380, 0],
    ],
    prescription_counts: [
      ['内科', 6, 3, 3],
      ['整形外科', 3, 1, 2],
      ['不明', 1, 1, 0],
    ],
    patient_counts: [
      ['内科', 3, 2, 3], // A, D | A, D, E
      ['整形外科', 2, 1, 2],
      ['不明', 1, 1, 0],
    ],
    generic_dispensing_rates: [
      ['整形外科', 100, 100, 100],
      ['内科', 72.7, 75, 71.4], // 42/56, 70/98, 112/154
      ['不明', 0, 0, null],
    ],
  },
  gender: {
    dispensing_sales: [
      ['女性', 25190, 12220, 12970],
      ['男性', 14740, 2220, 12520],
      ['不明', 2380, 2380, 0],
    ],
    prescription_counts: [
      ['女性', 6, 3, 3],
      ['男性', 3, 1, 2],
      ['不明', 1, 1, 0],
    ],
    prescription_unit_price: [
      ['男性', 4913, 2220, 6260], // 14740 / 3
      ['女性', 4198, 4073, 4323], // 25190 / 6, 12220 / 3, 12970 / 3
      ['不明', 2380, 2380, null],
    ],
    patient_counts: [
      ['女性', 2, 2, 2],
      ['男性', 2, 1, 2],
      ['不明', 1, 1, 0],
    ],
    generic_dispensing_rates: [
      ['女性', 90, 75, 100], // 42/56, 84/84, 126/140
      ['男性', 80, 100, 71.4], // 42/42, 70/98, 112/140
      ['不明', 0, 0, null],
    ],
  },
  // Age on the dispensing date: B is in 60～69 in April and 70～79 in May.
  age: {
    dispensing_sales: [
      ['30～39', 5140, 2640, 2500],
      ['60～69', 2220, 2220, 0],
      ['70～79', 22270, 9580, 12690],
      ['80～89', 10300, 0, 10300],
      ['不明', 2380, 2380, 0],
    ],
    prescription_counts: [
      ['30～39', 2, 1, 1],
      ['60～69', 1, 1, 0],
      ['70～79', 5, 2, 3],
      ['80～89', 1, 0, 1],
      ['不明', 1, 1, 0],
    ],
    prescription_unit_price: [
      ['30～39', 2570, 2640, 2500],
      ['60～69', 2220, 2220, null],
      ['70～79', 4454, 4790, 4230], // 22270 / 5, 9580 / 2, 12690 / 3
      ['80～89', 10300, null, 10300],
      ['不明', 2380, 2380, null],
    ],
    patient_counts: [
      ['30～39', 1, 1, 1],
      ['60～69', 1, 1, 0],
      ['70～79', 2, 1, 2], // A | A, B
      ['80～89', 1, 0, 1],
      ['不明', 1, 1, 0],
    ],
    generic_dispensing_rates: [
      ['30～39', 100, 100, 100],
      ['60～69', 100, 100, null],
      ['70～79', 90.9, 66.7, 100], // 28/42, 112/112, 140/154
      ['80～89', 50, null, 50], // 28/56
      ['不明', 0, 0, null],
    ],
  },
  reception_type: {
    dispensing_sales: [
      ['外来', 32010, 16820, 15190],
      ['在宅', 10300, 0, 10300],
    ],
    prescription_counts: [
      ['外来', 9, 5, 4],
      ['在宅', 1, 0, 1],
    ],
    prescription_unit_price: [
      ['在宅', 10300, null, 10300],
      ['外来', 3557, 3364, 3798], // 32010 / 9; 15190 / 4 = 3797.5, half up
    ],
    patient_counts: [
      ['外来', 4, 4, 3],
      ['在宅', 1, 0, 1],
    ],
    generic_dispensing_rates: [
      ['外来', 88.2, 75, 100], // 84/112, 126/126, 210/238
      ['在宅', 50, null, 50],
    ],
  },
  // Receptions in the period per patient: A 3, B 2, D 2, C 1, E 1.
  reception_count: {
    dispensing_sales: [
      ['1回', 12680, 2380, 10300],
      ['2回', 9580, 4860, 4720],
      ['3回', 20050, 9580, 10470],
    ],
    prescription_counts: [
      ['1回', 2, 1, 1],
      ['2回', 4, 2, 2],
      ['3回', 4, 2, 2],
    ],
    prescription_unit_price: [
      ['1回', 6340, 2380, 10300],
      ['2回', 2395, 2430, 2360],
      ['3回', 5013, 4790, 5235], // 20050 / 4 = 5012.5, half up
    ],
  },
  insurance_type: {
    dispensing_sales: [
      ['後期高齢', 30350, 9580, 20770],
      ['社保', 7520, 5020, 2500],
      ['国保', 4440, 2220, 2220],
    ],
    prescription_counts: [
      ['後期高齢', 5, 2, 3],
      ['社保', 3, 2, 1],
      ['国保', 2, 1, 1],
    ],
    prescription_unit_price: [
      ['後期高齢', 6070, 4790, 6923],
      ['社保', 2507, 2510, 2500],
      ['国保', 2220, 2220, 2220],
    ],
    patient_counts: [
      ['後期高齢', 2, 1, 2],
      ['社保', 2, 2, 1],
      ['国保', 1, 1, 1],
    ],
    generic_dispensing_rates: [
      ['国保', 100, 100, 100],
      ['後期高齢', 75, 66.7, 77.8], // 28/42, 98/126, 126/168
      ['社保', 66.7, 50, 100],
    ],
  },
  // 郵便番号 mode: C has no zip code.
  address: {
    dispensing_sales: [
      ['〒810-0001', 20050, 9580, 10470],
      ['〒816-0861', 10300, 0, 10300],
      ['〒810-0022', 5140, 2640, 2500],
      ['〒812-0011', 4440, 2220, 2220],
      ['不明', 2380, 2380, 0],
    ],
    prescription_counts: [
      ['〒810-0001', 4, 2, 2],
      ['〒810-0022', 2, 1, 1],
      ['〒812-0011', 2, 1, 1],
      ['〒816-0861', 1, 0, 1],
      ['不明', 1, 1, 0],
    ],
    prescription_unit_price: [
      ['〒816-0861', 10300, null, 10300],
      ['〒810-0001', 5013, 4790, 5235],
      ['〒810-0022', 2570, 2640, 2500],
      ['不明', 2380, 2380, null],
      ['〒812-0011', 2220, 2220, 2220],
    ],
    patient_counts: [
      ['〒810-0001', 1, 1, 1],
      ['〒810-0022', 1, 1, 1],
      ['〒812-0011', 1, 1, 1],
      ['〒816-0861', 1, 0, 1],
      ['不明', 1, 1, 0],
    ],
  },
};

/** 住所別 mode under 福岡県福岡市: E (春日市) and C (no address) are not counted. */
const FUKUOKA_CITY: Partial<Record<MetricSlug, Row[]>> = {
  dispensing_sales: [
    [TENJIN_2, 20050, 9580, 10470],
    [YAKUIN_1, 5140, 2640, 2500],
    [HAKATA_EKIMAE_3, 4440, 2220, 2220],
  ],
  prescription_counts: [
    [TENJIN_2, 4, 2, 2],
    [YAKUIN_1, 2, 1, 1],
    [HAKATA_EKIMAE_3, 2, 1, 1],
  ],
  prescription_unit_price: [
    [TENJIN_2, 5013, 4790, 5235],
    [YAKUIN_1, 2570, 2640, 2500],
    [HAKATA_EKIMAE_3, 2220, 2220, 2220],
  ],
  patient_counts: [
    [TENJIN_2, 1, 1, 1],
    [YAKUIN_1, 1, 1, 1],
    [HAKATA_EKIMAE_3, 1, 1, 1],
  ],
};

const PAIRS = ANALYSIS_PAGES.flatMap((page) =>
  page.metrics.map((slug) => ({ family: page.family, slug })),
);

describe('every page × metric on a hand-computed dataset (monthly, both stores)', () => {
  it('has an expectation for every pair of the page table', () => {
    const missing = PAIRS.filter(({ family, slug }) => !EXPECTED[family][slug]);
    expect(missing).toEqual([]);
  });

  for (const { family, slug } of PAIRS) {
    it(`${family}/${slug}: totals, buckets and order, v3 and v2`, async () => {
      await expectSeries(family, slug, MONTHLY, MONTHS, EXPECTED[family][slug]!);
    });
  }

  it('address in 住所別 mode: the towns of the patients under the text', async () => {
    const page = ANALYSIS_PAGES.find((p) => p.family === 'address')!;
    for (const slug of page.metrics) {
      await expectSeries(
        'address',
        slug,
        { ...MONTHLY, address: '福岡県福岡市' },
        MONTHS,
        FUKUOKA_CITY[slug]!,
      );
    }
    // Without the prefecture, and narrower.
    await expectSeries(
      'address',
      'prescription_counts',
      { ...MONTHLY, address: '福岡市中央区' },
      MONTHS,
      [
        [TENJIN_2, 4, 2, 2],
        [YAKUIN_1, 2, 1, 1],
      ],
    );
    await expectSeries('address', 'dispensing_sales', { ...MONTHLY, address: '春日市' }, MONTHS, [
      ['春日市岡本一丁目', 10300, 0, 10300],
    ]);
  });

  it('address in 市区町村 mode: one series per municipality, 不明 without an address', async () => {
    const page = ANALYSIS_PAGES.find((p) => p.family === 'address')!;
    const CHUO = '福岡県福岡市中央区';
    const HAKATA_WARD = '福岡県福岡市博多区';
    const KASUGA = '福岡県春日市';
    // 中央区 holds A (天神) and D (薬院); B lives in 博多区, E in 春日市, C nowhere known.
    const expected: Partial<Record<MetricSlug, Row[]>> = {
      dispensing_sales: [
        [CHUO, 25190, 12220, 12970],
        [KASUGA, 10300, 0, 10300],
        [HAKATA_WARD, 4440, 2220, 2220],
        ['不明', 2380, 2380, 0],
      ],
      prescription_counts: [
        [CHUO, 6, 3, 3],
        [HAKATA_WARD, 2, 1, 1],
        ['不明', 1, 1, 0], // ties at 1 by name
        [KASUGA, 1, 0, 1],
      ],
      prescription_unit_price: [
        [KASUGA, 10300, null, 10300],
        [CHUO, 4198, 4073, 4323],
        ['不明', 2380, 2380, null],
        [HAKATA_WARD, 2220, 2220, 2220],
      ],
      patient_counts: [
        [CHUO, 2, 2, 2],
        ['不明', 1, 1, 0], // ties at 1 by name
        [KASUGA, 1, 0, 1],
        [HAKATA_WARD, 1, 1, 1],
      ],
    };
    for (const slug of page.metrics) {
      await expectSeries(
        'address',
        slug,
        { ...MONTHLY, addressMode: 'city' },
        MONTHS,
        expected[slug]!,
      );
    }
  });

  it('address modes named on the wire: zipCode as without a text, address only with a text', async () => {
    await expectSeries(
      'address',
      'prescription_counts',
      { ...MONTHLY, addressMode: 'zipCode', address: '福岡県福岡市' },
      MONTHS,
      EXPECTED.address.prescription_counts!,
    );
    await expectSeries(
      'address',
      'prescription_counts',
      { ...MONTHLY, addressMode: 'address', address: '福岡県福岡市' },
      MONTHS,
      FUKUOKA_CITY.prescription_counts!,
    );
    const path = analysisChartPath('address', 'prescription_counts', 'v3');
    const noText = await admin.get(
      `${path}?${new URLSearchParams({ ...MONTHLY, addressMode: 'address' })}`,
    );
    expect(noText.status).toBe(400);
    expect(JSON.stringify(noText.body)).toContain('都道府県、市町村を入力してください');
    const unknown = await admin.get(
      `${path}?${new URLSearchParams({ ...MONTHLY, addressMode: 'town' })}`,
    );
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain(
      '住所の集計方法は zipCode、city、address のいずれかで指定してください',
    );
  });

  it('age by the metric when the sort menu says 指標順', async () => {
    const byMetric = { ...MONTHLY, sortOrder: '1' };
    await expectSeries('age', 'prescription_counts', byMetric, MONTHS, [
      ['70～79', 5, 2, 3],
      ['30～39', 2, 1, 1],
      ['60～69', 1, 1, 0], // ties at 1 by name: digits before 不明
      ['80～89', 1, 0, 1],
      ['不明', 1, 1, 0],
    ]);
    await expectSeries('age', 'dispensing_sales', byMetric, MONTHS, [
      ['70～79', 22270, 9580, 12690],
      ['80～89', 10300, 0, 10300],
      ['30～39', 5140, 2640, 2500],
      ['不明', 2380, 2380, 0],
      ['60～69', 2220, 2220, 0],
    ]);
  });
});

describe('集中率 of several stores', () => {
  it('is the receptions-weighted mean of each store’s own rate, on the dashboard v3 and v2', async () => {
    const query = new URLSearchParams({
      baseFrom: MONTHLY.from,
      baseTo: MONTHLY.to,
      comparisonTargetFrom: '2025-04-01',
      comparisonTargetTo: '2025-05-31',
      periodCode: '2',
      ...BOTH_STORES,
    });
    // 天神's top clinic is C1 (3 of 5 receptions; April 1 of 2, May 2 of 3), 博多駅前's C2 (3 of
    // 4; April 2 of 2, May 1 of 2): (3 + 3) ÷ 9, (1 + 2) ÷ 4, (2 + 1) ÷ 5. Pooled, C1, C2 and
    // C3 have 3 receptions each: 33.3 %, which no store is near.
    const expected = {
      prescription_concentration_rates: [66.7, 75, 60],
      prescription_concentration_rates_top3: [100, 100, 100],
    };
    for (const [version, client] of VERSIONS) {
      for (const [slug, values] of Object.entries(expected)) {
        const reply = await client().get<{ source: { total: number; rows: { value: number }[] } }>(
          `/${version}/dashboard/${slug}?${query}`,
        );
        expect(reply.status).toBe(200);
        const { source } = reply.body;
        expect([source.total, ...source.rows.map((r) => r.value)], `${version} ${slug}`).toEqual(
          values,
        );
      }
    }
  });
});

describe('the daily axis', () => {
  it('gives every day of the period, also days without sheets', async () => {
    const query = { from: '2026-04-06', to: '2026-04-08', periodCode: '3', ...BOTH_STORES };
    const days = ['2026-04-06', '2026-04-07', '2026-04-08'];
    await expectSeries('pharmacy', 'dispensing_sales', query, days, [
      [TENJIN, 11800, 11800, 0, 0],
      [HAKATA, 5020, 0, 5020, 0],
    ]);
    await expectSeries('pharmacy', 'prescription_unit_price', query, days, [
      [TENJIN, 3933, 3933, null, null],
      [HAKATA, 2510, null, 2510, null],
    ]);
  });

  it('has only the slots of the period', async () => {
    const query = { from: '2026-05-11', to: '2026-05-12', periodCode: '3', ...BOTH_STORES };
    await expectSeries(
      'timeslot',
      'prescription_counts',
      query,
      ['2026-05-11', '2026-05-12'],
      [
        ['09時台', 2, 2, 0],
        ['14時台', 3, 1, 2],
      ],
    );
  });

  it('counts receptions within the period asked', async () => {
    // On 04-06..07 every patient came once.
    const query = { from: '2026-04-06', to: '2026-04-07', periodCode: '3', ...BOTH_STORES };
    await expectSeries(
      'reception_count',
      'prescription_counts',
      query,
      ['2026-04-06', '2026-04-07'],
      [['1回', 5, 3, 2]],
    );
  });
});

describe('the filters', () => {
  it('generic classes: sheets holding such a medicine, or the medicine lines themselves', async () => {
    // Wire value 3 is filter value 4, 後発医薬品 (class 3): all sheets but S02 and S05.
    await expectSeries(
      'pharmacy',
      'prescription_counts',
      { ...MONTHLY, generic_medicine_filters: '3' },
      MONTHS,
      [
        [TENJIN, 5, 2, 3],
        [HAKATA, 3, 1, 2],
      ],
    );
    // Wire value 2 is class 2 (M2): the fee lines of S02, S05 | S08.
    await expectSeries(
      'dispensing_technical_fee',
      'dispensing_sales',
      { ...MONTHLY, generic_medicine_filters: '2' },
      MONTHS,
      [
        [fee('K04'), 960, 480, 480],
        [fee('K01'), 900, 450, 450],
        [fee('K02'), 640, 320, 320],
        [fee('K07'), 240, 160, 80],
        [fee('K03'), 150, 0, 150],
      ],
    );
    // Wire values 1 and 2: classes 1 and 2.
    await expectSeries(
      'medicine_fee',
      'counts',
      { ...MONTHLY, generic_medicine_filters: '1,2' },
      MONTHS,
      [
        [medicine('M2'), 56, 28, 28],
        [medicine('M1'), 4, 2, 2],
      ],
    );
  });

  it('medical institutions', async () => {
    // みどり整形外科: S03, S07 at 天神, S09 at 博多駅前.
    await expectSeries(
      'pharmacy',
      'dispensing_sales',
      { ...MONTHLY, medicalInstitutionFilters: INSTITUTIONS.C3.code },
      MONTHS,
      [
        [TENJIN, 4210, 2220, 1990],
        [HAKATA, 2220, 0, 2220],
      ],
    );
  });

  it('reception types, also in the receptions counted per patient', async () => {
    await expectSeries(
      'clinic',
      'prescription_counts',
      { ...MONTHLY, receptionTypeFilters: '在宅' },
      MONTHS,
      [[CLINIC_1, 1, 0, 1]],
    );
    // Without E's 在宅 sheet only C is left with one reception.
    await expectSeries(
      'reception_count',
      'dispensing_sales',
      { ...MONTHLY, receptionTypeFilters: '外来' },
      MONTHS,
      [
        ['1回', 2380, 2380, 0],
        ['2回', 9580, 4860, 4720],
        ['3回', 20050, 9580, 10470],
      ],
    );
  });
});

describe('series keys', () => {
  it('are codes or ids, with the display name apart; 不明 is keyed by an empty string', async () => {
    const pharmacists = await t.db.selectFrom('pharmacists').select(['id', 'name']).execute();
    const departments = await t.db
      .selectFrom('clinical_departments')
      .select(['id', 'name'])
      .execute();
    const idOf = (rows: { id: number; name: string | null }[], name: string) =>
      String(rows.find((r) => r.name === name)!.id);
    const doctorIds = await t.db
      .selectFrom('doctors as d')
      .innerJoin('medical_institutions as m', (j) =>
        j.onRef('m.corporation_id', '=', 'd.corporation_id').onRef('m.id', '=', 'd.institution_id'),
      )
      .select(['d.id', 'd.name', 'm.code'])
      .execute();
    const doctor = (name: string, inst: keyof typeof INSTITUTIONS) =>
      String(doctorIds.find((d) => d.name === name && d.code === INSTITUTIONS[inst].code)!.id);
    const feeCode = (k: keyof typeof FEES) => FEES[k][0];
    const KEYS: Record<AnalysisFamily, string[]> = {
      pharmacy: ['1001', '1002'],
      timeslot: ['09', '14', ''],
      pharmacist: [idOf(pharmacists, PHARMACISTS.P01), idOf(pharmacists, PHARMACISTS.P02), ''],
      dispensing_fee_score: ['2', '3', '1', '4'],
      dispensing_technical_fee: (
        ['K01', 'K02', 'K04', 'K05', 'K08', 'K06', 'K07', 'K03'] as const
      ).map(feeCode),
      medicine_prepared_fee_add: [feeCode('K08'), feeCode('K07')],
      pharmacy_management_fee: (['K09', 'K12', 'K13', 'K11', 'K10', 'K14'] as const).map(feeCode),
      pharmacy_management_fee_add: [feeCode('K15'), feeCode('K16')],
      medicine_fee: (['M4', 'M3', 'M2', 'M1'] as const).map((m) => MEDICINES[m].code),
      medical_material_fee: [MATERIALS.X1.code, MATERIALS.X2.code],
      clinic: [INSTITUTIONS.C1.code, INSTITUTIONS.C2.code, INSTITUTIONS.C3.code],
      doctor: [doctor('山本 一郎', 'C1'), doctor('山本 一郎', 'C3'), doctor('佐藤 花子', 'C2'), ''],
      clinical_department: [idOf(departments, '内科'), idOf(departments, '整形外科'), ''],
      gender: ['2', '1', ''],
      age: ['30～39', '60～69', '70～79', '80～89', '不明'],
      reception_type: ['外来', '在宅'],
      reception_count: ['1', '2', '3'],
      insurance_type: ['後期高齢', '社保', '国保'],
      address: ['8100001', '8100022', '8120011', '8160861', ''],
    };
    for (const page of ANALYSIS_PAGES) {
      const series = await chart(admin, 'v3', page.family, page.defaultMetric, MONTHLY);
      expect(
        series.map((s) => s.key),
        page.family,
      ).toEqual(KEYS[page.family]);
      // Only medicines carry a YJ code.
      expect(
        series.map((s) => s.yjCode),
        page.family,
      ).toEqual(
        page.family === 'medicine_fee'
          ? (['M4', 'M3', 'M2', 'M1'] as const).map((m) => MEDICINES[m].yjCode)
          : series.map(() => undefined),
      );
    }
    const towns = await chart(admin, 'v3', 'address', 'prescription_counts', {
      ...MONTHLY,
      address: '福岡県福岡市',
    });
    expect(towns.map((s) => s.key)).toEqual([TENJIN_2, YAKUIN_1, HAKATA_EKIMAE_3]);
  });
});

describe('CSV export', () => {
  const CSV_MONTHLY = {
    from: MONTHLY.from,
    to: MONTHLY.to,
    period_code: MONTHLY.periodCode,
    store_codes: MONTHLY.storeCodes,
  };
  const BOM = '\uFEFF';
  /** Text quoted, numbers bare (an empty value quoted empty). */
  const csvCell = (c: string | number | CsvNumberText) =>
    typeof c === 'number' ? String(c) : typeof c === 'string' ? `"${c}"` : c.numberText || '""';
  const csvLine = (cells: (string | number | CsvNumberText)[]) =>
    `${cells.map(csvCell).join(',')}\r\n`;
  /** A value with the screens' decimals ('100.0'), bare like any number. */
  const decimal = csvNumber;
  const unit = (slug: MetricSlug) => metricBySlug(slug)!.unit;

  /** The CSV as sent, after checking its type and that it downloads under the page's file name. */
  async function download(
    family: AnalysisFamily,
    slug: MetricSlug,
    query: Query,
    fileName: string,
  ) {
    const reply = await admin.get(`${analysisCsvPath(family, slug)}?${new URLSearchParams(query)}`);
    expect(reply.status, reply.bytes.toString()).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toBe(
      `attachment; filename="export.csv"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    );
    return reply.bytes.toString('utf8');
  }

  it('writes the table: BOM, CRLF, No., item, a column per month, 合計; the file named by page and period', async () => {
    const text = await download(
      'clinic',
      'generic_dispensing_rates',
      CSV_MONTHLY,
      'Pharmalytics_医療機関_後発医薬品調剤割合_2026-04-01_2026-05-31.csv',
    );
    expect(text).toBe(
      BOM +
        csvLine(['No.', '医療機関', '2026/04', '2026/05', '合計']) +
        csvLine([1, 'みどり整形外科', decimal('100.0'), decimal('100.0'), decimal('100.0')]) +
        csvLine([2, 'さくら内科クリニック', 66.7, 66.7, 66.7]) +
        csvLine([3, 'さくら内科クリニック', decimal('50.0'), decimal('100.0'), 66.7]),
    );
  });

  it('adds 比較期間 and 増減 after 合計 with a comparison period: a rate changes in points', async () => {
    const text = await download(
      'pharmacy',
      'generic_dispensing_rates',
      {
        from: '2026-05-11',
        to: '2026-05-12',
        period_code: '3',
        comparison_from: '2026-04-07',
        comparison_to: '2026-04-08',
        store_codes: MONTHLY.storeCodes,
      },
      'Pharmalytics_調剤薬局_後発医薬品調剤割合_2026-05-11_2026-05-12.csv',
    );
    // 博多駅前 56/56 against 14/28 (S04, S05); 天神 98/126 against no sheets.
    expect(text).toBe(
      BOM +
        csvLine(['No.', '店舗', '2026/05/11', '2026/05/12', '合計', '比較期間', '増減（pt）']) +
        csvLine([
          1,
          HAKATA,
          '',
          decimal('100.0'),
          decimal('100.0'),
          decimal('50.0'),
          decimal('50.0'),
        ]) +
        csvLine([2, TENJIN, decimal('77.8'), '', decimal('77.8'), '', '']),
    );
  });

  it('leaves 増減 empty when the stores lack data for part of the comparison period', async () => {
    const text = await download(
      'clinic',
      'prescription_counts',
      {
        from: '2026-04-01',
        to: '2026-04-30',
        period_code: '2',
        comparison_from: '2026-05-01',
        comparison_to: '2026-05-31',
        store_codes: '1002',
      },
      'Pharmalytics_医療機関_処方箋枚数_2026-04-01_2026-04-30.csv',
    );
    expect(text).toBe(
      BOM +
        csvLine(['No.', '医療機関', '2026/04', '合計', '比較期間', '増減（%）']) +
        csvLine([1, 'さくら内科クリニック', 2, 2, 1, '']) +
        csvLine([2, 'みどり整形外科', 0, 0, 1, '']),
    );
  });

  it('leaves a cell without a value empty', async () => {
    const text = await download(
      'doctor',
      'generic_dispensing_rates',
      CSV_MONTHLY,
      'Pharmalytics_医師_後発医薬品調剤割合_2026-04-01_2026-05-31.csv',
    );
    expect(text).toBe(
      BOM +
        csvLine(['No.', '医師', '2026/04', '2026/05', '合計']) +
        csvLine([1, DOCTOR_3, decimal('100.0'), decimal('100.0'), decimal('100.0')]) +
        csvLine([2, DOCTOR_2, decimal('100.0'), decimal('100.0'), decimal('100.0')]) +
        csvLine([3, DOCTOR_1, 66.7, 66.7, 66.7]) +
        csvLine([4, '不明', decimal('0.0'), '', decimal('0.0')]),
    );
  });

  it('gives the long format, a row per store, item and month, with separate_by_store=true', async () => {
    // Receptions per patient within each store: 天神 A 3, B 1, E 1; 博多駅前 B 1, C 1, D 2.
    const text = await download(
      'reception_count',
      'prescription_counts',
      { ...CSV_MONTHLY, separate_by_store: 'true' },
      'Pharmalytics_受付回数_処方箋枚数_店舗別_2026-04-01_2026-05-31.csv',
    );
    expect(text).toBe(
      BOM +
        csvLine(['店舗', '受付回数', '期間', '処方箋枚数（枚）']) +
        csvLine([TENJIN, '1回', '2026/04', 1]) +
        csvLine([TENJIN, '1回', '2026/05', 1]) +
        csvLine([TENJIN, '3回', '2026/04', 2]) +
        csvLine([TENJIN, '3回', '2026/05', 2]) +
        csvLine([HAKATA, '1回', '2026/04', 1]) +
        csvLine([HAKATA, '1回', '2026/05', 1]) +
        csvLine([HAKATA, '2回', '2026/04', 1]) +
        csvLine([HAKATA, '2回', '2026/05', 1]),
    );
  });

  it('takes the filters and the address in snake_case', async () => {
    // C1 or C3, holding a 後発医薬品, 外来, living in 福岡市: S01, S03 | S06, S07, S09.
    const filters = {
      medical_institution_filters: '4011000011,4011000037',
      reception_type_filters: '外来',
      generic_medicine_filters: '3',
    };
    const text = await download(
      'address',
      'prescription_counts',
      { ...CSV_MONTHLY, ...filters, address: '福岡県福岡市' },
      'Pharmalytics_住所_処方箋枚数_2026-04-01_2026-05-31.csv',
    );
    expect(text).toBe(
      BOM +
        csvLine(['No.', '住所', '2026/04', '2026/05', '合計']) +
        csvLine([1, TENJIN_2, 1, 2, 3]) +
        csvLine([2, HAKATA_EKIMAE_3, 1, 1, 2]),
    );
    await expectSeries(
      'address',
      'prescription_counts',
      {
        ...MONTHLY,
        medicalInstitutionFilters: filters.medical_institution_filters,
        receptionTypeFilters: filters.reception_type_filters,
        generic_medicine_filters: filters.generic_medicine_filters,
        address: '福岡県福岡市',
      },
      MONTHS,
      [
        [TENJIN_2, 3, 1, 2],
        [HAKATA_EKIMAE_3, 2, 1, 1],
      ],
    );
  });

  it('takes the 市区町村 mode as address_mode', async () => {
    const text = await download(
      'address',
      'prescription_counts',
      { ...CSV_MONTHLY, address_mode: 'city' },
      'Pharmalytics_住所_処方箋枚数_2026-04-01_2026-05-31.csv',
    );
    expect(text).toBe(
      BOM +
        csvLine(['No.', '住所', '2026/04', '2026/05', '合計']) +
        csvLine([1, '福岡県福岡市中央区', 3, 3, 6]) +
        csvLine([2, '福岡県福岡市博多区', 1, 1, 2]) +
        csvLine([3, '不明', 1, 0, 1]) +
        csvLine([4, '福岡県春日市', 0, 1, 1]),
    );
  });

  it('holds the JSON series of every page, in their order, with the same query in snake_case', async () => {
    for (const page of ANALYSIS_PAGES) {
      const series = await chart(admin, 'v3', page.family, page.defaultMetric, {
        ...MONTHLY,
        sortOrder: '1',
      });
      const title = route(page.route).title!;
      const text = await download(
        page.family,
        page.defaultMetric,
        { ...CSV_MONTHLY, sort_order: '1' },
        analysisExportFileName(title, metricBySlug(page.defaultMetric)!.label, CSV_MONTHLY, 'csv'),
      );
      expect(text, page.family).toBe(
        BOM +
          csvLine(['No.', page.itemLabel, ...MONTHS.map((m) => m.replace('-', '/')), '合計']) +
          series
            .map((s, i) =>
              csvLine([
                i + 1,
                s.name,
                ...s.rows.map((r) => formatMetricCsv(r.value, unit(page.defaultMetric))),
                formatMetricCsv(s.total, unit(page.defaultMetric)),
              ]),
            )
            .join(''),
      );
    }
  });
});

describe('a comparison period', () => {
  // 天神's facts run from 04-06 to 05-11, 博多駅前's from 04-07 to 05-12.
  it('gives each item its total over the comparison period, alike on v3 and v2', async () => {
    const query = {
      from: '2026-05-01',
      to: '2026-05-12',
      periodCode: '3',
      comparisonFrom: '2026-04-07',
      comparisonTo: '2026-04-18',
      ...BOTH_STORES,
    };
    const [v3, v2] = await Promise.all([
      chart(admin, 'v3', 'clinic', 'dispensing_sales', query),
      chart(sysadmin, 'v2', 'clinic', 'dispensing_sales', query),
    ]);
    expect(v2).toEqual(v3);
    // May: C1 S06 + S08, C3 S07 + S09, C2 S10; 04-07..04-18: C2 S04 + S05 alone.
    expect(
      v3.map((s) => [label('clinic', s), s.total, s.comparisonTotal, s.comparisonComplete]),
    ).toEqual([
      [CLINIC_1, 18780, 0, true],
      [CLINIC_3, 4210, 0, true],
      [CLINIC_2, 2500, 5020, true],
    ]);
  });

  it('adds an item seen only in the comparison period after the others, and marks it incomplete', async () => {
    // 博多駅前 in April against May: C3 sent S09 in May only; its facts end on 05-12.
    const query = {
      from: '2026-04-01',
      to: '2026-04-30',
      periodCode: '2',
      comparisonFrom: '2026-05-01',
      comparisonTo: '2026-05-31',
      storeCodes: '1002',
    };
    for (const [version, client] of VERSIONS) {
      const series = await chart(client(), version, 'clinic', 'prescription_counts', query);
      expect(
        series.map((s) => [
          label('clinic', s),
          s.total,
          s.rows,
          s.comparisonTotal,
          s.comparisonComplete,
        ]),
        version,
      ).toEqual([
        [CLINIC_2, 2, [{ date: '2026-04', value: 2 }], 1, false],
        [CLINIC_3, 0, [{ date: '2026-04', value: 0 }], 1, false],
      ]);
    }
  });

  it('leaves the answer as it was without one', async () => {
    const series = await chart(admin, 'v3', 'clinic', 'prescription_counts', MONTHLY);
    expect(series.every((s) => !('comparisonTotal' in s) && !('comparisonComplete' in s))).toBe(
      true,
    );
  });
});

describe('the two engines', () => {
  it('answer every page × metric alike on the system of record and on the replica', async () => {
    expect(await enginesDisagree(t, ['1001', '1002'], MONTHLY)).toEqual([]);
  }, 120_000);

  it('served every /v3 answer of the hand-computed checks from the replica', () => {
    const { computed, onReplica } = t.app.services.metrics.stats();
    expect(computed).toBeGreaterThan(0);
    expect(onReplica).toBe(computed);
  });
});
