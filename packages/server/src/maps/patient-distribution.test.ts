import {
  CSV_COLUMNS,
  DAILY_AXIS_MAX_DAYS,
  FIELD_LABELS,
  FORM_MESSAGES,
  INPUT_LIMITS,
  INPUT_MESSAGES,
  MAP_CATEGORIES,
  OTHER_CATEGORY_LABEL,
  TIME_AXES,
  timeAxis,
  type DispensingCsvColumn,
  type PatientDistributionResponse,
} from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locatePatientHome } from '../ingestion/patient-home.ts';
import type { HttpClient } from '../testing/http-client.ts';
import { replicaCaughtUp } from '../testing/replica.ts';
import { signInDemoMembers, type DemoMember } from '../testing/auth.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { uploadAs } from '../testing/upload.ts';

/**
 * GET /v3/patient_distribution and its /v2 twin on a hand-made upload, every category worked out
 * by hand below. The period is 2026-04-27 (D1) to 2026-05-03 (D7); D0 (04-26) lies before it.
 * Stores 1001 はかた薬局 天神店, 1002 博多駅前店, 1003 薬院店 of the advanced corporation (the role
 * user browses 1001 and 1002); 3001 of the basic plan's corporation.
 *
 *   patient born    home  sheets (day store institution type [time])         clinic   store  age
 *   P01     1950-03 天神  D1 1001 I01 在宅, D2 1001 I01 外来, D3 1001 I02 在宅 I01 most  1001   76
 *   P02     1985-07 天神  D1 1001 I02, D3 1001 I01 (one each: the later)         I01      1001   40
 *   P03     1990-08 博多  D2 1001 I03, D2 1001 I01 (same day: the lower code)    I01      1001   35
 *   P04     1948-01 薬院  D4 1001 I01 在宅 09:00, D4 1001 I01 外来 15:00         I01      1001   78
 *   P05     2020-02 博多  D2 1002 I02                                           I02      1002    6
 *   P06     2015-06 博多  D0 1001 I01 (before), D2 1002 I02, D3 1002 I02        I02      1002   10
 *   P07     1975-04 博多  D4 1001 I06, D5 1002 I02 (one each: the later)        I02      1002   51
 *   P08     1962-11 薬院  D3 1003 I03                                           I03      1003   63
 *   P09     1940-05 薬院  D3 1001 I03, D3 1003 I03 (store tie: the lower code)  I03      1001   85
 *   P10     2000-01 博多  D5 1002 I04                                           I04      1002   26
 *   P11     1970-09 天神  D5 1001 I04                                           I04      1001   55
 *   P12     1956-05 春日  D2 1001 I05, D6 1001 I05 (69 on D2, 70 on D6)         I05      1001   70
 *   P13     -       天神  D3 1001 I06                                           I06      1001   不明
 *   P14     -       (zip 810-0001 only) D3 1001 I07                             I07      1001   不明
 *   P15     1930-01 天神  D3 1001 I08                                           I08      1001   96
 *   P16     1935-12 春日  D3 1001 I09 在宅                                      I09      1001   90
 *   P17     1995-03 薬院  D3 1001 I10                                           I10      1001   31
 *   P18     1982-10 天神  D6 1001 I11 在宅 (no time), D6 1001 I11 外来 10:00     I11      1001   43
 *   P19     1960-01 (no address, no zip) D3 1001 I01: no location, left out
 *   P20     1960-01 天神  D0 1001 I05 only: before the period, left out
 *   Q01     1960-01 天神  D3 3001 I01 (the basic plan's corporation)
 *
 * Sheets are 外来 and at 10:00 unless said. 受付区分 is the type of the latest sheet (date, then
 * time; a sheet without a time counts as earlier on its day): 在宅 P01, P16; 外来 the other 16.
 */

const PERIOD = { from: '2026-04-27', to: '2026-05-03' };
const DAYS = [
  '2026-04-26',
  '2026-04-27',
  '2026-04-28',
  '2026-04-29',
  '2026-04-30',
  '2026-05-01',
  '2026-05-02',
  '2026-05-03',
];

