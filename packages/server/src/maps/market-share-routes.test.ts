import {
  AGE_BANDS,
  AGE_BAND_UNKNOWN,
  FIELD_LABELS,
  FORM_MESSAGES,
  INPUT_LIMITS,
  INPUT_MESSAGES,
  MARKET_SHARE_AGE_BANDS,
  MARKET_SHARE_RADIUS_METERS,
  MESH_ALL_AGES_LABEL,
  MESSAGES,
  NO_VALUE,
  type MarketShareResponse,
  type MeshEstimate,
} from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsExecutor } from '../analytics/executors.ts';
import { seedMastersIfEmpty } from '../masters/seed-masters.ts';
import type { HttpClient } from '../testing/http-client.ts';
import { generatedWorld, uploadGeneratedMonths } from '../testing/generated-history.ts';
import { replicaCaughtUp } from '../testing/replica.ts';
import { signInDemoMembers, type DemoMember } from '../testing/auth.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import {
  MARKET_SHARE_PERIOD,
  MARKET_SHARE_SHEETS,
  TENJIN_MESH,
  TOWNS,
  uploadMarketShareSheets,
  type MarketShareSheet,
} from '../testing/market-share-sheets.ts';
import { acquiredPatients } from './market-share-acquired.ts';
import { meshCodesAround } from './market-share-area.ts';

/**
 * The acquisition-rate calls over HTTP on a real server, with the real census file and a
 * hand-made upload whose patients live in meshes we know (the offline geocoder puts each town at
 * its point, and the point in its 1/2 mesh):
 *   天神一丁目, 渡辺通五丁目 → 503033023 (store 1001's own mesh); 天神二丁目 → 503033014;
 *   春吉三丁目 → 503033024; 北九州市小倉北区浅野一丁目 → 503067602 (far outside the radius);
 *   東京都千代田区千代田 → 533946201 (no census data in the file).
 */

const PERIOD = MARKET_SHARE_PERIOD;
const TENJIN = TENJIN_MESH;

/** The estimate of 503033023 over the 90 days, by hand in estimate-model.test.ts. */
const TENJIN_ESTIMATE = [17, 40, 80, 103, 146, 155, 137, 121, 94, 42];

const upload = (sheets: MarketShareSheet[], offset = 0) =>
  uploadMarketShareSheets(t, sheets, offset);

let t: TestApp;
let clients: Record<DemoMember, HttpClient>;

beforeAll(async () => {
  t = await startTestApp();
  await seedMastersIfEmpty(t.db);
  await upload(MARKET_SHARE_SHEETS);
  clients = await signInDemoMembers(t);
}, 120_000);
afterAll(() => t.close());

type Query = Record<string, string>;
const marketShare = (query: Query = {}, api: 'v3' | 'v2' = 'v3') =>
  `${api === 'v3' ? '/v3/market_share/' : '/v2/market_share/market_share/'}?${new URLSearchParams({
    ...PERIOD,
    store_code: '1001',
    ...query,
  })}`;
const estimateCount = (query: Query = {}, api: 'v3' | 'v2' = 'v3') =>
  `${api === 'v3' ? '/v3/estimate_count/' : '/v2/market_share/estimate_by_mesh_code/'}?${new URLSearchParams(
    { ...PERIOD, mesh_code: TENJIN, ...query },
  )}`;

const meshOf = (answer: MarketShareResponse, code: string) =>
  answer.estimatedPatientCounts.find((m) => m.meshCode === code)!;
/** Count, estimate and rate of each band, by the band's name. */
const bands = (mesh: MeshEstimate) =>
  Object.fromEntries(
    mesh.details.map((d) => [d.ageRangeName, [d.count, d.estimate, d.estimateRate]]),
  );

