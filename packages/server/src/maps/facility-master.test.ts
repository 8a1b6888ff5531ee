import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  FACILITY_IMPORT_MESSAGES as M,
  FACILITY_LIMIT,
  FACILITY_VIEWPORT_MAX_DEGREES,
  FIELD_LABELS,
  INPUT_MESSAGES,
  type FacilityItem,
} from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../testing/http-client.ts';
import { signInDemoMembers, type DemoMember } from '../testing/auth.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { importMedicalInfoFile } from './facility-import.ts';
import { loadDemoFacilities, upsertFacilities, type FacilityRow } from './facility-master.ts';
import { MEDICAL_INFO_SOURCE } from './medical-info-open-data.ts';

/**
 * The facility master: the open-data importer and the demo load (by id, idempotent), and
 * GET /v3/facility_masters by type and viewport over a hand-made grid of facilities.
 */

const FIXTURES = new URL('./fixtures/', import.meta.url);
const CLINICS = readFileSync(new URL('medical-info-clinics.csv', FIXTURES));
const PHARMACIES = readFileSync(new URL('medical-info-pharmacies.csv', FIXTURES));

let t: TestApp;
let clients: Record<DemoMember, HttpClient>;

beforeAll(async () => {
  t = await startTestApp();
  clients = await signInDemoMembers(t);
}, 120_000);
afterAll(() => t.close());

const rowsOf = (source: string) =>
  t.db
    .selectFrom('facility_master')
    .selectAll()
    .where('source', '=', source)
    .orderBy('source_id')
    .execute();

describe('importing the medical information open data', () => {
  it('adds the facilities of a file, and loading it again changes nothing', async () => {
    const first = await importMedicalInfoFile(t.db, CLINICS);
    expect(first).toMatchObject({ inserted: 4, updated: 0, unchanged: 0, skipped: 1 });
    expect(first.refused.map((r) => r.lineNo)).toEqual([6, 7, 8, 9, 10]);
    expect(await importMedicalInfoFile(t.db, PHARMACIES)).toMatchObject({ inserted: 2 });
    const stored = await rowsOf(MEDICAL_INFO_SOURCE);
    expect(stored.map((r) => [r.source_id, r.type, r.name])).toEqual([
      ['4010000000011', 'clinic', '医療法人天神会 天神中央病院'],
      ['4020000000012', 'clinic', '天神内科クリニック'],
      ['4020000000019', 'clinic', 'さくら通り眼科（分院, 2F）'],
      ['4030000000013', 'clinic', '大名歯科医院'],
      ['4050000000021', 'pharmacy', 'あおい薬局 天神店'],
      ['4050000000022', 'pharmacy', 'つばめ薬局 博多駅前店'],
    ]);
    expect(stored[0]).toMatchObject({
      address: '福岡県福岡市中央区天神一丁目1-1',
      latitude: 33.591012,
      longitude: 130.398534,
      outpatients: null,
      capacity: null,
      beds: 350,
    });
    expect(stored.map((r) => r.beds)).toEqual([350, 0, null, null, null, null]);

    const again = await importMedicalInfoFile(t.db, CLINICS);
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 4 });
    expect(await rowsOf(MEDICAL_INFO_SOURCE)).toEqual(stored);
  });

  it('updates a facility whose name or point changed in a newer file, by its ID', async () => {
    const before = await rowsOf(MEDICAL_INFO_SOURCE);
    const newer = Buffer.from(
      CLINICS.toString('utf8')
        .replace('天神内科クリニック', '天神内科・循環器クリニック')
        .replace('33.588310', '33.588400'),
    );
    expect(await importMedicalInfoFile(t.db, newer)).toMatchObject({
      inserted: 0,
      updated: 2,
      unchanged: 2,
    });
    const after = await rowsOf(MEDICAL_INFO_SOURCE);
    const byId = (rows: typeof after, id: string) => rows.find((r) => r.source_id === id)!;
    expect(byId(after, '4020000000012').name).toBe('天神内科・循環器クリニック');
    expect(byId(after, '4030000000013').latitude).toBe(33.5884);
    // The others keep their rows as they were, updated_at too.
    for (const id of ['4010000000011', '4020000000019', '4050000000021']) {
      expect(byId(after, id)).toEqual(byId(before, id));
    }
    expect(after.length).toBe(before.length);
  });

  it('runs as a script on the database of DATA_DIR, and a second run changes nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pharmalytics-import-'));
    const clinics = join(dataDir, '02-1_clinic_facility_info.csv');
    writeFileSync(clinics, CLINICS);
    const script = fileURLToPath(new URL('./import-facilities.ts', import.meta.url));
    const run = (...files: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', script, ...files], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      }).then(
        (done) => ({ code: 0, ...done }),
        (failed: { code: number; stdout: string; stderr: string }) => failed,
      );
    try {
      const first = await run(clinics, join(dataDir, 'missing.csv'));
      expect(first.code).toBe(1);
      const name = '02-1_clinic_facility_info.csv';
      const summary = (inserted: number, unchanged: number) =>
        `${M.summary(name, { inserted, updated: 0, unchanged, refused: 5, skipped: 1 })}\n`;
      expect(first.stdout).toBe(summary(4, 0));
      expect(first.stderr).toContain(`${name}: ${M.noCoordinates(6)}`);
      expect(first.stderr).toContain(`${name}: ${M.duplicateId(9, 3)}`);
      expect(first.stderr).toContain('missing.csv: ENOENT');
      const second = await run(clinics);
      expect(second.code).toBe(0);
      expect(second.stdout).toBe(summary(0, 4));
      const usage = await run();
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain(M.usage);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});

