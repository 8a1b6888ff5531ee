import { Readable } from 'node:stream';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { dispensingCsv } from '../testing/upload.ts';
import type { DeviceIdentity } from './device-auth.ts';
import { ingestFile } from './ingest-file.ts';

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

/** One sheet of patient `patient` on `date`, with one fee line. */
const sheet = (date: string, receptionId: string, patient: string) =>
  `${device.insuranceInstitutionCode},${date},09:12,${receptionId},1,${patient},2,1958-07,8100001,` +
  `福岡県福岡市中央区天神二丁目,社保,外来,再来,1,4011012345,天神内科クリニック,山本 一郎,内科,P01,` +
  `田中 誠,FEE,120000110,調剤基本料１,調剤基本料,45,1,,,`;
const PATIENTS = ['P-DL-1', 'P-DL-2', 'P-DL-3'];
const fileOf = (date: string) =>
  dispensingCsv(...PATIENTS.map((patient, i) => sheet(date, `R${date}-${i}`, patient)));
const ingest = (file: Buffer, onDeadlock?: (attempt: number) => void) =>
  ingestFile(t.db, t.dataDir, device, 'dispensing.csv', Readable.from([file]), { onDeadlock });

describe('a load chosen by PostgreSQL to break a deadlock', () => {
  it('is rolled back and runs again, loading the file once', async () => {
    expect((await ingest(fileOf('2026-04-01'))).status).toBe('loaded');

    // Another transaction holds the last patient of the next file, whose load locks the patients
    // in key order: it takes the first, then waits for the last. Asked then for the first, the
    // other transaction closes the circle; it waits longer before looking for deadlocks, so
    // PostgreSQL rolls the load back, which lets the other go on and commit.
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    try {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
        t.db,
      );
      await other.query(`set search_path = "${rows[0]!.schema}"`);
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
      const blockedByOther = async () =>
        Number(
          (
            await other.query<{ n: string }>(
              'select count(*) as n from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))',
            )
          ).rows[0]!.n,
        );
      for (let i = 0; i < 600 && (await blockedByOther()) === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await blockedByOther()).toBe(1);
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
