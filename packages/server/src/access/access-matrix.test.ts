import {
  analysisChartPath,
  analysisCsvPath,
  analysisXlsxContracts,
  can,
  CAPABILITIES,
  ANALYSIS_PAGES,
  isRouteAllowed,
  route,
  DEFAULT_STORE_FACTS,
  type PlanCode,
  type RoleName,
  type RouteName,
} from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { metricOfEveryPlan, recentWeek } from '../testing/analysis-calls.ts';
import type { HttpClient } from '../testing/http-client.ts';

/**
 * The access matrix, generated from the routes the server registers: every route is called by a
 * visitor without a session and by members of each plan and role, on rows of their own
 * corporation, on rows of another corporation, and (role user) on stores outside its browsable
 * set. A route the table below does not know fails the test, so no new route goes unchecked.
 *
 * Probes never change anything when access is granted: unsafe calls carry an invalid body or an
 * unknown id, so a permitted caller gets 400 or 404, and a refused one 401 or 403.
 */

type Actor = 'anonymous' | 'admin' | 'user' | 'sysadmin' | 'basic' | 'free';
type Member = Exclude<Actor, 'anonymous'>;
const MEMBERS: Member[] = ['admin', 'user', 'sysadmin', 'basic', 'free'];
const EVERYONE: Actor[] = ['anonymous', ...MEMBERS];
const ADMINS: Actor[] = ['admin', 'sysadmin', 'basic', 'free'];
const PAID: Actor[] = ['admin', 'user', 'sysadmin', 'basic'];
const PAID_ADMINS: Actor[] = ['admin', 'sysadmin', 'basic'];
const SYSADMIN: Actor[] = ['sysadmin'];
const NOBODY: Actor[] = [];
const EMAILS: Record<Member, string> = {
  admin: 'admin@example.com',
  user: 'user@example.com', // browses 1001 and 1002
  sysadmin: 'sysadmin@example.com',
  basic: 'basic@example.com',
  free: 'free@example.com',
};
/** The plan and role of each member (checked at sign-in), from which route-table rows follow. */
const STANDING: Record<Member, { plan: PlanCode; role: RoleName }> = {
  admin: { plan: 'advanced', role: 'admin' },
  user: { plan: 'advanced', role: 'user' },
  sysadmin: { plan: 'advanced', role: 'system_admin' },
  basic: { plan: 'basic', role: 'admin' },
  free: { plan: 'free', role: 'admin' },
};
/** A member id, store, invitation or upload no corporation has. */
const UNKNOWN = '2147483647';
/** The month of the outside-stores figure the basic plan's corporation enters. */
const FOREIGN_OUTSIDE_MONTH = '2099-02';
/** A store of the basic plan's corporation, for bodies that name a store. */
const FOREIGN_STORE = '3001';

interface Probe {
  method: string;
  /** Path with {self}, {store} and {corp} of the caller, or {foreign…} of another corporation. */
  path: string;
  body?: unknown;
}
interface Row {
  /** A call that a permitted caller may make without changing anything. */
  probe: Probe;
  allowed: readonly Actor[];
  /**
   * What a permitted caller gets, where it is more than "not refused": the handler itself
   * answers 401 or 403, or a read must succeed.
   */
  answer?: number;
  /**
   * Calls on another corporation's rows with a body that would succeed on one's own: every
   * member of the advanced corporation must be refused. `null`: the route takes no id from
   * the client, its scope is the session's corporation.
   */
  foreign: Probe[] | null;
  /** Calls on a store outside the role user's browsable stores (1003); refused. */
  outsideStores?: Probe[];
}

const storeBody = {
  name: '権限テスト店',
  prefectureId: 40,
  city: '福岡市中央区',
  block: '天神1丁目',
};
const query =
  'baseFrom=2026-10-01&baseTo=2026-10-07&comparisonTargetFrom=2026-09-24&comparisonTargetTo=2026-09-30&periodCode=3';
const get = (path: string): Probe => ({ method: 'GET', path });
const invalid = (method: string, path: string): Probe => ({ method, path, body: {} });

/** Members the route table lets open the screen, narrowed to the plans or roles given. */
const openTo = (
  screen: RouteName,
  only: { plans?: readonly PlanCode[]; roles?: readonly RoleName[] } = {},
): Member[] =>
  MEMBERS.filter((actor) => {
    const { plan, role } = STANDING[actor];
    return (
      isRouteAllowed(route(screen), plan, role) &&
      (only.plans ?? [plan]).includes(plan) &&
      (only.roles ?? [role]).includes(role)
    );
  });

/** A period and metric every plan of a page may ask for, so that every permitted caller gets 200. */
const week = recentWeek();
const analysisPeriod = `from=${week.from}&to=${week.to}`;
const scorecardPeriods = `${analysisPeriod}&comparisonFrom=${week.from}&comparisonTo=${week.to}`;

/**
 * The calls of every page of the page table: the chart for whoever the route table lets open the
 * page, its development twin for system administrators only, the CSV and Excel exports for the
 * plans that export (basic and advanced), on the pages those plans open.
 */
