import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableWatch } from './table-digest.ts';
import { startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(() => t.close());

const insertCorporation = (code: string) =>
  t.db
    .insertInto('corporations')
    .values({ corporation_code: code, name: '株式会社ウォッチ薬局' })
    .returning('id')
    .executeTakeFirstOrThrow();

describe('tableWatch', () => {
  it('sees no change after reads', async () => {
    const watch = await tableWatch(t.db);
    const before = await watch.before();
    await t.db.selectFrom('prefectures').selectAll().execute();
    expect(await watch.changedSince(before)).toBe('');
  });

  it('names the tables a write changed', async () => {
    const watch = await tableWatch(t.db);
    const before = await watch.before();
    await insertCorporation('900001');
    expect(await watch.changedSince(before)).toBe('corporations');
  });

  it('sees updates and deletes', async () => {
    const watch = await tableWatch(t.db);
    const { id } = await insertCorporation('900002');
    const before = await watch.before();
    await t.db.updateTable('corporations').set({ name: '改名' }).where('id', '=', id).execute();
    expect(await watch.changedSince(before)).toBe('corporations');
    const again = await watch.before();
    await t.db.deleteFrom('corporations').where('id', '=', id).execute();
    expect(await watch.changedSince(again)).toBe('corporations');
  });

  it('takes a write that leaves the rows as they were, or touches an ignored column, as no change', async () => {
    const { id } = await insertCorporation('900003');
    const watch = await tableWatch(t.db, ['corporations.updated_at']);
    const before = await watch.before();
    await t.db
      .updateTable('corporations')
      .set({ name: '株式会社ウォッチ薬局' })
      .where('id', '=', id)
      .execute();
    await sql`update corporations set updated_at = now() + interval '1 day' where id = ${id}`.execute(
      t.db,
    );
    expect(await watch.changedSince(before)).toBe('');
  });
});