const INSTITUTIONS = {
  I01: { code: '4011000011', name: '天神内科クリニック' },
  I02: { code: '4011000029', name: '博多駅前こどもクリニック' },
  I03: { code: '4011000037', name: '薬院整形外科' },
  I04: { code: '4011000045', name: '大名皮膚科' },
  I05: { code: '4011000052', name: 'さくら通り眼科' },
  I06: { code: '4011000060', name: '赤坂耳鼻科' },
  I07: { code: '4011000078', name: '渡辺通りクリニック' },
  I08: { code: '4011000086', name: '中洲内科' },
  I09: { code: '4011000094', name: '祇園メンタルクリニック' },
  I10: { code: '4011000102', name: '西中洲外科' },
  I11: { code: '4011000110', name: '春吉泌尿器科' },
} as const;
type Institution = keyof typeof INSTITUTIONS;

const HOMES = {
  天神: { address: '福岡県福岡市中央区天神二丁目', zip: '8100001' },
  博多: { address: '福岡県福岡市博多区博多駅前三丁目', zip: '8120011' },
  薬院: { address: '福岡県福岡市中央区薬院一丁目', zip: '8100022' },
  春日: { address: '福岡県春日市岡本一丁目', zip: '8160861' },
  zipOnly: { address: '', zip: '8100001' },
  none: { address: '', zip: '' },
} as const;
type Home = keyof typeof HOMES;

type Sheet = [day: number, store: string, inst: Institution, type?: '外来' | '在宅', time?: string];
interface Patient {
  born: string;
  home: Home;
  sheets: Sheet[];
}

const PATIENTS: Record<string, Patient> = {
  P01: {
    born: '1950-03',
    home: '天神',
    sheets: [
      [1, '1001', 'I01', '在宅'],
      [2, '1001', 'I01'],
      [3, '1001', 'I02', '在宅'],
    ],
  },
  P02: {
    born: '1985-07',
    home: '天神',
    sheets: [
      [1, '1001', 'I02'],
      [3, '1001', 'I01'],
    ],
  },
  P03: {
    born: '1990-08',
    home: '博多',
    sheets: [
      [2, '1001', 'I03'],
      [2, '1001', 'I01', '外来', '11:00'],
    ],
  },
  P04: {
    born: '1948-01',
    home: '薬院',
    sheets: [
      [4, '1001', 'I01', '在宅', '09:00'],
      [4, '1001', 'I01', '外来', '15:00'],
    ],
  },
  P05: { born: '2020-02', home: '博多', sheets: [[2, '1002', 'I02']] },
  P06: {
    born: '2015-06',
    home: '博多',
    sheets: [
      [0, '1001', 'I01'],
      [2, '1002', 'I02'],
      [3, '1002', 'I02'],
    ],
  },
  P07: {
    born: '1975-04',
    home: '博多',
    sheets: [
      [4, '1001', 'I06'],
      [5, '1002', 'I02'],
    ],
  },
  P08: { born: '1962-11', home: '薬院', sheets: [[3, '1003', 'I03']] },
  P09: {
    born: '1940-05',
    home: '薬院',
    sheets: [
      [3, '1001', 'I03'],
      [3, '1003', 'I03'],
    ],
  },
  P10: { born: '2000-01', home: '博多', sheets: [[5, '1002', 'I04']] },
  P11: { born: '1970-09', home: '天神', sheets: [[5, '1001', 'I04']] },
  P12: {
    born: '1956-05',
    home: '春日',
    sheets: [
      [2, '1001', 'I05'],
      [6, '1001', 'I05'],
    ],
  },
  P13: { born: '', home: '天神', sheets: [[3, '1001', 'I06']] },
  P14: { born: '', home: 'zipOnly', sheets: [[3, '1001', 'I07']] },
  P15: { born: '1930-01', home: '天神', sheets: [[3, '1001', 'I08']] },
  P16: { born: '1935-12', home: '春日', sheets: [[3, '1001', 'I09', '在宅']] },
  P17: { born: '1995-03', home: '薬院', sheets: [[3, '1001', 'I10']] },
  P18: {
    born: '1982-10',
    home: '天神',
    sheets: [
      [6, '1001', 'I11', '在宅', ''],
      [6, '1001', 'I11', '外来', '10:00'],
    ],
  },
  P19: { born: '1960-01', home: 'none', sheets: [[3, '1001', 'I01']] },
  P20: { born: '1960-01', home: '天神', sheets: [[0, '1001', 'I05']] },
  Q01: { born: '1960-01', home: '天神', sheets: [[3, '3001', 'I01']] },
};