function analysisRows(): Record<string, Row> {
  return Object.fromEntries(
    ANALYSIS_PAGES.flatMap((page) => {
      const metric = metricOfEveryPlan(page);
      const chart = (api: 'v3' | 'v2') => (stores: string) =>
        get(
          `${analysisChartPath(page.family, metric, api)}?${analysisPeriod}&storeCodes=${stores}`,
        );
      const csv = (stores: string) =>
        get(`${analysisCsvPath(page.family, metric)}?${analysisPeriod}&store_codes=${stores}`);
      const xlsxPath = analysisXlsxContracts[page.family].path.replace(':metric', metric);
      const xlsx = (stores: string) => get(`${xlsxPath}?${analysisPeriod}&store_codes=${stores}`);
      const [v3, v2] = [chart('v3'), chart('v2')];
      const rows: [string, Row][] = [
        [
          `GET /v3/${page.family}/:metric`,
          {
            probe: v3('{store}'),
            allowed: openTo(page.route),
            answer: 200,
            foreign: [v3('{foreignStore}'), v3('{store},{foreignStore}')],
            outsideStores: [v3('1003'), v3('1001,1003')],
          },
        ],
        [
          `GET /v2/${page.family}/:metric`,
          {
            probe: v2('{store}'),
            allowed: openTo(page.route, { roles: ['system_admin'] }),
            answer: 200,
            foreign: [v2('{foreignStore}'), v2('{store},{foreignStore}')],
          },
        ],
        [
          `GET /v3/csv/${page.family}/:metric`,
          {
            probe: csv('{store}'),
            allowed: openTo(page.route, { plans: CAPABILITIES.exportTables.plans }),
            answer: 200,
            foreign: [csv('{foreignStore}'), csv('{store},{foreignStore}')],
            outsideStores: [csv('1003'), csv('1001,1003')],
          },
        ],
        [
          `GET /v3/xlsx/${page.family}/:metric`,
          {
            probe: xlsx('{store}'),
            allowed: openTo(page.route, { plans: CAPABILITIES.exportTables.plans }),
            answer: 200,
            foreign: [xlsx('{foreignStore}'), xlsx('{store},{foreignStore}')],
            outsideStores: [xlsx('1003'), xlsx('1001,1003')],
          },
        ],
      ];
      return rows;
    }),
  );
}

/**
 * 患者の継続 and 処方元の変化: each call, its CSV and Excel workbook (for whoever may open the
 * page) and its development twin (system administrators only), over the stores named; the
 * dashboard's prescriber notices and their dismissals for the administrators of the advanced plan.
 */
function retentionRows(): Record<string, Row> {
  const rows: Record<string, Row> = {};
  const calls = [
    [
      'PatientRetention',
      '/v3/retention/cohorts',
      '/v2/retention/cohorts',
      '/v3/csv/retention/cohorts',
      '/v3/xlsx/retention/cohorts',
    ],
    [
      'PatientRetention',
      '/v3/retention/overdue',
      '/v2/retention/overdue',
      '/v3/csv/retention/overdue',
      '/v3/xlsx/retention/overdue',
    ],
    [
      'PrescriberChanges',
      '/v3/prescriber_changes',
      '/v2/prescriber_changes',
      '/v3/csv/prescriber_changes',
      '/v3/xlsx/prescriber_changes',
    ],
  ] as const;
  for (const [route, v3, v2, csv, xlsx] of calls) {
    const at = (path: string) => (stores: string) =>
      get(`${path}?${analysisPeriod}&storeCodes=${stores}`);
    for (const path of [v3, csv, xlsx]) {
      rows[`GET ${path}`] = {
        probe: at(path)('{store}'),
        allowed: openTo(route),
        answer: 200,
        foreign: [at(path)('{foreignStore}'), at(path)('{store},{foreignStore}')],
        outsideStores: [at(path)('1003')],
      };
    }
    rows[`GET ${v2}`] = {
      probe: at(v2)('{store}'),
      allowed: openTo(route, { roles: ['system_admin'] }),
      answer: 200,
      foreign: [at(v2)('{foreignStore}')],
    };
  }
  const followers = MEMBERS.filter((m) => can(STANDING[m], 'followPrescriberChanges'));
  rows['GET /v3/prescriber_notices'] = {
    probe: get('/v3/prescriber_notices'),
    allowed: followers,
    answer: 200,
    foreign: null,
  };
  rows['POST /v3/prescriber_notices/dismissals'] = {
    probe: invalid('POST', '/v3/prescriber_notices/dismissals'),
    allowed: followers,
    foreign: [
      {
        method: 'POST',
        path: '/v3/prescriber_notices/dismissals',
        body: { storeCode: FOREIGN_STORE, key: `${FOREIGN_STORE}/falling/4011000011/a/b` },
      },
    ],
  };
  return rows;
}

/**
 * The acquisition-rate map's calls: one store's map and one mesh's estimate for whoever the route
 * table lets open the screen, their development twins for system administrators only.
 */