describe('the demo facilities', () => {
  const demo = (sourceId: string, name: string): FacilityRow => ({
    sourceId,
    type: 'care',
    name,
    address: '福岡県福岡市中央区天神一丁目',
    latitude: 33.59,
    longitude: 130.4,
    prescriptionPatients: null,
    outpatients: null,
    homecarePatients: null,
    capacity: 18,
    totalUsers: 16,
    beds: null,
  });

  it('are loaded by id, again without change, and leave imported facilities alone', async () => {
    const imported = await rowsOf(MEDICAL_INFO_SOURCE);
    const rows = [demo('care:1001:1', 'グループホームあ'), demo('care:1001:2', 'グループホームい')];
    expect(await loadDemoFacilities(t.db, rows)).toEqual({
      inserted: 2,
      updated: 0,
      unchanged: 0,
      removed: 0,
    });
    expect(await loadDemoFacilities(t.db, rows)).toEqual({
      inserted: 0,
      updated: 0,
      unchanged: 2,
      removed: 0,
    });
    // A newer demo world without the second facility.
    expect(await loadDemoFacilities(t.db, rows.slice(0, 1))).toEqual({
      inserted: 0,
      updated: 0,
      unchanged: 1,
      removed: 1,
    });
    expect((await rowsOf('demo')).map((r) => r.name)).toEqual(['グループホームあ']);
    expect(await rowsOf(MEDICAL_INFO_SOURCE)).toEqual(imported);
    await loadDemoFacilities(t.db, []);
  });

  it('keep the beds of a hospital, and update them when the world changes them', async () => {
    const hospital: FacilityRow = {
      ...demo('clinic:4011234567', '天神中央病院'),
      type: 'clinic',
      capacity: null,
      totalUsers: null,
      outpatients: 420,
      beds: 310,
    };
    expect(await loadDemoFacilities(t.db, [hospital])).toMatchObject({ inserted: 1 });
    const stored = async () => (await rowsOf('demo')).map((r) => [r.name, r.beds]);
    expect(await stored()).toEqual([['天神中央病院', 310]]);
    expect(await loadDemoFacilities(t.db, [{ ...hospital, beds: 320 }])).toMatchObject({
      inserted: 0,
      updated: 1,
      unchanged: 0,
    });
    expect(await stored()).toEqual([['天神中央病院', 320]]);
    await loadDemoFacilities(t.db, []);
  });
});

// ---- GET /v3/facility_masters ----------------------------------------------------------------

/** The grid's centre, away from the imported facilities. */
const CENTRE = { lat: 35, lng: 135 };
const GRID_STEP = 0.004;
const GRID_HALF = 12; // 25 × 25 = 625 clinics, more than FACILITY_LIMIT
const grid = (): FacilityRow[] =>
  Array.from({ length: (2 * GRID_HALF + 1) ** 2 }, (_, i) => {
    const row = Math.floor(i / (2 * GRID_HALF + 1)) - GRID_HALF;
    const column = (i % (2 * GRID_HALF + 1)) - GRID_HALF;
    return {
      sourceId: `grid:${row}:${column}`,
      type: 'clinic',
      name: `格子医院 ${row},${column}`,
      address: `京都府 ${row},${column}`,
      latitude: Math.round((CENTRE.lat + row * GRID_STEP) * 1e6) / 1e6,
      longitude: Math.round((CENTRE.lng + column * GRID_STEP) * 1e6) / 1e6,
      prescriptionPatients: null,
      outpatients: 40,
      homecarePatients: 0,
      capacity: null,
      totalUsers: null,
      beds: 0,
    };
  });
