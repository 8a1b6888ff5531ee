import { Readable } from 'node:stream';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { dispensingCsv } from '../testing/upload.ts';
import type { DeviceIdentity } from './device-auth.ts';
import { ingestFile } from './ingest-file.ts';
import { locatePatientHome } from './patient-home.ts';

// A deadlock needs two connections: this runs on the PostgreSQL server in either test pass (the
// embedded database has one connection and never deadlocks).
const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let t: TestApp;
let device: DeviceIdentity;
beforeAll(async () => {
  t = await startTestApp({ databaseUrl });
  const store = await t.db
    .selectFrom('stores')
    .select(['id', 'corporation_id', 'insurance_institution_code', 'name'])
    .where('store_code', '=', '1001')
    .executeTakeFirstOrThrow();
  device = {
    corporationId: store.corporation_id,
    storeId: store.id,
    storeCode: '1001',
    storeName: store.name,
    insuranceInstitutionCode: store.insurance_institution_code,
    userName: 'store-1001',
  };
});
afterAll(() => t.close());

const ZIP = '8100001';
const ADDRESS = '福岡県福岡市中央区天神二丁目';
/** One sheet of patient `patient` on `date`, with one fee line. */
const sheet = (date: string, receptionId: string, patient: string) =>
  `${device.insuranceInstitutionCode},${date},09:12,${receptionId},1,${patient},2,1958-07,${ZIP},` +
  `${ADDRESS},社保,外来,再来,1,4011012345,天神内科クリニック,山本 一郎,内科,P01,` +
  `田中 誠,FEE,120000110,調剤基本料１,調剤基本料,45,1,,,`;
const PATIENTS = ['P-DL-1', 'P-DL-2', 'P-DL-3'];
const fileOf = (date: string, patients = PATIENTS) =>
  dispensingCsv(...patients.map((patient, i) => sheet(date, `R${date}-${i}`, patient)));
const ingest = (file: Buffer, onDeadlock?: (attempt: number) => void) =>
  ingestFile(t.db, t.dataDir, device, 'dispensing.csv', Readable.from([file]), { onDeadlock });

/** Another connection to the test's schema, as another server's load would hold one. */
async function otherConnection() {
  const other = new pg.Client({ connectionString: databaseUrl });
  await other.connect();
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
  await other.query(`set search_path = "${rows[0]!.schema}"`);
  /** Waits until one session waits for this connection's locks, and answers how many do. */
  const blockingOne = async () => {
    const blocked = async () =>
      Number(
        (
          await other.query<{ n: string }>(
            'select count(*) as n from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))',
          )
        ).rows[0]!.n,
      );
    for (let i = 0; i < 600 && (await blocked()) === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return blocked();
  };
  return { other, blockingOne };
}

describe('a load chosen by PostgreSQL to break a deadlock', () => {
  it('is rolled back and runs again, loading the file once', async () => {
    expect((await ingest(fileOf('2026-04-01'))).status).toBe('loaded');

    // Another transaction holds the last patient of the next file, whose load locks the patients
    // in key order: it takes the first, then waits for the last. Asked then for the first, the
    // other transaction closes the circle; it waits longer before looking for deadlocks, so
    // PostgreSQL rolls the load back, which lets the other go on and commit.
    const { other, blockingOne } = await otherConnection();
    try {
      await other.query(`set deadlock_timeout = '30s'`);
      await other.query('begin');
      const touch = (patient: string) =>
        other.query(
          'update patients set gender = gender where corporation_id = $1 and patient_key = $2',
          [device.corporationId, patient],
        );
      await touch(PATIENTS.at(-1)!);

      const retries: number[] = [];
      const loading = ingest(fileOf('2026-04-02'), (attempt) => retries.push(attempt));
      expect(await blockingOne()).toBe(1);
      await touch(PATIENTS[0]!); // the deadlock: answered once the load is rolled back
      await other.query('commit');

      const result = await loading;
      expect(retries).toEqual([1]);
      expect(result).toMatchObject({ status: 'loaded', prescriptionsLoaded: PATIENTS.length });
    } finally {
      await other.end();
    }
    // Each file's sheets once: the rolled-back attempt left nothing behind.
    const sheets = await t.db
      .selectFrom('prescriptions')
      .select(({ fn }) => ['dispensing_date', fn.countAll<number>().as('n')])
      .where('corporation_id', '=', device.corporationId)
      .where('store_id', '=', device.storeId)
      .groupBy('dispensing_date')
      .orderBy('dispensing_date')
      .execute();
    expect(sheets.map((s) => [s.dispensing_date, Number(s.n)])).toEqual([
      ['2026-04-01', 3],
      ['2026-04-02', 3],
    ]);
    const uploads = await t.db
      .selectFrom('uploads')
      .select('status')
      .where('corporation_id', '=', device.corporationId)
      .where('store_id', '=', device.storeId)
      .execute();
    expect(uploads.map((u) => u.status)).toEqual(['loaded', 'loaded']);
    // Two loads, a second of PostgreSQL's deadlock_timeout and the retry.
  }, 60_000);
});

describe('patients new to the corporation', () => {
  it('are read once another load adding them at the same time has committed', async () => {
    const added = ['P-NEW-1', 'P-NEW-2', 'P-NEW-3'];
    const home = locatePatientHome(ADDRESS, ZIP);
    // Another load adds the same patients with the same values and has not committed yet: this
    // load does not see them, and its insert waits for the other, then finds nothing to change.
    const { other, blockingOne } = await otherConnection();
    let ids: string[];
    try {
      await other.query('begin');
      const { rows } = await other.query<{ id: string }>(
        `insert into patients (corporation_id, patient_key, gender, birth_month, zip_code,
           prefecture, city, town, latitude, longitude, mesh_code)
         select $1, key, 2, '1958-07-01', $2, $3, $4, $5, $6, $7, $8 from unnest($9::text[]) key
         returning id`,
        [
          device.corporationId,
          ZIP,
          home.prefecture,
          home.city,
          home.town,
          home.latitude,
          home.longitude,
          home.meshCode,
          added,
        ],
      );
      ids = rows.map((r) => r.id);
      const loading = ingest(fileOf('2026-04-03', added));
      expect(await blockingOne()).toBe(1);
      await other.query('commit');
      expect(await loading).toMatchObject({ status: 'loaded', prescriptionsLoaded: 3 });
    } finally {
      await other.end();
    }
    // Every sheet names the patient the other load added: one row each.
    const sheets = await t.db
      .selectFrom('prescriptions as p')
      .innerJoin('patients as pa', (j) =>
        j.onRef('pa.corporation_id', '=', 'p.corporation_id').onRef('pa.id', '=', 'p.patient_id'),
      )
      .select(['pa.patient_key', 'pa.id'])
      .where('p.corporation_id', '=', device.corporationId)
      .where('p.dispensing_date', '=', '2026-04-03')
      .orderBy('pa.patient_key')
      .execute();
    expect(sheets.map((r) => [r.patient_key, String(r.id)])).toEqual(
      added.map((key, i) => [key, ids[i]]),
    );
    const rows = await t.db
      .selectFrom('patients')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('corporation_id', '=', device.corporationId)
      .where('patient_key', 'in', added)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(3);
  }, 60_000);
});