function marketShareRows(): Record<string, Row> {
  const map = (path: string) => (store: string) =>
    get(`${path}?${analysisPeriod}&store_code=${store}`);
  const estimate = (path: string) => get(`${path}?${analysisPeriod}&mesh_code=503033023`);
  const [v3, v2] = [map('/v3/market_share/'), map('/v2/market_share/market_share/')];
  const xlsx = (store: string) =>
    get(`/v3/xlsx/market_share?${analysisPeriod}&store_code=${store}&mesh_codes=503033023`);
  return {
    'GET /v3/market_share/': {
      probe: v3('{store}'),
      allowed: openTo('MarketShare'),
      answer: 200,
      foreign: [v3('{foreignStore}')],
      outsideStores: [v3('1003')],
    },
    'GET /v2/market_share/market_share/': {
      probe: v2('{store}'),
      allowed: openTo('MarketShare', { roles: ['system_admin'] }),
      answer: 200,
      foreign: [v2('{foreignStore}')],
    },
    'GET /v3/estimate_count/': {
      probe: estimate('/v3/estimate_count/'),
      allowed: openTo('MarketShare'),
      answer: 200,
      foreign: null,
    },
    'GET /v2/market_share/estimate_by_mesh_code/': {
      probe: estimate('/v2/market_share/estimate_by_mesh_code/'),
      allowed: openTo('MarketShare', { roles: ['system_admin'] }),
      answer: 200,
      foreign: null,
    },
    'GET /v3/xlsx/market_share': {
      probe: xlsx('{store}'),
      allowed: openTo('MarketShare', { plans: CAPABILITIES.exportTables.plans }),
      answer: 200,
      foreign: [xlsx('{foreignStore}')],
      outsideStores: [xlsx('1003')],
    },
  };
}

/**
 * The 施設基準 measures, on the paid plans: a member's own stores; the group totals (the whole
 * corporation) and the writes of buildings, the outside figure, store facts and alert settings for
 * administrators.
 */
function facilityMeasureRows(): Record<string, Row> {
  const month = week.from.slice(0, 7);
  const measures = (stores: string) =>
    get(`/v3/facility_standards/measures?fromMonth=${month}&toMonth=${month}&storeCodes=${stores}`);
  const judgements = (stores: string) =>
    get(`/v3/facility_standards/judgements?storeCodes=${stores}`);
  const facts = { ...DEFAULT_STORE_FACTS, real_estate_lease: true };
  return {
    'GET /v3/facility_standards/measures': {
      probe: measures('{store}'),
      allowed: PAID,
      answer: 200,
      foreign: [measures('{foreignStore}'), measures('{store},{foreignStore}')],
      outsideStores: [measures('1003'), measures('1001,1003')],
    },
    'GET /v3/facility_standards/group_totals': {
      probe: get(`/v3/facility_standards/group_totals?fromMonth=${month}&toMonth=${month}`),
      allowed: PAID_ADMINS,
      answer: 200,
      foreign: null,
    },
    'GET /v3/facility_standards/buildings': {
      probe: get('/v3/facility_standards/buildings'),
      allowed: PAID,
      answer: 200,
      foreign: null,
    },
    'PUT /v3/facility_standards/buildings': {
      probe: invalid('PUT', '/v3/facility_standards/buildings'),
      allowed: PAID_ADMINS,
      foreign: null,
    },
    'DELETE /v3/facility_standards/buildings/:id': {
      probe: { method: 'DELETE', path: `/v3/facility_standards/buildings/${UNKNOWN}` },
      allowed: PAID_ADMINS,
      foreign: [{ method: 'DELETE', path: '/v3/facility_standards/buildings/{foreignBuilding}' }],
    },
    'GET /v3/facility_standards/outside_stores': {
      probe: get('/v3/facility_standards/outside_stores'),
      allowed: PAID,
      answer: 200,
      foreign: null,
    },
    'PUT /v3/facility_standards/outside_stores': {
      probe: invalid('PUT', '/v3/facility_standards/outside_stores'),
      allowed: PAID_ADMINS,
      foreign: null,
    },
    'GET /v3/facility_standards/judgements': {
      probe: judgements('{store}'),
      allowed: PAID,
      answer: 200,
      foreign: [judgements('{foreignStore}'), judgements('{store},{foreignStore}')],
      outsideStores: [judgements('1003'), judgements('1001,1003')],
    },
    'GET /v3/xlsx/facility_standards': {
      probe: get('/v3/xlsx/facility_standards?storeCodes={store}'),
      allowed: PAID,
      answer: 200,
      foreign: [
        get('/v3/xlsx/facility_standards?storeCodes={foreignStore}'),
        get('/v3/xlsx/facility_standards?storeCodes={store},{foreignStore}'),
      ],
      outsideStores: [
        get('/v3/xlsx/facility_standards?storeCodes=1003'),
        get('/v3/xlsx/facility_standards?storeCodes=1001,1003'),
      ],
    },
    'GET /v3/facility_standards/store_facts': {
      probe: get('/v3/facility_standards/store_facts'),
      allowed: PAID,
      answer: 200,
      foreign: null,
    },
    'PUT /v3/facility_standards/store_facts/:storeCode': {
      probe: invalid('PUT', '/v3/facility_standards/store_facts/{store}'),
      allowed: PAID_ADMINS,
      foreign: [
        { method: 'PUT', path: '/v3/facility_standards/store_facts/{foreignStore}', body: facts },
      ],
    },
    'GET /v3/facility_standards/alert_settings': {
      probe: get('/v3/facility_standards/alert_settings'),
      allowed: PAID,
      answer: 200,
      foreign: null,
    },
    'PUT /v3/facility_standards/alert_settings': {
      probe: invalid('PUT', '/v3/facility_standards/alert_settings'),
      allowed: PAID_ADMINS,
      foreign: null,
    },
    'GET /v3/facility_standards/alerts': {
      probe: get('/v3/facility_standards/alerts'),
      allowed: PAID_ADMINS,
      answer: 200,
      foreign: null,
    },
    'POST /v3/facility_standards/alerts/dismissals': {
      probe: invalid('POST', '/v3/facility_standards/alerts/dismissals'),
      allowed: PAID_ADMINS,
      foreign: [
        {
          method: 'POST',
          path: '/v3/facility_standards/alerts/dismissals',
          body: { storeCode: FOREIGN_STORE, key: 'foreign' },
        },
      ],
    },
    'DELETE /v3/facility_standards/outside_stores/:month': {
      probe: { method: 'DELETE', path: '/v3/facility_standards/outside_stores/2099-01' },
      allowed: PAID_ADMINS,
      // The basic plan's corporation has a figure for this month; nobody else may remove it.
      foreign: [
        {
          method: 'DELETE',
          path: `/v3/facility_standards/outside_stores/${FOREIGN_OUTSIDE_MONTH}`,
        },
      ],
    },
  };
}

