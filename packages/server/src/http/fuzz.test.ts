import { analysisPageByFamily, planById } from '@pharmalytics/domain';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../session/session-store.ts';
import type { Reply } from '../testing/http-client.ts';
import { recordRoutes, type CataloguedRoute } from '../testing/route-catalogue.ts';
import {
  fuzzRequests,
  planRoute,
  schemaFields,
  type FuzzRequest,
  type Given,
} from '../testing/route-fuzz.ts';
import { tableWatch } from '../testing/table-digest.ts';
import { startTestApp } from '../testing/test-app.ts';
import { deviceCredentials } from '../testing/upload.ts';

/**
 * Every route of the running server, whatever it is, gets hostile input in each field of its
 * schema (path, query, body, headers), bodies of the wrong shape and odd query keys, sent by a
 * signed-in system administrator of the demo corporation. No request may fail with a 5xx; a value
 * that breaks the route's schema or the rules of input hygiene must be refused with a 4xx; and a
 * refused request must leave every table as it was. A route the fuzz cannot build requests for
 * fails its test. Seeded, so a run can be repeated.
 */

const SEED = 20261124;
const RUNS_PER_ROUTE = 40;
const ROUTE_TIMEOUT_MS = 60_000;

/** Changed by design even when a request is refused: sign-in failure counts, uploader contacts. */
const CHANGED_BY_DESIGN = [
  'identity_users.failed_attempts',
  'identity_users.locked_until',
  'client_devices.last_contact_at',
];

const SYSTEM_ADMIN = 'sysadmin@example.com';
const USER = 'user@example.com';
const NO_ID = '2147483646';
const NO_STORE = '9999999999';
const NO_CORPORATION = '999999999999';

const recorder = recordRoutes();
const t = await startTestApp({
  env: { IDENTITY_RATE_LIMIT: '1000000', LOCKOUT_ATTEMPTS: '1000000' },
});
recorder.stop();
afterAll(() => t.close());
const routes = recorder.routes();