describe('GET /v3/market_share/', () => {
  let answer: MarketShareResponse;
  beforeAll(async () => {
    const reply = await clients.admin.get<MarketShareResponse>(marketShare());
    expect(reply.status).toBe(200);
    answer = reply.body;
  });

  it('names the chosen store with its coordinates', () => {
    expect(answer.branches).toEqual([
      { storeCode: '1001', name: 'はかた薬局 天神店', latitude: 33.5914, longitude: 130.4004 },
    ]);
  });

  it('counts distinct patients of the period in their mesh, by their age at the last sheet', () => {
    const tenjin = meshOf(answer, TENJIN);
    expect(tenjin).toMatchObject({ ageRangeName: MESH_ALL_AGES_LABEL, count: 3, estimate: 935 });
    expect(tenjin.details.map((d) => d.count)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1]);
    expect(tenjin.details.map((d) => d.estimate)).toEqual([...TENJIN_ESTIMATE, 0]);
    expect(tenjin.details.map((d) => [d.ageRange, d.ageRangeName])).toEqual(
      MARKET_SHARE_AGE_BANDS.map((name, i) => [i, name]),
    );
    expect(bands(meshOf(answer, '503033014'))['20～29']![0]).toBe(1);
    expect(meshOf(answer, '503067602').count).toBe(1);
    // H came before and after the period only; G has no address; B's sheet at 1002 is 1002's.
    expect(meshOf(answer, '503033024').count).toBe(0);
    const total = answer.estimatedPatientCounts.reduce((s, m) => s + m.count, 0);
    expect(total).toBe(6);
  });

  it('rates by the spec: truncated to 2 decimals, "-" without an estimate, 0 when both are 0', () => {
    const tenjin = bands(meshOf(answer, TENJIN));
    expect(meshOf(answer, TENJIN).estimateRate).toBe(0.32); // 3 / 935 = 0.3208…%
    expect(tenjin['70～79']).toEqual([1, 121, 0.82]); // 0.8264…%: truncated, not 0.83
    expect(tenjin['30～39']).toEqual([1, 103, 0.97]); // 0.9708…%
    expect(tenjin['0～9']).toEqual([0, 17, 0]);
    expect(tenjin[AGE_BAND_UNKNOWN]).toEqual([1, 0, NO_VALUE]);
    // Tokyo: a patient where the census file has nobody.
    const tokyo = meshOf(answer, '533946201');
    expect(tokyo).toMatchObject({ count: 1, estimate: 0, estimateRate: NO_VALUE });
    expect(bands(tokyo)['50～59']).toEqual([1, 0, NO_VALUE]);
    expect(bands(tokyo)['0～9']).toEqual([0, 0, 0]);
    // A mesh of the radius without patients.
    expect(meshOf(answer, '503033024')).toMatchObject({ count: 0, estimateRate: 0 });
    expect(meshOf(answer, '503033024').estimate).toBeGreaterThan(0);
  });

  it('holds the meshes of its patients and the populated meshes within the radius', async () => {
    const around = meshCodesAround(
      { latitude: 33.5914, longitude: 130.4004 },
      MARKET_SHARE_RADIUS_METERS,
    );
    const populated = await t.db
      .selectFrom('mesh_population')
      .select('mesh_code')
      .where('mesh_code', 'in', around)
      .where('total', '>', 0)
      .execute();
    const expected = new Set([
      ...populated.map((r) => r.mesh_code),
      TENJIN,
      '503033014',
      '503067602',
      '533946201',
    ]);
    expect(answer.estimatedPatientCounts.map((m) => m.meshCode)).toEqual([...expected].sort());
    expect(populated).toHaveLength(40); // the rest of the circle is Hakata Bay
    for (const mesh of answer.estimatedPatientCounts) {
      expect(mesh.count).toBe(mesh.details.reduce((s, d) => s + d.count, 0));
      expect(mesh.estimate).toBe(mesh.details.reduce((s, d) => s + d.estimate, 0));
    }
  });

  it('names the mesh of the highest numeric rate', () => {
    const numeric = answer.estimatedPatientCounts.filter((m) => typeof m.estimateRate === 'number');
    const highest = Math.max(...numeric.map((m) => m.estimateRate as number));
    const best = numeric.find((m) => m.estimateRate === highest)!;
    expect(answer.maxMesh).toEqual({
      meshCode: best.meshCode,
      count: best.count,
      estimate: best.estimate,
      estimateRate: best.estimateRate,
    });
    expect(best.count).toBeGreaterThan(0);
  });

  it('answers the same from the raw facts on the /v2 twin', async () => {
    const twin = await clients.sysadmin.get(marketShare({}, 'v2'));
    expect(twin.status).toBe(200);
    expect(twin.body).toEqual(answer);
  });

  it('gives a store without coordinates the meshes of its patients only', async () => {
    await t.db
      .updateTable('stores')
      .set({ latitude: null, longitude: null })
      .where('store_code', '=', '1003')
      .execute();
    const reply = await clients.admin.get<MarketShareResponse>(marketShare({ store_code: '1003' }));
    expect(reply.body.branches[0]).toMatchObject({
      storeCode: '1003',
      latitude: null,
      longitude: null,
    });
    expect(reply.body.estimatedPatientCounts.map((m) => m.meshCode)).toEqual([TENJIN]);
    expect(bands(reply.body.estimatedPatientCounts[0]!)['70～79']![0]).toBe(1); // J, 76
  });

  it('an empty period gives the radius without patients', async () => {
    const reply = await clients.admin.get<MarketShareResponse>(
      marketShare({ from: '2023-01-01', to: '2023-01-31' }),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.estimatedPatientCounts.every((m) => m.count === 0)).toBe(true);
    expect(reply.body.estimatedPatientCounts).toHaveLength(40);
    // Every rate is 0, which is still the highest numeric rate.
    expect(reply.body.maxMesh).toMatchObject({ count: 0, estimateRate: 0 });
  });
});