const ROUTES: Record<string, Row> = {
  'GET /api/docs/': { probe: get('/api/docs/'), allowed: EVERYONE, foreign: null },
  'GET /api/docs/json': { probe: get('/api/docs/json'), allowed: EVERYONE, foreign: null },
  'GET /api/docs/yaml': { probe: get('/api/docs/yaml'), allowed: EVERYONE, foreign: null },
  'GET /api/docs/static/index.html': {
    probe: get('/api/docs/static/index.html'),
    allowed: EVERYONE,
    foreign: null,
  },
  'GET /api/docs/static/swagger-initializer.js': {
    probe: get('/api/docs/static/swagger-initializer.js'),
    allowed: EVERYONE,
    foreign: null,
  },
  'GET /api/docs/static/*': {
    probe: get('/api/docs/static/swagger-ui.css'),
    allowed: EVERYONE,
    foreign: null,
  },
  'POST /identity/v1/accounts::signInWithPassword': {
    probe: invalid('POST', '/identity/v1/accounts:signInWithPassword'),
    allowed: EVERYONE,
    foreign: null,
  },
  'GET /identity/v1/jwks': { probe: get('/identity/v1/jwks'), allowed: EVERYONE, foreign: null },
  'GET /v2/csrf_token': { probe: get('/v2/csrf_token'), allowed: EVERYONE, foreign: null },
  // Without an ID token: 401 from the handler, not from the access layer.
  'POST /v2/login': {
    probe: { method: 'POST', path: '/v2/login' },
    allowed: EVERYONE,
    answer: 401,
    foreign: null,
  },
  'DELETE /v2/logout': {
    probe: { method: 'DELETE', path: '/v2/logout' },
    allowed: EVERYONE,
    foreign: null,
  },
  'GET /v2/members/:id': {
    probe: get('/v2/members/{self}'),
    allowed: MEMBERS,
    foreign: [get('/v2/members/{foreignMember}')],
  },
  'PATCH /v2/members/agreement': {
    probe: { method: 'PATCH', path: '/v2/members/agreement' },
    allowed: MEMBERS,
    foreign: null,
  },
  'PUT /v2/members/:id/corporations': {
    probe: invalid('PUT', '/v2/members/{self}/corporations'),
    allowed: SYSADMIN,
    foreign: [
      {
        method: 'PUT',
        path: '/v2/members/{foreignMember}/corporations',
        body: { corporationCode: '100001' },
      },
    ],
  },
  'GET /v2/prefectures': { probe: get('/v2/prefectures'), allowed: EVERYONE, foreign: null },
  'PATCH /v2/members/:id/role': {
    probe: invalid('PATCH', '/v2/members/{self}/role'),
    allowed: ADMINS,
    foreign: [
      {
        method: 'PATCH',
        path: '/v2/members/{foreignMember}/role',
        body: { system_role: 'user' },
      },
    ],
  },
  'GET /v2/members/:id/branches': {
    probe: get('/v2/members/{self}/branches'),
    allowed: MEMBERS,
    foreign: [get('/v2/members/{foreignMember}/branches')],
  },
  'PATCH /v2/members/:id/branches': {
    probe: invalid('PATCH', '/v2/members/{self}/branches'),
    allowed: ADMINS,
    foreign: [
      {
        method: 'PATCH',
        path: '/v2/members/{foreignMember}/branches',
        body: { storeCodes: '' },
      },
    ],
  },
  'DELETE /v2/members/:id': {
    probe: { method: 'DELETE', path: `/v2/members/${UNKNOWN}` },
    allowed: ADMINS,
    foreign: [{ method: 'DELETE', path: '/v2/members/{foreignMember}' }],
  },
  'GET /v3/branches': { probe: get('/v3/branches'), allowed: MEMBERS, foreign: null },
  'GET /v3/branches/check_setups': {
    probe: get('/v3/branches/check_setups'),
    allowed: MEMBERS,
    foreign: null,
  },
  'GET /v3/branches/:storeCode': {
    probe: get('/v3/branches/{store}'),
    allowed: MEMBERS,
    foreign: [get('/v3/branches/{foreignStore}')],
    outsideStores: [get('/v3/branches/1003')],
  },
  'POST /v3/branches': {
    probe: invalid('POST', '/v3/branches'),
    allowed: ADMINS,
    foreign: null,
  },
  'PUT /v3/branches/:storeCode': {
    probe: invalid('PUT', '/v3/branches/{store}'),
    allowed: ADMINS,
    foreign: [{ method: 'PUT', path: '/v3/branches/{foreignStore}', body: storeBody }],
    outsideStores: [{ method: 'PUT', path: '/v3/branches/1003', body: storeBody }],
  },
  'DELETE /v3/branches/:storeCode': {
    probe: invalid('DELETE', '/v3/branches/{store}'),
    allowed: ADMINS,
    foreign: [
      {
        method: 'DELETE',
        path: '/v3/branches/{foreignStore}',
        body: { password: 'Pharmalytics-demo1' },
      },
    ],
    outsideStores: [
      { method: 'DELETE', path: '/v3/branches/1003', body: { password: 'Pharmalytics-demo1' } },
    ],
  },
  'GET /v3/branches/:storeCode/members': {
    probe: get('/v3/branches/{store}/members'),
    allowed: MEMBERS,
    foreign: [get('/v3/branches/{foreignStore}/members')],
    outsideStores: [get('/v3/branches/1003/members')],
  },
  'DELETE /v3/branches/:storeCode/members/:memberId': {
    probe: { method: 'DELETE', path: `/v3/branches/{store}/members/${UNKNOWN}` },
    allowed: ADMINS,
    foreign: [{ method: 'DELETE', path: '/v3/branches/{foreignStore}/members/{foreignMember}' }],
  },
  'GET /v3/geocoding/zip_codes/:zipCode': {
    probe: get('/v3/geocoding/zip_codes/8100001'),
    allowed: MEMBERS,
    foreign: null,
  },
  'GET /v3/geocoding/address': {
    probe: get('/v3/geocoding/address'),
    allowed: MEMBERS,
    foreign: null,
  },
  'GET /v3/map_settings': { probe: get('/v3/map_settings'), allowed: MEMBERS, foreign: null },
  'GET /manuals/:name': { probe: get('/manuals/uploader'), allowed: EVERYONE, foreign: null },
  // The uploader's calls take the store's credentials, never a browser session.
  'POST /uploader/v1/contact': {
    probe: { method: 'POST', path: '/uploader/v1/contact' },
    allowed: NOBODY,
    foreign: null,
  },
  'POST /uploader/v1/files': {
    probe: { method: 'POST', path: '/uploader/v1/files' },
    allowed: NOBODY,
    foreign: null,
  },
  'GET /v3/branches/:storeCode/uploads': {
    probe: get('/v3/branches/{store}/uploads'),
    allowed: MEMBERS,
    foreign: [get('/v3/branches/{foreignStore}/uploads')],
    outsideStores: [get('/v3/branches/1003/uploads')],
  },
  'GET /v3/branches/:storeCode/uploads/:uploadId/rejects': {
    probe: get(`/v3/branches/{store}/uploads/${UNKNOWN}/rejects`),
    allowed: MEMBERS,
    foreign: [get('/v3/branches/{foreignStore}/uploads/1/rejects')],
    outsideStores: [get('/v3/branches/1003/uploads/1/rejects')],
  },
  'GET /v3/client_devices': { probe: get('/v3/client_devices'), allowed: MEMBERS, foreign: null },
  'GET /v2/corporations/service_plan': {
    probe: get('/v2/corporations/service_plan'),
    allowed: SYSADMIN,
    foreign: null,
  },
  'PATCH /v2/corporations/service_plan': {
    probe: invalid('PATCH', '/v2/corporations/service_plan'),
    allowed: SYSADMIN,
    foreign: null,
  },
  'GET /v2/corporations/:code': {
    probe: get('/v2/corporations/{corp}'),
    allowed: MEMBERS,
    foreign: [get('/v2/corporations/{foreignCorp}')],
  },
  'PUT /v2/corporations/:code': {
    probe: invalid('PUT', '/v2/corporations/{corp}'),
    allowed: ADMINS,
    foreign: [
      {
        method: 'PUT',
        path: '/v2/corporations/{foreignCorp}',
        body: { corporation_code: '100003', name: '乗っ取り' },
      },
    ],
  },
  'GET /v2/corporations/:code/members': {
    probe: get('/v2/corporations/{corp}/members'),
    allowed: MEMBERS,
    foreign: [get('/v2/corporations/{foreignCorp}/members')],
  },
  'GET /v3/dashboard/:metric': {
    probe: get(`/v3/dashboard/dispensing_sales?${query}&storeCodes={store}`),
    allowed: PAID,
    foreign: [get(`/v3/dashboard/dispensing_sales?${query}&storeCodes={foreignStore}`)],
    outsideStores: [get(`/v3/dashboard/dispensing_sales?${query}&storeCodes=1001,1003`)],
  },
  'GET /v2/dashboard/:metric': {
    probe: get(`/v2/dashboard/dispensing_sales?${query}&storeCodes={store}`),
    allowed: SYSADMIN,
    foreign: [get(`/v2/dashboard/dispensing_sales?${query}&storeCodes={foreignStore}`)],
  },
  'GET /v3/xlsx/dashboard': {
    probe: get(`/v3/xlsx/dashboard?${query}&storeCodes={store}`),
    allowed: PAID,
    answer: 200,
    foreign: [get(`/v3/xlsx/dashboard?${query}&storeCodes={foreignStore}`)],
    outsideStores: [get(`/v3/xlsx/dashboard?${query}&storeCodes=1001,1003`)],
  },
  'GET /v3/pdf/dashboard': {
    probe: get(`/v3/pdf/dashboard?${query}&storeCodes={store}`),
    allowed: PAID,
    answer: 200,
    foreign: [get(`/v3/pdf/dashboard?${query}&storeCodes={foreignStore}`)],
    outsideStores: [get(`/v3/pdf/dashboard?${query}&storeCodes=1001,1003`)],
  },
  ...analysisRows(),
  'GET /v3/xlsx/scorecard': {
    probe: get(`/v3/xlsx/scorecard?${scorecardPeriods}&storeCodes={store}`),
    allowed: openTo('StoreScorecard', { plans: CAPABILITIES.exportTables.plans }),
    answer: 200,
    foreign: [get(`/v3/xlsx/scorecard?${scorecardPeriods}&storeCodes={foreignStore}`)],
    outsideStores: [get(`/v3/xlsx/scorecard?${scorecardPeriods}&storeCodes=1001,1003`)],
  },
  'GET /v3/scorecard': {
    probe: get(`/v3/scorecard?${scorecardPeriods}&storeCodes={store}`),
    allowed: openTo('StoreScorecard'),
    answer: 200,
    foreign: [get(`/v3/scorecard?${scorecardPeriods}&storeCodes={foreignStore}`)],
    outsideStores: [get(`/v3/scorecard?${scorecardPeriods}&storeCodes=1001,1003`)],
  },
  ...marketShareRows(),
  ...retentionRows(),
  'GET /v3/patient_distribution': {
    probe: get(`/v3/patient_distribution?${analysisPeriod}&storeCodes={store}`),
    allowed: openTo('PatientDistribution'),
    answer: 200,
    foreign: [
      get(`/v3/patient_distribution?${analysisPeriod}&storeCodes={foreignStore}`),
      get(`/v3/patient_distribution?${analysisPeriod}&storeCodes={store},{foreignStore}`),
    ],
    outsideStores: [
      get(`/v3/patient_distribution?${analysisPeriod}&storeCodes=1003`),
      get(`/v3/patient_distribution?${analysisPeriod}&storeCodes=1001,1003`),
    ],
  },
  'GET /v2/address/patient_distribution': {
    probe: get(`/v2/address/patient_distribution?${analysisPeriod}&storeCodes={store}`),
    allowed: openTo('PatientDistribution', { roles: ['system_admin'] }),
    answer: 200,
    foreign: [get(`/v2/address/patient_distribution?${analysisPeriod}&storeCodes={foreignStore}`)],
  },
  // Public master data: no rows of a corporation, open to whoever may open either map.
  'GET /v3/facility_masters': {
    probe: get(
      '/v3/facility_masters?type=clinic&north_east_lat=33.6&north_east_lng=130.42&south_west_lat=33.58&south_west_lng=130.39',
    ),
    allowed: [...new Set([...openTo('PatientDistribution'), ...openTo('MarketShare')])],
    answer: 200,
    foreign: null,
  },
  'GET /v3/facility_standards/rules': {
    probe: get('/v3/facility_standards/rules'),
    allowed: MEMBERS,
    answer: 200,
    foreign: null,
  },
  ...facilityMeasureRows(),
  'GET /v3/medical_institutions': {
    probe: get('/v3/medical_institutions'),
    allowed: MEMBERS,
    answer: 200,
    foreign: null,
  },
  'POST /v2/mails/dashboard': {
    probe: invalid('POST', '/v2/mails/dashboard'),
    allowed: SYSADMIN,
    foreign: null,
  },
  'GET /v2/mails/dashboard/recipients': {
    probe: get('/v2/mails/dashboard/recipients'),
    allowed: SYSADMIN,
    answer: 200,
    foreign: null,
  },
  'GET /v2/mails/unsubscribe': {
    probe: get('/v2/mails/unsubscribe?token=unknown'),
    allowed: EVERYONE,
    foreign: null,
  },
  'POST /v2/sign_ups': { probe: invalid('POST', '/v2/sign_ups'), allowed: EVERYONE, foreign: null },
  'GET /v2/sign_ups/verify': {
    probe: get('/v2/sign_ups/verify'),
    allowed: EVERYONE,
    foreign: null,
  },
  'PATCH /v2/sign_ups/:token': {
    probe: invalid('PATCH', '/v2/sign_ups/unknown'),
    allowed: EVERYONE,
    foreign: null,
  },
  'POST /v2/reset_passwords': {
    probe: invalid('POST', '/v2/reset_passwords'),
    allowed: EVERYONE,
    foreign: null,
  },
  'GET /v2/reset_passwords/verify': {
    probe: get('/v2/reset_passwords/verify'),
    allowed: EVERYONE,
    foreign: null,
  },
  'PATCH /v2/reset_passwords/update': {
    probe: invalid('PATCH', '/v2/reset_passwords/update'),
    allowed: EVERYONE,
    foreign: null,
  },
  'POST /v2/invitations': {
    probe: invalid('POST', '/v2/invitations'),
    allowed: ADMINS,
    foreign: null,
  },
  'DELETE /v2/invitations/:id': {
    probe: { method: 'DELETE', path: `/v2/invitations/${UNKNOWN}` },
    allowed: ADMINS,
    foreign: [{ method: 'DELETE', path: '/v2/invitations/{foreignInvitation}' }],
  },
  'GET /v2/invitations/verify': {
    probe: get('/v2/invitations/verify'),
    allowed: EVERYONE,
    foreign: null,
  },
  'POST /v2/members': { probe: invalid('POST', '/v2/members'), allowed: EVERYONE, foreign: null },
  'GET /v2/profile': { probe: get('/v2/profile'), allowed: MEMBERS, foreign: null },
  'PUT /v2/profile': { probe: invalid('PUT', '/v2/profile'), allowed: MEMBERS, foreign: null },
  'PATCH /v2/profile/change_password': {
    probe: invalid('PATCH', '/v2/profile/change_password'),
    allowed: MEMBERS,
    foreign: null,
  },
  'PATCH /v2/members/personal_settings': {
    probe: invalid('PATCH', '/v2/members/personal_settings'),
    allowed: PAID,
    foreign: null,
  },
  'GET /healthz': { probe: get('/healthz'), allowed: EVERYONE, foreign: null },
  'GET /readyz': { probe: get('/readyz'), allowed: EVERYONE, foreign: null },
  'GET /': { probe: get('/'), allowed: EVERYONE, foreign: null },
  // The built web app's routes (registered only when it is built).
  'GET /service': { probe: get('/service'), allowed: EVERYONE, foreign: null },
  'GET /service/*': { probe: get('/service/login'), allowed: EVERYONE, foreign: null },
};
const LOGOUT = 'DELETE /v2/logout';
const ONLY_WITH_BUILT_WEB_APP = ['GET /service', 'GET /service/*'];