/** Each patient's item of each category, from the table above (P19 and P20 are not shown). */
const EXPECTED: Record<string, { clinic: Institution; store: string; age: string }> = {
  P01: { clinic: 'I01', store: '1001', age: '70～79' },
  P02: { clinic: 'I01', store: '1001', age: '40～49' },
  P03: { clinic: 'I01', store: '1001', age: '30～39' },
  P04: { clinic: 'I01', store: '1001', age: '70～79' },
  P05: { clinic: 'I02', store: '1002', age: '0～9' },
  P06: { clinic: 'I02', store: '1002', age: '10～19' },
  P07: { clinic: 'I02', store: '1002', age: '50～59' },
  P08: { clinic: 'I03', store: '1003', age: '60～69' },
  P09: { clinic: 'I03', store: '1001', age: '80～89' },
  P10: { clinic: 'I04', store: '1002', age: '20～29' },
  P11: { clinic: 'I04', store: '1001', age: '50～59' },
  P12: { clinic: 'I05', store: '1001', age: '70～79' },
  P13: { clinic: 'I06', store: '1001', age: '不明' },
  P14: { clinic: 'I07', store: '1001', age: '不明' },
  P15: { clinic: 'I08', store: '1001', age: '90歳以上' },
  P16: { clinic: 'I09', store: '1001', age: '90歳以上' },
  P17: { clinic: 'I10', store: '1001', age: '30～39' },
  P18: { clinic: 'I11', store: '1001', age: '40～49' },
};
const HOME_CARE = new Set(['P01', 'P16']);
const STORE_NAMES: Record<string, string> = {
  '1001': 'はかた薬局 天神店',
  '1002': 'はかた薬局 博多駅前店',
  '1003': 'はかた薬局 薬院店',
};

const category = (key: (typeof MAP_CATEGORIES)[number]['key']) =>
  String(MAP_CATEGORIES.find((c) => c.key === key)!.value);

