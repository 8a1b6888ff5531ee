import {
  analysisChartPath,
  analysisCsvPath,
  ANALYSIS_PAGES,
  CSV_COLUMNS,
  DAILY_AXIS_MAX_DAYS,
  FIELD_LABELS,
  FORM_MESSAGES,
  freePlanEarliestDate,
  INPUT_MESSAGES,
  isMetricAvailable,
  isRouteAllowed,
  MESSAGES,
  metricBySlug,
  METRICS,
  pageOffersMetric,
  route,
  timeAxis,
  todayInJapan,
  type AnalysisFamily,
  type AnalysisPage,
  type DispensingCsvColumn,
  type MetricSlug,
  type PlanCode,
} from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricOfEveryPlan, recentWeek } from '../testing/analysis-calls.ts';
import type { HttpClient } from '../testing/http-client.ts';
import { signInDemoMembers, type DemoMember } from '../testing/auth.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { uploadAs } from '../testing/upload.ts';

/**
 * Who may ask the analysis API for what, over HTTP on a real server: a role user only its
 * browsable stores, nobody another corporation's; each plan the pages the route table gives it
 * and the metrics the metric catalogue gives it; CSV on the advanced plan only; the development
 * twins for system administrators only. Bad input is refused with its message before anything
 * reaches SQL. Cases come from the page table, the route table and the metric catalogue.
 */

const INSTITUTIONS = {
  tenjin: { code: '4011000011', name: '天神内科クリニック' },
  hakata: { code: '4011000029', name: '博多駅前こどもクリニック' },
  yakuin: { code: '4011000037', name: '薬院整形外科' },
  daimyo: { code: '4011000045', name: '大名皮膚科' },
  sakura: { code: '4011000052', name: 'さくら通り眼科' },
} as const;
type Institution = keyof typeof INSTITUTIONS;

/**
 * Sheets each store sends, by institution. 1001–1003 belong to the advanced corporation (the role
 * user browses 1001 and 1002), 2001 to the free plan's, 3001 to the basic plan's, which sees
 * 天神内科クリニック too.
 */
const SHEETS: Record<string, [Institution, number][]> = {
  '1001': [['tenjin', 2]],
  '1002': [['hakata', 1]],
  '1003': [['yakuin', 1]],
  '2001': [['daimyo', 1]],
  '3001': [
    ['tenjin', 3],
    ['sakura', 1],
  ],
};
const PATIENT_CITY = '福岡市中央区';

const WEEK = recentWeek();
const DAILY = String(timeAxis('daily').value);

/** One sheet with one fee line, as a store's receipt computer writes it. */
function sheetLine(pharmacyCode: string, date: string, reception: string, inst: Institution) {
  const values: Partial<Record<DispensingCsvColumn, string>> = {
    pharmacy_code: pharmacyCode,
    dispensing_date: date,
    reception_time: '10:00',
    reception_id: reception,
    prescription_no: '1',
    patient_id: `P-${reception}`,
    patient_gender: '1',
    patient_birth_month: '1970-05',
    patient_zip: '8100001',
    patient_address: `福岡県${PATIENT_CITY}天神二丁目`,
    insurance_type: '社保',
    reception_type: '外来',
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
  for (const [storeCode, sheets] of Object.entries(SHEETS)) {
    const store = await t.db
      .selectFrom('stores')
      .select('insurance_institution_code')
      .where('store_code', '=', storeCode)
      .executeTakeFirstOrThrow();
    const lines = sheets.flatMap(([inst, count]) =>
      Array.from({ length: count }, (_, i) =>
        sheetLine(
          store.insurance_institution_code!,
          i % 2 === 0 ? WEEK.from : WEEK.to,
          `${inst}-${i}`,
          inst,
        ),
      ),
    );
    const reply = await uploadAs(t, storeCode, lines);
    expect(reply.body, storeCode).toMatchObject({ status: 'loaded', rowsRefused: 0 });
  }
  clients = await signInDemoMembers(t);
}, 120_000);
afterAll(() => t.close());

/** A member of each plan (an administrator) and a store of its corporation. */
const PLAN_MEMBERS = {
  free: { member: 'free', storeCodes: '2001' },
  basic: { member: 'basic', storeCodes: '3001' },
  advanced: { member: 'admin', storeCodes: '1001' },
} as const;