let t: TestApp;
const clients = {} as Record<Actor, HttpClient>;
const own = {} as Record<Actor, { self: string; store: string; corp: string }>;
const foreign: Record<string, string> = { foreignStore: FOREIGN_STORE, foreignCorp: '100003' };

beforeAll(async () => {
  t = await startTestApp();
  clients.anonymous = t.client();
  own.anonymous = { self: UNKNOWN, store: '1001', corp: '100001' };
  for (const [actor, email] of Object.entries(EMAILS) as [Member, string][]) {
    const client = t.client();
    const member = (await client.login(email)).body;
    expect({ plan: member.corporation.plan.code, role: member.systemRole.name }, actor).toEqual(
      STANDING[actor],
    );
    clients[actor] = client;
    own[actor] = {
      self: String(member.id),
      store: member.browsableStores[0].storeCode,
      corp: member.corporation.corporationCode,
    };
  }
  const basic = (await t.db
    .selectFrom('members')
    .select('id')
    .where('email', '=', 'basic@example.com')
    .executeTakeFirstOrThrow())!;
  foreign.foreignMember = String(basic.id);
  const invited = await clients.basic.request('POST', '/v2/invitations', {
    body: { emails: ['foreign-invite@example.com'], system_role: 'user' },
  });
  foreign.foreignInvitation = String(invited.body.invitations[0].id);
  const building = await clients.basic.request('PUT', '/v3/facility_standards/buildings', {
    body: { name: '他法人のビル', institutionCodes: ['4011000011'] },
  });
  expect(building.status).toBe(200);
  foreign.foreignBuilding = String(building.body.id);
  const outside = await clients.basic.request('PUT', '/v3/facility_standards/outside_stores', {
    body: { effectiveMonth: FOREIGN_OUTSIDE_MONTH, receptionsPerMonth: 1000, storeCount: 2 },
  });
  expect(outside.status).toBe(204);
});
afterAll(() => t.close());