/** One sheet with one fee line, as a store's receipt computer writes it. */
function sheetLine(pharmacyCode: string, patientId: string, sheet: Sheet, reception: string) {
  const [day, , inst, type = '外来', time = '10:00'] = sheet;
  const patient = PATIENTS[patientId]!;
  const home = HOMES[patient.home];
  const values: Partial<Record<DispensingCsvColumn, string>> = {
    pharmacy_code: pharmacyCode,
    dispensing_date: DAYS[day],
    reception_time: time,
    reception_id: reception,
    prescription_no: '1',
    patient_id: patientId,
    patient_gender: '1',
    patient_birth_month: patient.born,
    patient_zip: home.zip,
    patient_address: home.address,
    insurance_type: '社保',
    reception_type: type,
    visit_type: '再来',
    medicine_notebook: '1',
    institution_code: INSTITUTIONS[inst].code,
    institution_name: INSTITUTIONS[inst].name,
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

let t: TestApp;
let clients: Record<DemoMember, HttpClient>;

beforeAll(async () => {
  t = await startTestApp();
  const lines = new Map<string, string[]>();
  for (const [patientId, patient] of Object.entries(PATIENTS)) {
    patient.sheets.forEach((sheet, i) => {
      const store = sheet[1];
      lines.set(store, [...(lines.get(store) ?? []), `${patientId}-${i}`]);
    });
  }
  for (const [storeCode, keys] of lines) {
    const { insurance_institution_code: code } = await t.db
      .selectFrom('stores')
      .select('insurance_institution_code')
      .where('store_code', '=', storeCode)
      .executeTakeFirstOrThrow();
    const csv = keys.map((key) => {
      const [patientId, i] = key.split('-') as [string, string];
      return sheetLine(code!, patientId, PATIENTS[patientId]!.sheets[Number(i)]!, `R-${key}`);
    });
    const reply = await uploadAs(t, storeCode, csv);
    expect(reply.body, storeCode).toMatchObject({ status: 'loaded', rowsRefused: 0 });
  }
  clients = await signInDemoMembers(t);
}, 120_000);
afterAll(() => t.close());

type Query = Record<string, string>;
const path = (query: Query = {}, api: 'v3' | 'v2' = 'v3') =>
  `${api === 'v3' ? '/v3/patient_distribution' : '/v2/address/patient_distribution'}?${new URLSearchParams(
    { ...PERIOD, storeCodes: '1001,1002,1003', ...query },
  )}`;

async function distribution(
  query: Query = {},
  client: HttpClient = clients.admin,
  api: 'v3' | 'v2' = 'v3',
): Promise<PatientDistributionResponse> {
  const reply = await client.get(path(query, api));
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

/** The wire's patients as sorted "category @ lat,lng" entries, for comparing as multisets. */
const entries = (patients: PatientDistributionResponse['patients']) =>
  patients.map((p) => `${p.categoryName} @ ${p.location.lat},${p.location.lng}`).sort();

/** The patients expected, each at its town point with the category name `nameOf` gives it. */
function expectedPatients(nameOf: (patientId: string) => string, only = Object.keys(EXPECTED)) {
  return only
    .map((id) => {
      const home = HOMES[PATIENTS[id]!.home];
      const point = locatePatientHome(home.address || null, home.zip || null);
      expect(point.latitude, id).not.toBeNull();
      return `${nameOf(id)} @ ${point.latitude},${point.longitude}`;
    })
    .sort();
}

const clinicName = (inst: Institution) => INSTITUTIONS[inst].name;

describe('the four categories', () => {
  it('医療機関 (the default): the institution of most sheets, the first nine and その他', async () => {
    const body = await distribution();
    // I01 4, I02 3, then 2 each for 大名皮膚科 and 薬院整形外科 (by name), then one each by
    // name; the 10th and 11th (西中洲外科, 赤坂耳鼻科) are folded.
    expect(body.categories).toEqual([
      { name: clinicName('I01'), count: 4 },
      { name: clinicName('I02'), count: 3 },
      { name: clinicName('I04'), count: 2 },
      { name: clinicName('I03'), count: 2 },
      { name: clinicName('I05'), count: 1 },
      { name: clinicName('I08'), count: 1 },
      { name: clinicName('I11'), count: 1 },
      { name: clinicName('I07'), count: 1 },
      { name: clinicName('I09'), count: 1 },
      { name: OTHER_CATEGORY_LABEL, count: 2 },
    ]);
    const folded = new Set<Institution>(['I10', 'I06']);
    const nameOf = (id: string) => {
      const inst = EXPECTED[id]!.clinic;
      return folded.has(inst) ? OTHER_CATEGORY_LABEL : clinicName(inst);
    };
    expect(entries(body.patients)).toEqual(expectedPatients(nameOf));
    expect(body).toEqual(await distribution({ addressCategory: category('clinic') }));
    // Any other number ranks by clinic too.
    expect(body).toEqual(await distribution({ addressCategory: '7' }));
    expect(body).toEqual(await distribution({ addressCategory: '0' }));
  });

  it('受付区分: the type of the latest sheet', async () => {
    const body = await distribution({ addressCategory: category('receptionType') });
    expect(body.categories).toEqual([
      { name: '外来', count: 16 },
      { name: '在宅', count: 2 },
    ]);
    expect(entries(body.patients)).toEqual(
      expectedPatients((id) => (HOME_CARE.has(id) ? '在宅' : '外来')),
    );
  });

  it('薬局別: the store of most sheets', async () => {
    const body = await distribution({ addressCategory: category('pharmacy') });
    expect(body.categories).toEqual([
      { name: STORE_NAMES['1001'], count: 13 },
      { name: STORE_NAMES['1002'], count: 4 },
      { name: STORE_NAMES['1003'], count: 1 },
    ]);
    expect(entries(body.patients)).toEqual(
      expectedPatients((id) => STORE_NAMES[EXPECTED[id]!.store]!),
    );
  });

  it('年代別: the age band at the last sheet, every band present in band order, 不明 last', async () => {
    const body = await distribution({ addressCategory: category('age') });
    expect(body.categories).toEqual([
      { name: '0～9', count: 1 },
      { name: '10～19', count: 1 },
      { name: '20～29', count: 1 },
      { name: '30～39', count: 2 },
      { name: '40～49', count: 2 },
      { name: '50～59', count: 2 },
      { name: '60～69', count: 1 },
      { name: '70～79', count: 3 },
      { name: '80～89', count: 1 },
      { name: '90歳以上', count: 2 },
      { name: '不明', count: 2 },
    ]);
    expect(entries(body.patients)).toEqual(expectedPatients((id) => EXPECTED[id]!.age));
  });

  it('answers the stores with their points, and counts whole patients', async () => {
    const body = await distribution();
    const stores = await t.db
      .selectFrom('stores')
      .select(['store_code', 'name', 'latitude', 'longitude'])
      .where('store_code', 'in', ['1001', '1002', '1003'])
      .orderBy('store_code')
      .execute();
    expect(body.pharmacies).toEqual(
      stores.map((s) => ({
        storeCode: s.store_code,
        name: s.name,
        location: { lat: s.latitude, lng: s.longitude },
      })),
    );
    expect(body.patients).toHaveLength(18);
    expect(body.categories.reduce((sum, c) => sum + c.count, 0)).toBe(18);
  });

  it('with the institution filter, counts only the sheets of those institutions', async () => {
    const body = await distribution({ medicalInstitutionFilters: INSTITUTIONS.I02.code });
    // P01 (D3), P02 (D1), P05, P06, P07.
    expect(body.categories).toEqual([{ name: clinicName('I02'), count: 5 }]);
    expect(entries(body.patients)).toEqual(
      expectedPatients(() => clinicName('I02'), ['P01', 'P02', 'P05', 'P06', 'P07']),
    );
    const two = await distribution({
      medicalInstitutionFilters: `${INSTITUTIONS.I03.code},${INSTITUTIONS.I10.code}`,
      addressCategory: category('pharmacy'),
    });
    // P03 (I03 at 1001), P08 (1003), P09 (1001 and 1003: 1001), P17 (I10 at 1001).
    expect(two.categories).toEqual([
      { name: STORE_NAMES['1001'], count: 3 },
      { name: STORE_NAMES['1003'], count: 1 },
    ]);
  });

  it('is empty for a period without sheets', async () => {
    const body = await distribution({ from: '2025-01-01', to: '2025-01-31' });
    expect(body.patients).toEqual([]);
    expect(body.categories).toEqual([]);
    expect(body.pharmacies).toHaveLength(3);
  });
});

describe('engines and twins', () => {
  it('the /v2 twin (the system of record) and /v3 on the replica give the same answer', async () => {
    await replicaCaughtUp(t.app, t.db);
    const before = t.app.services.metrics.stats().onReplica;
    for (const addressCategory of MAP_CATEGORIES.map((c) => String(c.value))) {
      for (const extra of [{}, { medicalInstitutionFilters: INSTITUTIONS.I03.code }] as Query[]) {
        const query = { addressCategory, storeCodes: '', ...extra };
        const v3 = await distribution(query, clients.sysadmin);
        const v2 = await distribution(query, clients.sysadmin, 'v2');
        expect(v3, JSON.stringify(query)).toEqual(v2);
      }
    }
    expect(t.app.services.metrics.stats().onReplica).toBeGreaterThan(before);
  });
});

describe('access', () => {
  it('a role user gets its browsable stores for "all", and is refused any other', async () => {
    const all = await distribution({ storeCodes: '' }, clients.user);
    const own = await distribution({ storeCodes: '1001,1002' }, clients.admin);
    expect(all).toEqual(own);
    expect(all.pharmacies.map((p) => p.storeCode)).toEqual(['1001', '1002']);
    // P08 came to 1003 only.
    expect(all.patients).toHaveLength(17);
    for (const storeCodes of ['1003', '1001,1003', '9999']) {
      const reply = await clients.user.get(path({ storeCodes }));
      expect(reply.status, storeCodes).toBe(403);
    }
    // An administrator's "all" is every active store of the corporation.
    const admin = await distribution({ storeCodes: '' }, clients.admin);
    expect(admin.pharmacies.map((p) => p.storeCode)).toEqual(
      expect.arrayContaining(['1001', '1002', '1003']),
    );
  });

  it("another corporation's stores are refused, alone or among one's own", async () => {
    for (const client of [clients.admin, clients.user, clients.sysadmin]) {
      for (const storeCodes of ['3001', '1001,3001', '2001']) {
        expect((await client.get(path({ storeCodes }))).status, storeCodes).toBe(403);
      }
    }
    expect((await clients.sysadmin.get(path({ storeCodes: '1001,3001' }, 'v2'))).status).toBe(403);
  });

  it('the free and basic plans are refused (spec 02 §6: advanced only), and visitors', async () => {
    for (const [client, storeCodes] of [
      [clients.free, '2001'],
      [clients.basic, '3001'],
    ] as const) {
      expect((await client.get(path({ storeCodes }))).status).toBe(403);
      expect((await client.get(path({ storeCodes: '' }))).status).toBe(403);
    }
    expect((await t.client().get(path())).status).toBe(401);
  });

  it('the development twin (/v2) answers system administrators only', async () => {
    expect((await clients.admin.get(path({}, 'v2'))).status).toBe(403);
    expect((await clients.user.get(path({ storeCodes: '1001' }, 'v2'))).status).toBe(403);
    expect((await clients.sysadmin.get(path({}, 'v2'))).status).toBe(200);
  });

  it('a store without a point is left off the map, its patients still counted', async () => {
    const before = await distribution({ addressCategory: category('pharmacy') });
    await t.db
      .updateTable('stores')
      .set({ latitude: null })
      .where('store_code', '=', '1003')
      .execute();
    try {
      const after = await distribution({ addressCategory: category('pharmacy') });
      expect(after.pharmacies.map((p) => p.storeCode)).toEqual(['1001', '1002']);
      expect(after.categories).toEqual(before.categories);
    } finally {
      await t.db
        .updateTable('stores')
        .set({ latitude: before.pharmacies.find((p) => p.storeCode === '1003')!.location.lat })
        .where('store_code', '=', '1003')
        .execute();
    }
  });
});

describe('bad input', () => {
  const refusal = (name: string, message: string) => ({
    statusCode: 400,
    message: 'validation error',
    errors: [{ path: name, message }],
  });
  const refused = async (query: Query, name: string, message: string) => {
    for (const api of ['v3', 'v2'] as const) {
      const reply = await clients.sysadmin.get(path(query, api));
      expect(reply.body, `${api} ${JSON.stringify(query)}`).toEqual(refusal(name, message));
    }
  };

  it('refuses each field with its message', async () => {
    await refused({ from: '2026/04/27' }, 'from', INPUT_MESSAGES.date);
    await refused({ to: '2026-02-30' }, 'to', INPUT_MESSAGES.date);
    await refused(
      { periodCode: '9' },
      'periodCode',
      INPUT_MESSAGES.integerRange(FIELD_LABELS.timeAxis, 1, TIME_AXES.length),
    );
    await refused(
      { storeCodes: '1001;1002' },
      'storeCodes',
      INPUT_MESSAGES.codeList(FIELD_LABELS.storeCode),
    );
    const categoryMessage = INPUT_MESSAGES.integerRange(
      FIELD_LABELS.addressCategory,
      0,
      INPUT_LIMITS.int4Max,
    );
    for (const addressCategory of ['x', '-1', '1.5', '02', '2147483648']) {
      await refused({ addressCategory }, 'addressCategory', categoryMessage);
    }
    await refused(
      { medicalInstitutionFilters: 'x' },
      'medicalInstitutionFilters',
      INPUT_MESSAGES.codeList(FIELD_LABELS.medicalInstitutionFilter),
    );
  });

  it('refuses a missing date, an unknown parameter, and periods the period menu refuses', async () => {
    const { from: _, ...withoutFrom } = { ...PERIOD, storeCodes: '1001' };
    const missing = await clients.admin.get(
      `/v3/patient_distribution?${new URLSearchParams(withoutFrom)}`,
    );
    expect(missing.body).toEqual(refusal('from', INPUT_MESSAGES.date));
    const unknown = await clients.admin.get(path({ address: '天神' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('validation error');
    const reversed = await clients.admin.get(path({ from: PERIOD.to, to: PERIOD.from }));
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe(FORM_MESSAGES.periodStartAfterEnd);
    const daily = String(timeAxis('daily').value);
    const tooLong = await clients.admin.get(
      path({ from: '2024-01-01', to: '2026-01-01', periodCode: daily }),
    );
    expect(DAILY_AXIS_MAX_DAYS).toBeLessThan(731);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(FORM_MESSAGES.dailyAxisTooLong);
    const monthly = await clients.admin.get(
      path({ from: '2024-01-01', to: '2026-01-01', periodCode: '2' }),
    );
    expect(monthly.status).toBe(200);
  });
});

describe('at the end, an upload', () => {
  it('shows in the next call: answers are kept by data version', async () => {
    const query = { addressCategory: category('pharmacy'), storeCodes: '1002' };
    const first = await distribution(query);
    expect(first.categories).toEqual([{ name: STORE_NAMES['1002'], count: 4 }]);
    const hits = t.app.services.metrics.stats().hits;
    expect(await distribution(query)).toEqual(first);
    expect(t.app.services.metrics.stats().hits).toBe(hits + 1);
    // P13 comes to 1002 once (D4).
    const { insurance_institution_code: code } = await t.db
      .selectFrom('stores')
      .select('insurance_institution_code')
      .where('store_code', '=', '1002')
      .executeTakeFirstOrThrow();
    const reply = await uploadAs(t, '1002', [sheetLine(code!, 'P13', [4, '1002', 'I02'], 'R-new')]);
    expect(reply.body).toMatchObject({ status: 'loaded', rowsRefused: 0 });
    const after = await distribution(query);
    expect(after.categories).toEqual([{ name: STORE_NAMES['1002'], count: 5 }]);
  });
});