type Query = Record<string, string>;
const chart = (family: string, metric: string, query: Query = {}, api: 'v3' | 'v2' = 'v3') =>
  `${analysisChartPath(family as AnalysisFamily, metric as MetricSlug, api)}?${new URLSearchParams({ ...WEEK, storeCodes: '1001', ...query })}`;
const csv = (family: string, metric: string, query: Query = {}) =>
  `${analysisCsvPath(family as AnalysisFamily, metric as MetricSlug)}?${new URLSearchParams({ ...WEEK, store_codes: '1001', ...query })}`;

type Series = { key: string; name: string; total: number | null };
const totals = (series: Series[]) => Object.fromEntries(series.map((s) => [s.key, s.total]));

/** What a member of the plan gets for a page and metric: the route table, then the metric lock. */
function expectedAnswer(plan: PlanCode, page: AnalysisPage, slug: MetricSlug) {
  if (!isRouteAllowed(route(page.route), plan, 'admin')) return { status: 403 };
  const metric = metricBySlug(slug)!;
  if (!isMetricAvailable(metric, plan)) {
    return { status: 400, message: FORM_MESSAGES.metricLocked(metric.label) };
  }
  return { status: 200 };
}

const answerOf = (reply: { status: number; body: { message?: string } }) =>
  reply.status === 400 ? { status: 400, message: reply.body.message } : { status: reply.status };

describe('stores', () => {
  it('a role user gets its browsable stores and is refused any other', async () => {
    const user = clients.user;
    const own = await user.get(
      chart('pharmacy', 'prescription_counts', { storeCodes: '1001,1002' }),
    );
    expect(own.status).toBe(200);
    expect(totals(own.body)).toEqual({ '1001': 2, '1002': 1 });
    for (const storeCodes of ['1003', '1001,1003', '1002,1003', '9999']) {
      const v3 = await user.get(chart('pharmacy', 'prescription_counts', { storeCodes }));
      expect(v3.status, storeCodes).toBe(403);
      const file = await user.get(
        csv('pharmacy', 'prescription_counts', { store_codes: storeCodes }),
      );
      expect(file.status, storeCodes).toBe(403);
    }
    // An administrator of the same corporation sees 1003.
    const admin = await clients.admin.get(
      chart('pharmacy', 'prescription_counts', { storeCodes: '1003' }),
    );
    expect(totals(admin.body)).toEqual({ '1003': 1 });
  });

  it("another corporation's stores are refused, alone or among one's own", async () => {
    const cases = [
      { client: clients.admin, own: '1001', foreign: ['3001', '2001'] },
      { client: clients.sysadmin, own: '1001', foreign: ['3001'] },
      { client: clients.basic, own: '3001', foreign: ['1001', '2001'] },
      { client: clients.free, own: '2001', foreign: ['1001', '3001'] },
    ];
    for (const { client, own, foreign } of cases) {
      expect(
        (await client.get(chart('clinic', 'prescription_counts', { storeCodes: own }))).status,
      ).toBe(200);
      for (const code of foreign) {
        for (const storeCodes of [code, `${own},${code}`]) {
          const reply = await client.get(chart('clinic', 'prescription_counts', { storeCodes }));
          expect(reply.status, `${own} asks for ${storeCodes}`).toBe(403);
        }
      }
    }
    const twin = chart('clinic', 'prescription_counts', { storeCodes: '3001' }, 'v2');
    expect((await clients.sysadmin.get(twin)).status).toBe(403);
    const file = csv('clinic', 'prescription_counts', { store_codes: '1001,3001' });
    expect((await clients.admin.get(file)).status).toBe(403);
  });

  it("a member never counts another corporation's sheets, even of an institution both see", async () => {
    const ours = await clients.admin.get(
      chart('clinic', 'prescription_counts', { storeCodes: '1001,1002,1003' }),
    );
    expect(totals(ours.body)).toEqual({
      [INSTITUTIONS.tenjin.code]: 2,
      [INSTITUTIONS.hakata.code]: 1,
      [INSTITUTIONS.yakuin.code]: 1,
    });
    const theirs = await clients.basic.get(
      chart('clinic', 'prescription_counts', { storeCodes: '3001' }),
    );
    expect(totals(theirs.body)).toEqual({
      [INSTITUTIONS.tenjin.code]: 3,
      [INSTITUTIONS.sakura.code]: 1,
    });
    // Filtering by another corporation's institution finds nothing of it.
    const filtered = await clients.admin.get(
      chart('clinic', 'prescription_counts', {
        storeCodes: '1001,1002,1003',
        medicalInstitutionFilters: INSTITUTIONS.sakura.code,
      }),
    );
    expect(filtered.status).toBe(200);
    expect(filtered.body).toEqual([]);
  });
});