const fill = (path: string, actor: Actor) =>
  path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = own[actor][key as keyof (typeof own)[Actor]] ?? foreign[key];
    if (value === undefined) throw new Error(`no value for {${key}} in the path`);
    return value;
  });
const send = (actor: Actor, probe: Probe) =>
  clients[actor].request(probe.method, fill(probe.path, actor), { body: probe.body });

/** The checks of one route of the matrix. */
function checkRoute(name: string, row: Row) {
  it(`${name}: each plan and role gets what is declared`, async () => {
    for (const actor of EVERYONE) {
      const { status } = await send(actor, row.probe);
      expect(status, `${actor} ${name}`).toBeLessThan(500);
      if (!row.allowed.includes(actor)) {
        const refusal =
          actor === 'anonymous' || row.probe.path.startsWith('/uploader/') ? 401 : 403;
        expect(status, `${actor} ${name}`).toBe(refusal);
      } else if (row.answer !== undefined) {
        expect(status, `${actor} ${name}`).toBe(row.answer);
      } else {
        expect([401, 403], `${actor} ${name}: ${status}`).not.toContain(status);
      }
    }
  });

  if (row.foreign) {
    it(`${name}: another corporation's rows are refused`, async () => {
      for (const actor of ['admin', 'user', 'sysadmin'] as Actor[]) {
        for (const probe of row.foreign!) {
          const { status } = await send(actor, probe);
          const call = `${actor} ${probe.method} ${fill(probe.path, actor)}`;
          expect([403, 404], call).toContain(status);
        }
      }
    });
  }

  if (row.outsideStores) {
    it(`${name}: a role user is refused stores outside its browsable set`, async () => {
      for (const probe of row.outsideStores!) {
        const { status } = await send('user', probe);
        expect([403, 404], `${probe.method} ${probe.path}`).toContain(status);
      }
    });
  }
}