describe('GET /v3/estimate_count/', () => {
  it('answers one mesh’s estimate with count 0', async () => {
    const reply = await clients.user.get<MeshEstimate[]>(estimateCount());
    expect(reply.status).toBe(200);
    expect(reply.body).toHaveLength(1);
    const [mesh] = reply.body;
    expect(mesh).toMatchObject({
      meshCode: TENJIN,
      ageRangeName: MESH_ALL_AGES_LABEL,
      count: 0,
      estimate: 935,
      estimateRate: 0,
    });
    expect(mesh!.details.map((d) => d.estimate)).toEqual([...TENJIN_ESTIMATE, 0]);
    expect(mesh!.details.every((d) => d.count === 0 && d.estimateRate === 0)).toBe(true);
    const twin = await clients.sysadmin.get(estimateCount({}, 'v2'));
    expect(twin.body).toEqual(reply.body);
  });

  it('a mesh without census data estimates 0 everywhere', async () => {
    const reply = await clients.admin.get<MeshEstimate[]>(
      estimateCount({ mesh_code: '533946201' }),
    );
    expect(reply.body).toEqual([
      {
        meshCode: '533946201',
        ageRangeName: MESH_ALL_AGES_LABEL,
        count: 0,
        estimate: 0,
        estimateRate: 0,
        details: MARKET_SHARE_AGE_BANDS.map((ageRangeName, ageRange) => ({
          ageRange,
          ageRangeName,
          count: 0,
          estimate: 0,
          estimateRate: 0,
        })),
      },
    ]);
  });

  it('scales with the period: a longer period estimates more people', async () => {
    const month = (await clients.admin.get<MeshEstimate[]>(estimateCount({ to: '2025-01-30' })))
      .body[0]!;
    const year = (await clients.admin.get<MeshEstimate[]>(estimateCount({ to: '2025-12-31' })))
      .body[0]!;
    expect(month.estimate).toBeLessThan(935);
    expect(year.estimate).toBeGreaterThan(935);
    expect(year.estimate).toBeLessThanOrEqual(1663);
    expect(month.details.length).toBe(AGE_BANDS.length + 1);
  });
});