describe('plans', () => {
  for (const plan of ['free', 'basic', 'advanced'] as const) {
    it(`the ${plan} plan gets the pages of the route table and the metrics of its plan`, async () => {
      const { member, storeCodes } = PLAN_MEMBERS[plan];
      const client = clients[member];
      const expected: Record<string, unknown> = {};
      const actual: Record<string, unknown> = {};
      for (const page of ANALYSIS_PAGES) {
        for (const slug of page.metrics) {
          const path = chart(page.family, slug, { storeCodes });
          expected[path] = expectedAnswer(plan, page, slug);
          actual[path] = answerOf(await client.get(path));
        }
      }
      expect(actual).toEqual(expected);
    }, 120_000);
  }

  it('the cases above include what the spec names', () => {
    const answer = (plan: PlanCode, family: string, slug: MetricSlug) =>
      expectedAnswer(
        plan,
        ANALYSIS_PAGES.find((p) => p.family === family)!,
        slug,
      ).status;
    // Free: a page of the paid plans, and a paid metric on a page it opens.
    expect(answer('free', 'pharmacist', 'prescription_counts')).toBe(403);
    expect(answer('free', 'pharmacy', 'prescription_unit_price')).toBe(400);
    // Basic: 薬剤料 (the only page of 薬価金額) is the advanced plan's.
    expect(answer('basic', 'medicine_fee', 'medicine_price_amount')).toBe(403);
    // A metric the basic plan lacks is on no page it opens, so the page refuses it first.
    const basicLocked = ANALYSIS_PAGES.flatMap((page) =>
      page.metrics
        .filter((slug) => !isMetricAvailable(metricBySlug(slug)!, 'basic'))
        .map((slug) => answer('basic', page.family, slug)),
    );
    expect(basicLocked.length).toBeGreaterThan(0);
    expect(new Set(basicLocked)).toEqual(new Set([403]));
  });

  it('the free plan cannot start a period before three months ago', async () => {
    const earliest = freePlanEarliestDate(todayInJapan());
    const dayBefore = new Date(Date.parse(`${earliest}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    const query = (from: string) => ({ from, to: WEEK.to, storeCodes: '2001' });
    const old = await clients.free.get(chart('pharmacy', 'dispensing_sales', query(dayBefore)));
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(FORM_MESSAGES.freePlanPeriodTooOld(earliest));
    const first = await clients.free.get(chart('pharmacy', 'dispensing_sales', query(earliest)));
    expect(first.status).toBe(200);
    expect(totals(first.body)).toEqual({ '2001': expect.any(Number) });
    // The calendar of the paid plans is not limited so.
    const basic = await clients.basic.get(
      chart('pharmacy', 'dispensing_sales', { ...query(dayBefore), storeCodes: '3001' }),
    );
    expect(basic.status).toBe(200);
  });

  it('CSV is refused to the free plan, and to the basic plan on the pages it does not open, with the spec’s message', async () => {
    for (const [client, storeCode, plan] of [
      [clients.free, '2001', 'free'],
      [clients.basic, '3001', 'basic'],
    ] as const) {
      for (const page of ANALYSIS_PAGES) {
        const reply = await client.get(
          csv(page.family, metricOfEveryPlan(page), { store_codes: storeCode }),
        );
        if (plan === 'basic' && isRouteAllowed(route(page.route), plan, 'admin')) {
          expect(reply.status, page.family).toBe(200);
          continue;
        }
        expect(reply.status, page.family).toBe(403);
        expect(reply.body.message, page.family).toBe(MESSAGES.csvFailed);
      }
    }
    const advanced = await clients.user.get(csv('pharmacy', 'dispensing_sales'));
    expect(advanced.status).toBe(200);
    expect(advanced.headers.get('content-type')).toMatch(/^text\/csv/);
  });

  it('the development twins (/v2) answer system administrators only', async () => {
    for (const page of ANALYSIS_PAGES) {
      const path = chart(page.family, metricOfEveryPlan(page), {}, 'v2');
      expect((await clients.admin.get(path)).status, path).toBe(403);
      expect((await clients.user.get(path)).status, path).toBe(403);
      expect((await clients.sysadmin.get(path)).status, path).toBe(200);
    }
  });
});

describe('bad input', () => {
  const admin = () => clients.admin;
  const fieldRefusal = (path: string, message: string) => ({
    statusCode: 400,
    message: 'validation error',
    errors: [{ path, message }],
  });

  it('an unknown family or metric is not found', async () => {
    for (const path of [
      chart('no_such_page', 'dispensing_sales'),
      chart('no_such_page', 'dispensing_sales', {}, 'v2'),
      csv('no_such_page', 'dispensing_sales'),
      chart('pharmacy', 'no_such_metric'),
      chart('pharmacy', 'no_such_metric', {}, 'v2'),
      csv('pharmacy', 'no_such_metric'),
      chart('pharmacy', '__proto__'),
    ]) {
      const reply = await clients.sysadmin.get(path);
      expect(reply.status, path).toBe(404);
    }
  });

  it('a metric the page does not offer is refused, naming it', async () => {
    for (const page of ANALYSIS_PAGES) {
      const other = METRICS.find((m) => !pageOffersMetric(page, m.slug))!;
      for (const path of [chart(page.family, other.slug), csv(page.family, other.slug)]) {
        const reply = await admin().get(path);
        expect(reply.status, path).toBe(400);
        expect(reply.body.message, path).toBe(FORM_MESSAGES.metricNotOnPage(other.label));
      }
    }
  });

  it('dates that are not calendar days in yyyy-MM-dd are refused', async () => {
    for (const from of ['2026/10/01', '2026-02-30', '20261001', '', "2026-10-01'"]) {
      const reply = await admin().get(chart('pharmacy', 'dispensing_sales', { from }));
      expect(reply.body, from).toEqual(fieldRefusal('from', INPUT_MESSAGES.date));
    }
  });

  it('a period ending before it starts, or longer than the daily axis allows, is refused', async () => {
    const reversed = await admin().get(
      chart('pharmacy', 'dispensing_sales', { from: WEEK.to, to: WEEK.from }),
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe(FORM_MESSAGES.periodStartAfterEnd);
    const days = (n: number) => ({
      from: '2024-01-01',
      to: new Date(Date.UTC(2024, 0, n)).toISOString().slice(0, 10),
      periodCode: DAILY,
    });
    const tooLong = await admin().get(
      chart('pharmacy', 'dispensing_sales', days(DAILY_AXIS_MAX_DAYS + 1)),
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(FORM_MESSAGES.dailyAxisTooLong);
    const longest = await admin().get(
      chart('pharmacy', 'dispensing_sales', days(DAILY_AXIS_MAX_DAYS)),
    );
    expect(longest.status).toBe(200);
  });

  it('filter values the filters do not offer are refused, naming the filter', async () => {
    const cases: [string, string, string][] = [
      [
        'generic_medicine_filters',
        '9',
        INPUT_MESSAGES.filterValues(FIELD_LABELS.genericMedicineFilter),
      ],
      [
        'generic_medicine_filters',
        '1,x',
        INPUT_MESSAGES.filterValues(FIELD_LABELS.genericMedicineFilter),
      ],
      [
        'receptionTypeFilters',
        '往診',
        INPUT_MESSAGES.filterValues(FIELD_LABELS.receptionTypeFilter),
      ],
      [
        'receptionTypeFilters',
        "外来' or '1'='1",
        INPUT_MESSAGES.filterValues(FIELD_LABELS.receptionTypeFilter),
      ],
      [
        'medicalInstitutionFilters',
        'x',
        INPUT_MESSAGES.codeList(FIELD_LABELS.medicalInstitutionFilter),
      ],
    ];
    for (const [name, value, message] of cases) {
      const reply = await admin().get(chart('clinic', 'prescription_counts', { [name]: value }));
      expect(reply.body, `${name}=${value}`).toEqual(fieldRefusal(name, message));
    }
    const ok = await admin().get(
      chart('clinic', 'prescription_counts', {
        generic_medicine_filters: '0,3',
        receptionTypeFilters: '外来,在宅',
      }),
    );
    expect(ok.status).toBe(200);
  });

  it('store codes must be comma-joined digits, and at least one', async () => {
    const message = INPUT_MESSAGES.codeList(FIELD_LABELS.storeCode);
    for (const storeCodes of ['abc', '1001,x', '1001;1002', '1001 ', "1001'"]) {
      const reply = await admin().get(chart('pharmacy', 'dispensing_sales', { storeCodes }));
      expect(reply.body, storeCodes).toEqual(fieldRefusal('storeCodes', message));
    }
    const file = await admin().get(csv('pharmacy', 'dispensing_sales', { store_codes: 'abc' }));
    expect(file.body).toEqual(fieldRefusal('store_codes', message));
    const none = await admin().get(chart('pharmacy', 'dispensing_sales', { storeCodes: '' }));
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(FORM_MESSAGES.storeRequired);
  });

  it('an unknown query parameter is refused', async () => {
    for (const query of [
      { storeCode: '1001' },
      { store_codes: '1001' },
      { limit: '1' },
    ] as Query[]) {
      const reply = await admin().get(chart('pharmacy', 'dispensing_sales', query));
      expect(reply.status, JSON.stringify(query)).toBe(400);
      expect(reply.body.message).toBe('validation error');
    }
    const file = await admin().get(csv('pharmacy', 'dispensing_sales', { storeCodes: '1001' }));
    expect(file.status).toBe(400);
  });

  it('address text is only ever text: quotes, wildcards and statements match nothing', async () => {
    const byAddress = (address: string) =>
      admin().get(
        chart('address', 'prescription_counts', { storeCodes: '1001,1002,1003', address }),
      );
    const city = await byAddress(PATIENT_CITY);
    expect(city.status).toBe(200);
    expect(city.body.reduce((sum: number, s: Series) => sum + s.total!, 0)).toBe(4);
    for (const address of [
      "'",
      `${PATIENT_CITY}'`,
      "' or '1'='1",
      '%',
      '_',
      `${PATIENT_CITY}'; drop table stores; --`,
    ]) {
      const reply = await byAddress(address);
      expect(reply.status, address).toBe(200);
      expect(reply.body, address).toEqual([]);
    }
    expect((await admin().get('/v3/branches')).body.length).toBeGreaterThanOrEqual(3);
  });
});