const care = (sourceId: string, latitude: number, longitude: number): FacilityRow => ({
  sourceId,
  type: 'care',
  name: `施設 ${sourceId}`,
  address: `京都府 ${sourceId}`,
  latitude,
  longitude,
  prescriptionPatients: null,
  outpatients: null,
  homecarePatients: null,
  capacity: 60,
  totalUsers: 54,
  beds: null,
});

type Box = { sw: [number, number]; ne: [number, number] };
const BOX: Box = { sw: [34.95, 134.95], ne: [35.05, 135.05] };
const query = (type: string, box: Box = BOX) =>
  `/v3/facility_masters?${new URLSearchParams({
    type,
    north_east_lat: String(box.ne[0]),
    north_east_lng: String(box.ne[1]),
    south_west_lat: String(box.sw[0]),
    south_west_lng: String(box.sw[1]),
  })}`;

/** The distance the search orders by: degrees on the local plane at the centre's latitude. */
const distance = (item: { lat: number; lng: number }) =>
  Math.hypot(
    item.lat - CENTRE.lat,
    (item.lng - CENTRE.lng) * Math.cos((CENTRE.lat * Math.PI) / 180),
  );

describe('GET /v3/facility_masters', () => {
  beforeAll(async () => {
    await upsertFacilities(t.db, 'test', [
      ...grid(),
      care('inside', 35.01, 135.02),
      care('on-the-edge', 35.05, 134.95),
      care('north-of-it', 35.0501, 135),
      care('east-of-it', 35, 135.0501),
    ]);
  });

  it('gives the facilities of the type inside the viewport with their card', async () => {
    const reply = await clients.admin.get(query('care'));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      items: [
        {
          lat: 35.01,
          lng: 135.02,
          name: '施設 inside',
          address: '京都府 inside',
          prescriptionPatients: null,
          outpatients: null,
          homecarePatients: null,
          capacity: 60,
          totalUsers: 54,
        },
        expect.objectContaining({ name: '施設 on-the-edge', lat: 35.05, lng: 134.95 }),
      ],
      limit: FACILITY_LIMIT,
      truncated: false,
    });
    const pharmacies = await clients.admin.get(query('pharmacy'));
    expect(pharmacies.body).toEqual({ items: [], limit: FACILITY_LIMIT, truncated: false });
    // The imported facilities are found where they are.
    const tenjin = await clients.admin.get(
      query('clinic', { sw: [33.58, 130.39], ne: [33.6, 130.41] }),
    );
    expect(tenjin.body.items.map((i: FacilityItem) => i.name).sort()).toEqual([
      '医療法人天神会 天神中央病院',
      '大名歯科医院',
      '天神内科・循環器クリニック',
    ]);
  });

  it('gives at most the limit, nearest the centre first, and says when there were more', async () => {
    const reply = await clients.user.get(query('clinic'));
    expect(reply.status).toBe(200);
    const { items, limit, truncated } = reply.body as {
      items: FacilityItem[];
      limit: number;
      truncated: boolean;
    };
    expect({ count: items.length, limit, truncated }).toEqual({
      count: FACILITY_LIMIT,
      limit: FACILITY_LIMIT,
      truncated: true,
    });
    expect(items[0]).toMatchObject({ lat: CENTRE.lat, lng: CENTRE.lng, outpatients: 40 });
    const distances = items.map(distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const given = new Set(items.map((i) => i.name));
    const left = grid().filter((g) => !given.has(g.name));
    expect(left).toHaveLength(grid().length - FACILITY_LIMIT);
    const farthestGiven = Math.max(...distances);
    for (const f of left) {
      expect(distance({ lat: f.latitude, lng: f.longitude })).toBeGreaterThanOrEqual(
        farthestGiven - 1e-12,
      );
    }
    // A smaller viewport holds fewer than the limit: all of them, not truncated.
    const small = await clients.user.get(
      query('clinic', { sw: [34.99, 134.99], ne: [35.01, 135.01] }),
    );
    expect(small.body.items).toHaveLength(25);
    expect(small.body.truncated).toBe(false);
  });

  it('is open to the members whose plan opens either map', async () => {
    for (const name of ['admin', 'user', 'sysadmin'] as const) {
      expect((await clients[name].get(query('care'))).status, name).toBe(200);
    }
    for (const name of ['basic', 'free'] as const) {
      expect((await clients[name].get(query('care'))).status, name).toBe(403);
    }
    expect((await t.client().get(query('care'))).status).toBe(401);
  });

  it('refuses a viewport turned inside out or wider than the limit, with its message', async () => {
    const refused = async (box: Box, message: string) => {
      const reply = await clients.admin.get(query('clinic', box));
      expect(reply.status, JSON.stringify(box)).toBe(400);
      expect(reply.body.message, JSON.stringify(box)).toBe(message);
    };
    await refused({ sw: [35.05, 134.95], ne: [34.95, 135.05] }, INPUT_MESSAGES.viewportInverted);
    await refused({ sw: [34.95, 135.05], ne: [35.05, 134.95] }, INPUT_MESSAGES.viewportInverted);
    const tooLarge = INPUT_MESSAGES.viewportTooLarge(FACILITY_VIEWPORT_MAX_DEGREES);
    await refused({ sw: [34.4, 134.95], ne: [35.41, 135.05] }, tooLarge);
    await refused({ sw: [34.95, 134.4], ne: [35.05, 135.41] }, tooLarge);
    const widest = await clients.admin.get(query('care', { sw: [34.5, 134.5], ne: [35.5, 135.5] }));
    expect(widest.status).toBe(200);
    // A point is a viewport too.
    const point = await clients.admin.get(
      query('care', { sw: [35.01, 135.02], ne: [35.01, 135.02] }),
    );
    expect(point.body.items.map((i: FacilityItem) => i.name)).toEqual(['施設 inside']);
  });

  it('refuses bad fields with their messages', async () => {
    const refusal = (name: string, message: string) => ({
      statusCode: 400,
      message: 'validation error',
      errors: [{ path: name, message }],
    });
    const latitude = INPUT_MESSAGES.coordinate(FIELD_LABELS.latitude, -90, 90);
    const longitude = INPUT_MESSAGES.coordinate(FIELD_LABELS.longitude, -180, 180);
    const good = Object.fromEntries(new URL(query('clinic'), 'http://x').searchParams);
    const cases: [Record<string, string>, string, string][] = [
      [{ type: 'hospital' }, 'type', INPUT_MESSAGES.facilityType],
      [{ type: '' }, 'type', INPUT_MESSAGES.facilityType],
      [{ north_east_lat: '91' }, 'north_east_lat', latitude],
      [{ north_east_lat: '35.05a' }, 'north_east_lat', latitude],
      [{ south_west_lat: '1e1' }, 'south_west_lat', latitude],
      [{ north_east_lng: '180.5' }, 'north_east_lng', longitude],
      [{ south_west_lng: '0x10' }, 'south_west_lng', longitude],
      [{ south_west_lng: ' 135' }, 'south_west_lng', longitude],
    ];
    for (const [change, name, message] of cases) {
      const reply = await clients.admin.get(
        `/v3/facility_masters?${new URLSearchParams({ ...good, ...change })}`,
      );
      expect(reply.body, JSON.stringify(change)).toEqual(refusal(name, message));
    }
    const { north_east_lat: _, ...missing } = good;
    const without = await clients.admin.get(`/v3/facility_masters?${new URLSearchParams(missing)}`);
    expect(without.body).toEqual(refusal('north_east_lat', latitude));
    const extra = await clients.admin.get(`${query('clinic')}&limit=10`);
    expect(extra.status).toBe(400);
    expect(extra.body.message).toBe('validation error');
    // Seventeen significant digits, as the browser prints a map's bounds, are taken.
    const precise = await clients.admin.get(
      `/v3/facility_masters?${new URLSearchParams({
        ...good,
        type: 'care',
        south_west_lat: '34.950000000000003',
        south_west_lng: '134.94999999999999',
      })}`,
    );
    expect(precise.status).toBe(200);
    expect(precise.body.items).toHaveLength(2);
  });
});