describe('access', () => {
  it('a role user gets its browsable stores only', async () => {
    expect((await clients.user.get(marketShare())).status).toBe(200);
    expect((await clients.user.get(marketShare({ store_code: '1002' }))).status).toBe(200);
    expect((await clients.user.get(marketShare({ store_code: '1003' }))).status).toBe(403);
  });

  it("another corporation's store, or no such store, is refused", async () => {
    for (const [client, storeCode] of [
      [clients.admin, '3001'],
      [clients.admin, '2001'],
      [clients.sysadmin, '3001'],
      [clients.admin, '9999'],
    ] as const) {
      const reply = await client.get(marketShare({ store_code: storeCode }));
      expect(reply.status, storeCode).toBe(403);
    }
    expect((await clients.sysadmin.get(marketShare({ store_code: '3001' }, 'v2'))).status).toBe(
      403,
    );
  });

  it('the free and basic plans are refused, even for their own stores', async () => {
    for (const [client, storeCode] of [
      [clients.free, '2001'],
      [clients.basic, '3001'],
    ] as const) {
      expect((await client.get(marketShare({ store_code: storeCode }))).status).toBe(403);
      expect((await client.get(estimateCount())).status).toBe(403);
    }
  });

  it('the /v2 twins answer system administrators only', async () => {
    for (const path of [marketShare({}, 'v2'), estimateCount({}, 'v2')]) {
      expect((await clients.admin.get(path)).status, path).toBe(403);
      expect((await clients.user.get(path)).status, path).toBe(403);
      expect((await clients.free.get(path)).status, path).toBe(403);
      expect((await clients.sysadmin.get(path)).status, path).toBe(200);
    }
  });

  it('a visitor without a session is refused', async () => {
    const visitor = t.client();
    expect((await visitor.get(marketShare())).status).toBe(401);
    expect((await visitor.get(estimateCount())).status).toBe(401);
  });
});

describe('bad input', () => {
  const fieldRefusal = (path: string, message: string) => ({
    statusCode: 400,
    message: 'validation error',
    errors: [{ path, message }],
  });
  const admin = () => clients.admin;

  it('store_code is one store, and one is needed', async () => {
    const codeMessage = INPUT_MESSAGES.code(FIELD_LABELS.storeCode, INPUT_LIMITS.storeCodeDigits);
    for (const storeCode of ['abc', '1001,1002', '12345678901', '1001 ', '-1', "1001'"]) {
      const reply = await admin().get(marketShare({ store_code: storeCode }));
      expect(reply.body, storeCode).toEqual(fieldRefusal('store_code', codeMessage));
    }
    const empty = await admin().get(marketShare({ store_code: '' }));
    expect(empty.body).toEqual(fieldRefusal('store_code', MESSAGES.selectStore));
    const missing = await admin().get(`/v3/market_share/?from=${PERIOD.from}&to=${PERIOD.to}`);
    expect(missing.body).toEqual(fieldRefusal('store_code', MESSAGES.selectStore));
  });

  it('dates must be calendar days of 1900–2100 in yyyy-MM-dd', async () => {
    for (const path of [marketShare, estimateCount]) {
      for (const from of ['2025/01/01', '2025-02-30', '20250101', '']) {
        expect((await admin().get(path({ from }))).body, from).toEqual(
          fieldRefusal('from', INPUT_MESSAGES.date),
        );
      }
      expect((await admin().get(path({ to: '2101-01-01' }))).body).toEqual(
        fieldRefusal('to', INPUT_MESSAGES.dateRange(1900, 2100)),
      );
    }
  });

  it('a period ending before it starts, or longer than 20 years, is refused', async () => {
    for (const path of [marketShare, estimateCount]) {
      const reversed = await admin().get(path({ from: PERIOD.to, to: PERIOD.from }));
      expect(reversed.status).toBe(400);
      expect(reversed.body.message).toBe(FORM_MESSAGES.periodStartAfterEnd);
      const tooLong = await admin().get(path({ from: '2000-01-01', to: '2020-01-01' }));
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.message).toBe(FORM_MESSAGES.periodTooLong(20));
      const longest = await admin().get(path({ from: '2000-01-01', to: '2019-12-31' }));
      expect(longest.status).toBe(200);
    }
  });

  it('mesh_code is a 1/2 mesh code', async () => {
    for (const meshCode of ['50303302', '503033025', '5030330230', 'abcdefghi', '', '50303302x']) {
      const reply = await admin().get(estimateCount({ mesh_code: meshCode }));
      expect(reply.body, meshCode).toEqual(fieldRefusal('mesh_code', INPUT_MESSAGES.meshCode));
    }
    const missing = await admin().get(`/v3/estimate_count/?from=${PERIOD.from}&to=${PERIOD.to}`);
    expect(missing.body).toEqual(fieldRefusal('mesh_code', INPUT_MESSAGES.meshCode));
  });

  it('an unknown query parameter is refused', async () => {
    for (const path of [
      marketShare({ storeCodes: '1001' }),
      estimateCount({ store_code: '1001' }),
    ]) {
      const reply = await admin().get(path);
      expect(reply.status, path).toBe(400);
      expect(reply.body.message).toBe('validation error');
    }
  });
});