describe('the access matrix', () => {
  it('covers every registered route', () => {
    const registered = t.app
      .declaredRoutes()
      .filter((r) => r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(registered.filter((r) => !(r in ROUTES))).toEqual([]);
    const stale = Object.keys(ROUTES).filter(
      (r) => !registered.includes(r) && !ONLY_WITH_BUILT_WEB_APP.includes(r),
    );
    expect(stale).toEqual([]);
    expect(t.app.declaredRoutes().filter((r) => !r.access)).toEqual([]);
  });

  // Logging out ends the caller's session: that route is checked at the very end.
  for (const [name, row] of Object.entries(ROUTES)) {
    if (name !== LOGOUT) checkRoute(name, row);
  }

  it("leaves the other corporation's rows as they were", async () => {
    const basic = clients.basic;
    expect((await basic.get('/v2/corporations/100003')).body.name).toBe('有限会社さくら薬局');
    const stores = (await basic.get('/v3/branches')).body;
    expect(stores.map((s: { storeCode: string }) => s.storeCode)).toEqual(['3001', '3002']);
    expect(stores[0].name).not.toBe(storeBody.name);
    const list = (await basic.get('/v2/corporations/100003/members')).body;
    expect(list.invitingMembers).toHaveLength(1);
    expect(list.members.map((m: { mail: string }) => m.mail)).toContain('basic@example.com');
  });

  it('lists of the caller never show rows it may not see', async () => {
    for (const actor of ['admin', 'user', 'sysadmin'] as Actor[]) {
      const stores = (await clients[actor].get('/v3/branches?includeInactive=true')).body;
      expect(stores.every((s: { storeCode: string }) => s.storeCode.startsWith('10'))).toBe(true);
      const devices = (await clients[actor].get('/v3/client_devices')).body;
      expect(devices.every((d: { storeCode: string }) => d.storeCode.startsWith('10'))).toBe(true);
    }
    const list = (await clients.admin.get('/v2/corporations/100001/members')).body;
    const emails = [
      ...list.members.map((m: { mail: string }) => m.mail),
      ...list.invitingMembers.map((i: { email: string }) => i.email),
    ];
    expect(emails).not.toContain('basic@example.com');
    expect(emails).not.toContain('foreign-invite@example.com');
  });

  it('shows a role user no store of another member outside its own browsable stores', async () => {
    const codes = (stores: { storeCode: string }[]) => stores.map((s) => s.storeCode);
    const admin = (await clients.user.get(`/v2/members/${own.admin.self}`)).body;
    expect(codes(admin.browsableStores)).toEqual(['1001', '1002']);
    const list = (await clients.user.get('/v2/corporations/100001/members')).body;
    // "All stores" still counts the corporation's stores: a count names no store.
    const total = (await clients.admin.get('/v3/branches')).body.length;
    expect(list.totalStoreCount).toBe(total);
    for (const member of list.members) {
      expect(codes(member.browsableStores).every((c) => ['1001', '1002'].includes(c))).toBe(true);
    }
    // An administrator still sees every store.
    const seenByAdmin = (await clients.admin.get(`/v2/members/${own.admin.self}`)).body;
    expect(codes(seenByAdmin.browsableStores).length).toBeGreaterThan(2);
  });
});

describe('answers of the API', () => {
  it('are never kept by caches', async () => {
    for (const path of ['/v2/profile', `/v2/members/${own.admin.self}`, '/v3/branches']) {
      const reply = await clients.admin.get(path);
      expect(reply.headers.get('cache-control'), path).toBe('no-store');
    }
    expect((await clients.anonymous.get('/v2/profile')).headers.get('cache-control')).toBe(
      'no-store',
    );
  });
});

describe('the uploader API', () => {
  it('never takes a browser session for a store’s credentials', async () => {
    const reply = await clients.admin.request('POST', '/uploader/v1/contact');
    expect(reply.status).toBe(401);
  });
});

describe('at the end, logging out', () => {
  checkRoute(LOGOUT, ROUTES[LOGOUT]!);
});