const memberRow = async (email: string) =>
  await t.db
    .selectFrom('members')
    .select(['id', 'corporation_id'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
const self = await memberRow(SYSTEM_ADMIN);
const user = await memberRow(USER);
const corporation = await t.db
  .selectFrom('corporations')
  .select(['corporation_code', 'plan_id'])
  .where('id', '=', self.corporation_id)
  .executeTakeFirstOrThrow();
const storeCodes = (
  await t.db
    .selectFrom('stores')
    .select('store_code')
    .where('corporation_id', '=', self.corporation_id)
    .where('contract_status', '=', 'active')
    .orderBy('store_code')
    .execute()
).map((s) => s.store_code);
const device = await deviceCredentials(t, storeCodes[0]!);
const deviceAuthorization = `Basic ${Buffer.from(`${device.user}:${device.key}`).toString('base64')}`;

/** The page of an analysis call (/v3/{family}/…, /v2/{family}/…, /v3/csv/{family}/…). */
const analysisPageOf = (url: string) =>
  analysisPageByFamily(url.match(/^\/v[23]\/(?:csv\/)?(\w+)\/:metric$/)?.[1] ?? '');
/**
 * The acquisition-rate map's calls and its table's workbook, which take a period as the analysis
 * calls do.
 */
const MARKET_SHARE_CALL = /^\/v[23]\/(market_share|estimate_count)\/|^\/v3\/xlsx\/market_share$/;
/** The period of an analysis call: a week on the daily axis, so requests reach the engine. */
const ANALYSIS_WEEK: Record<string, string> = { from: '2026-10-01', to: '2026-10-07' };
/** The map calls' period, and a viewport around the demo stores the facility search takes. */
const isMapCall = (url: string) => /^\/v[23]\/(?:address\/)?patient_distribution$/.test(url);
const VIEWPORT: Record<string, string> = {
  north_east_lat: '33.6',
  north_east_lng: '130.42',
  south_west_lat: '33.58',
  south_west_lng: '130.39',
};

/**
 * Values from the demo world where the schema alone cannot choose: rows that exist, so requests
 * reach past the look-ups, and for deletions and the corporation switch rows that do not, so the
 * fuzz never removes or moves its own account.
 */
const given: Given = (route, location, name) => {
  const deleting = route.method === 'DELETE';
  switch (`${location}.${name}`) {
    case 'params.storeCode':
      return deleting ? NO_STORE : storeCodes[0];
    case 'params.id':
      if (deleting) return NO_ID;
      return String(route.url.endsWith('/corporations') ? self.id : user.id);
    case 'params.memberId':
      return deleting ? NO_ID : String(user.id);
    case 'params.code':
    case 'body.corporation_code':
      return corporation.corporation_code;
    case 'params.name':
      return route.url.startsWith('/manuals/') ? 'preparation' : undefined;
    case 'params.*':
      return 'index.html';
    case 'params.metric':
      return analysisPageOf(route.url)?.defaultMetric;
    case 'query.from':
    case 'query.to':
      return analysisPageOf(route.url) || MARKET_SHARE_CALL.test(route.url) || isMapCall(route.url)
        ? ANALYSIS_WEEK[name]
        : undefined;
    case 'query.north_east_lat':
    case 'query.north_east_lng':
    case 'query.south_west_lat':
    case 'query.south_west_lng':
      return VIEWPORT[name];
    case 'query.storeCodes':
    case 'query.store_codes':
      return storeCodes.join(',');
    case 'query.store_code':
      return storeCodes[0];
    case 'query.mesh_codes':
      return '503033023,503033024';
    case 'body.storeCodes':
      return storeCodes[0];
    case 'body.institutionCodes':
      return ['4011000018'];
    case 'body.plan':
      return planById(corporation.plan_id)!.code;
    case 'body.system_role':
      return 'user';
    case 'body.corporationCode':
      return NO_CORPORATION;
    case 'headers.x-file-name':
      return 'fuzz.csv';
    case 'body.': // the whole body of a route that reads raw bytes rather than JSON
      return route.access?.kind === 'device' && route.url.endsWith('/files')
        ? { raw: 'not a dispensing file', contentType: 'application/octet-stream' }
        : undefined;
    default:
      return undefined;
  }
};

const client = t.client();
await client.login(SYSTEM_ADMIN);
// The uploader's first contact adds its device; later ones only note the time.
await client.request('POST', '/uploader/v1/contact', {
  headers: { authorization: deviceAuthorization },
});
const tables = await tableWatch(t.db, CHANGED_BY_DESIGN);

function send(route: CataloguedRoute, request: FuzzRequest): Promise<Reply> {
  const headers = { ...request.headers };
  if (route.access?.kind === 'device') headers.authorization = deviceAuthorization;
  const body = request.body;
  return client.request(request.method, request.path, {
    headers,
    ...(body && 'json' in body ? { body: body.json } : {}),
    ...(body && 'raw' in body ? { raw: { body: body.raw } } : {}),
  });
}

const short = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text === undefined ? 'undefined' : text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

const describeRequest = (request: FuzzRequest) =>
  `${request.method} ${short(request.path)} [${request.why}]` +
  (request.body
    ? ` body ${short('json' in request.body ? request.body.json : request.body.raw)}`
    : '');

/** The uploader's 422 reports a file that was received and recorded as failed: not a refusal. */
const refused = (route: CataloguedRoute, status: number) =>
  status >= 400 && status < 500 && !(status === 422 && route.access?.kind === 'device');

async function check(route: CataloguedRoute, request: FuzzRequest) {
  const before = await tables.before();
  const reply = await send(route, request);
  const what = `${describeRequest(request)} → ${reply.status} ${short(reply.body)}`;
  if (reply.status >= 500) throw new Error(`server error: ${what}`);
  if (request.mustRefuse && !(reply.status >= 400 && reply.status < 500)) {
    throw new Error(`not refused: ${what}`);
  }
  if (refused(route, reply.status)) {
    const changed = await tables.changedSince(before);
    if (changed) throw new Error(`refused but changed ${changed}: ${what}`);
  }
  // Signing out is a route like any other; the fuzz signs in again.
  if (!client.cookie(SESSION_COOKIE)) await client.login(SYSTEM_ADMIN);
}

describe('every route under hostile input', () => {
  it('finds the routes of the running server', () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const path of [
      '/v2/members/:id',
      '/v3/branches',
      '/manuals/:name',
      '/uploader/v1/files',
    ]) {
      expect(routes.some((r) => r.url === path)).toBe(true);
    }
  });

  it('refuses control characters in every text field of every route schema', () => {
    const texts = ['\u0000', 'a\u0000b', '1\u0007', 'a\u001bb', '1\u007f', 'a\u0085', '\t'];
    const unsafe: string[] = [];
    for (const route of routes) {
      for (const { location, name, zod, json } of schemaFields(route)) {
        const values =
          json.type === 'string'
            ? texts
            : json.type === 'array' && json.items?.type === 'string'
              ? texts.map((text) => [text])
              : [];
        for (const value of values) {
          if (zod?.safeParse(value).success) {
            unsafe.push(
              `${route.method} ${route.url} ${location}.${name}: ${JSON.stringify(value)}`,
            );
          }
        }
      }
    }
    expect(unsafe).toEqual([]);
  });

  for (const route of routes) {
    it(
      `${route.method} ${route.url}`,
      async () => {
        const plan = planRoute(route, given);
        const requests = fuzzRequests(plan).map((request) =>
          Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) }),
        );
        await fc.assert(
          fc.asyncProperty(requests, (request) => check(route, request)),
          { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
        );
      },
      ROUTE_TIMEOUT_MS,
    );
  }
});