describe('the demo history', () => {
  it('answers a demo store over 90 days alike on the replica, the system of record and /v2', async () => {
    // Three months of store 1002's generated demo history, through the ingestion path; the
    // replica copies them (which a first call right after an upload would wait for).
    await uploadGeneratedMonths(t, generatedWorld(11), ['1002'], ['2026-08', '2026-09', '2026-10']);
    await replicaCaughtUp(t.app, t.db);
    const query = { from: '2026-08-02', to: '2026-10-31', store_code: '1002' };
    const timed = async (client: HttpClient, path: string) => {
      const started = performance.now();
      const reply = await client.get<MarketShareResponse>(path);
      expect(reply.status).toBe(200);
      return { ms: performance.now() - started, body: reply.body };
    };
    const first = await timed(clients.admin, marketShare(query));
    const again = await timed(clients.admin, marketShare(query));
    const twin = await timed(clients.sysadmin, marketShare(query, 'v2'));
    const patients = first.body.estimatedPatientCounts.reduce((s, m) => s + m.count, 0);
    console.info(
      `market share of store 1002 over 90 days (${patients} patients, ` +
        `${first.body.estimatedPatientCounts.length} meshes): first ${first.ms.toFixed(0)} ms, ` +
        `kept ${again.ms.toFixed(0)} ms, /v2 ${twin.ms.toFixed(0)} ms`,
    );
    expect(twin.body).toEqual(first.body);
    expect(patients).toBeGreaterThan(500);
    // The one statement of the acquired counts reads the same on the replica (DuckDB).
    const store = await t.db
      .selectFrom('stores')
      .select(['id', 'corporation_id'])
      .where('store_code', '=', '1002')
      .executeTakeFirstOrThrow();
    const { from, to } = query;
    const acquired = { corporationId: store.corporation_id, storeId: store.id, from, to };
    const onReplica = await acquiredPatients(t.app.services.replica!.executor(), acquired);
    expect(Object.keys(onReplica).length).toBeGreaterThan(100);
    expect(onReplica).toEqual(await acquiredPatients(recordsExecutor(t.db), acquired));
  }, 300_000);
});

describe('the cache', () => {
  it('answers anew once the store sends more facts', async () => {
    const before = await clients.admin.get<MarketShareResponse>(marketShare());
    expect(meshOf(before.body, TENJIN).count).toBe(3);
    await upload(
      [
        {
          store: '1001',
          date: '2025-03-15',
          patient: 'MS-K',
          birthMonth: '1985-06',
          address: TOWNS.tenjin1,
        },
      ],
      100,
    );
    const after = await clients.admin.get<MarketShareResponse>(marketShare());
    expect(meshOf(after.body, TENJIN).count).toBe(4);
    expect(bands(meshOf(after.body, TENJIN))['30～39']![0]).toBe(2);
    const twin = await clients.sysadmin.get(marketShare({}, 'v2'));
    expect(twin.body).toEqual(after.body);
  });
});