describe('GET /v3/medical_institutions', () => {
  const listed = async (client: HttpClient) => {
    const reply = await client.get('/v3/medical_institutions');
    expect(reply.status).toBe(200);
    return reply.body as { data: { text: string; value: string }[] };
  };
  const items = (...names: Institution[]) =>
    expect.arrayContaining(
      names.map((n) => ({
        text: expect.stringContaining(INSTITUTIONS[n].name),
        value: INSTITUTIONS[n].code,
      })),
    );
  const values = (body: { data: { value: string }[] }) => body.data.map((d) => d.value).sort();
  const codes = (...names: Institution[]) => names.map((n) => INSTITUTIONS[n].code).sort();

  it('lists the institutions seen in the caller’s browsable stores, as {text, value}', async () => {
    const admin = await listed(clients.admin);
    expect(admin).toEqual({ data: items('tenjin', 'hakata', 'yakuin') });
    expect(values(admin)).toEqual(codes('tenjin', 'hakata', 'yakuin'));
    expect(values(await listed(clients.sysadmin))).toEqual(codes('tenjin', 'hakata', 'yakuin'));
  });

  it('leaves out institutions seen only in stores a role user may not browse', async () => {
    const user = await listed(clients.user);
    expect(user).toEqual({ data: items('tenjin', 'hakata') });
    expect(values(user)).toEqual(codes('tenjin', 'hakata'));
  });

  it("never lists another corporation's institutions", async () => {
    expect(values(await listed(clients.basic))).toEqual(codes('tenjin', 'sakura'));
    expect(values(await listed(clients.free))).toEqual(codes('daimyo'));
  });
});
