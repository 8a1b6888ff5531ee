import { MESSAGES } from '@pharmalytics/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../testing/http-client.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { dispensingCsv, uploadFile } from '../testing/upload.ts';
import { hasCitus } from './distribution.ts';
import { QUERY_CANCELED, withoutStatementTimeout } from './statement-timeout.ts';

// A bound of four seconds, which ordinary statements stay far below even on a busy machine; on
// the embedded database it is enforced when the database is on disk.
const TIMEOUT_MS = 4000;
/** Statements made slow on purpose sleep this long (s). */
const SLOW_SECONDS = 6;

let t: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  t = await startTestApp({
    embeddedOnDisk: true,
    env: { DATABASE_STATEMENT_TIMEOUT_MS: String(TIMEOUT_MS) },
  });
  admin = t.client();
  await admin.login('admin@example.com');
  // Statements the tests make slow on purpose: a trigger that sleeps past the bound. One command
  // a statement, and on a Citus coordinator with its triggers allowed on distributed tables: it
  // sends each command to the workers as a prepared statement, and `uploads` is distributed.
  await t.db.connection().execute(async (connection) => {
    if (await hasCitus(connection))
      await sql`set citus.enable_unsafe_triggers to on`.execute(connection);
    await sql
      .raw(
        `create function sleep_past_the_bound() returns trigger language plpgsql as
           $$ begin perform pg_sleep(${SLOW_SECONDS}); return new; end $$`,
      )
      .execute(connection);
    for (const [name, table] of [
      ['slow_member_update', 'members'],
      ['slow_upload_update', 'uploads'],
    ]) {
      await sql
        .raw(
          `create trigger ${name} before update on ${table}
             for each row execute function sleep_past_the_bound()`,
        )
        .execute(connection);
    }
  });
}, 120_000);
afterAll(() => t?.close());

const publicName = async () =>
  (
    await t.db
      .selectFrom('members')
      .select('public_name')
      .where('email', '=', 'admin@example.com')
      .executeTakeFirstOrThrow()
  ).public_name;

describe('statement timeout', () => {
  it('answers a statement past the limit with 503 and its message, and changes nothing', async () => {
    const before = await publicName();
    const started = performance.now();
    const reply = await admin.request('PUT', '/v2/profile', {
      body: { publicName: '時間切れ 太郎', searchName: '' },
    });
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({ statusCode: 503, message: MESSAGES.statementTimeout });
    expect(performance.now() - started).toBeLessThan(SLOW_SECONDS * 1000);
    expect(await publicName()).toBe(before);
    // The service answers on: the database is back (reopened, on the embedded one).
    expect((await admin.get('/readyz')).status).toBe(200);
    expect((await admin.get('/v2/profile')).body.userInformation.publicName).toBe(before);
  }, 60_000);

  it('runs start-up work without the limit, and keeps the limit after it', async () => {
    const started = await withoutStatementTimeout(t.db, async (connection) => {
      await sql`select pg_sleep(${SLOW_SECONDS})`.execute(connection);
      return 'done';
    });
    expect(started).toBe('done');
    const error = await sql`select pg_sleep(${SLOW_SECONDS})`.execute(t.db).catch((e) => e);
    expect(error.code).toBe(QUERY_CANCELED);
  }, 60_000);

  it('does not cut off a file load, which lifts the limit for its transaction', async () => {
    // One prescription of store 1001 with one fee and one medicine (see docs/data-format.md).
    const common =
      '4041100018,2026-10-01,09:12,T1,1,P-T1,2,1958-07,8100001,福岡県福岡市中央区天神二丁目,' +
      '社保,外来,再来,1,4011012345,天神内科クリニック,山本 一郎,内科,P01,田中 誠';
    const file = dispensingCsv(
      `${common},FEE,120000110,調剤基本料１,調剤基本料,45,1,,,`,
      `${common},MEDICINE,2149039F1030,アムロジピン錠５ｍｇ,,28,1,28,錠,`,
    );
    const reply = await uploadFile(t, '1001', file);
    // Its last statement (marking the upload loaded) sleeps past the limit.
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('loaded');
    const upload = await t.db
      .selectFrom('uploads')
      .select('status')
      .where('id', '=', reply.body.uploadId)
      .executeTakeFirstOrThrow();
    expect(upload.status).toBe('loaded');
  }, 60_000);
});
