import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './connection.ts';
import { watchEventLoop } from '../testing/event-loop.ts';
import { copyRows } from './copy.ts';
import { liftStatementTimeout, QUERY_CANCELED } from './statement-timeout.ts';

// The embedded database itself, whichever database the other tests use.
const dir = mkdtempSync(join(tmpdir(), 'pglite-host-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded database on its worker thread', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({});
    await sql
      .raw(
        `create table t (id int primary key, day date, amount numeric, total bigint, note text);
         create table log (line text)`,
      )
      .execute(db);
  }, 120_000);
  afterAll(() => db.destroy());

  it('keeps the type parsers: dates as strings, int8 and numeric as numbers', async () => {
    await copyRows(
      db,
      't',
      ['id', 'day', 'amount', 'total', 'note'],
      [
        [1, '2026-01-31', 1.5, 9007199254740, 'a, "quoted" note'],
        [2, '2026-02-01', 2.25, 20, ''],
        [3, null, null, null, null],
      ],
    );
    const { rows } = await sql`select * from t where id >= ${1} order by id`.execute(db);
    expect(rows).toEqual([
      { id: 1, day: '2026-01-31', amount: 1.5, total: 9007199254740, note: 'a, "quoted" note' },
      { id: 2, day: '2026-02-01', amount: 2.25, total: 20, note: '' },
      { id: 3, day: null, amount: null, total: null, note: null },
    ]);
  });

  it('runs parameterless scripts of several statements', async () => {
    const { rows } = await sql
      .raw(
        `insert into log values ('one'); insert into log values ('two'); select count(*) as n from log`,
      )
      .execute(db);
    expect(rows).toEqual([{ n: 2 }]);
  });

  it('hands errors over with their SQLSTATE and fields', async () => {
    const error = await sql`insert into t (id) values (${1})`.execute(db).catch((e) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('23505');
    expect(error.constraint).toBe('t_pkey');
    expect(error.message).toContain('duplicate key');
    const syntax = await sql
      .raw('selec 1')
      .execute(db)
      .catch((e) => e);
    expect(syntax.code).toBe('42601');
  });

  it('gives the one connection to one transaction at a time', async () => {
    const order: string[] = [];
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await sql`insert into log values ('in transaction')`.execute(trx);
      entered();
      await new Promise((resolve) => setTimeout(resolve, 200));
      order.push('transaction');
      throw new Error('rolled back');
    });
    await inside;
    const outside = sql<{
      n: number;
    }>`select count(*) as n from log where line = ${'in transaction'}`
      .execute(db)
      .then((r) => (order.push('outside'), r.rows[0]!.n));
    await expect(transaction).rejects.toThrow('rolled back');
    expect(await outside).toBe(0);
    expect(order).toEqual(['transaction', 'outside']);
  });

  it('does not hold the event loop while a statement runs', async () => {
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(performance.now()), 20);
    const started = performance.now();
    const { longestTaskMs } = await watchEventLoop(async () => {
      await sql`select pg_sleep(1)`.execute(db);
      await sql`select count(*) from generate_series(1, 3000000)`.execute(db);
    });
    clearInterval(timer);
    expect(longestTaskMs).toBeLessThan(100);
    // Timers kept firing all along, during the sleep too.
    const longestPause = Math.max(...ticks.map((tick, i) => tick - (ticks[i - 1] ?? started)));
    expect(longestPause).toBeLessThan(500);
  });

  it('keeps no time limit in memory, where the database could not be reopened', async () => {
    const memory = await openDatabase({ statementTimeoutMs: 100 });
    try {
      await expect(sql`select pg_sleep(0.4)`.execute(memory)).resolves.toBeDefined();
    } finally {
      await memory.destroy();
    }
  }, 120_000);
});

describe('statement timeout on the embedded database in a directory', () => {
  const dataDir = join(dir, 'bounded');
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ dataDir, statementTimeoutMs: 500 });
    await sql.raw('create table kept (line text)').execute(db);
    await sql`insert into kept values ('committed')`.execute(db);
  }, 120_000);
  afterAll(() => db.destroy());

  const lines = async () =>
    (await sql<{ line: string }>`select line from kept order by line`.execute(db)).rows.map(
      (r) => r.line,
    );

  it('stops a statement past the limit with 57014, and the database answers again', async () => {
    const started = performance.now();
    const error = await sql`select pg_sleep(5)`.execute(db).catch((e) => e);
    expect(error.code).toBe(QUERY_CANCELED);
    expect(error.message).toBe('canceling statement due to statement timeout');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await lines()).toEqual(['committed']);
  }, 60_000);

  it('changes nothing: a stopped transaction is rolled back and refuses more statements', async () => {
    const error = await db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into kept values ('uncommitted')`.execute(trx);
        const stopped = await sql`select count(*) from generate_series(1, 500000000)`
          .execute(trx)
          .catch((e) => e);
        expect(stopped.code).toBe(QUERY_CANCELED);
        // As on a server: the transaction is aborted until it ends.
        const after = await sql`insert into kept values ('after')`.execute(trx).catch((e) => e);
        expect(after.code).toBe('25P02');
        throw stopped;
      })
      .catch((e) => e);
    expect(error.code).toBe(QUERY_CANCELED);
    expect(await lines()).toEqual(['committed']);
    // An autocommitted write that ran past the limit is not kept either.
    const write = await sql`insert into kept select 'slow' from pg_sleep(3)`
      .execute(db)
      .catch((e) => e);
    expect(write.code).toBe(QUERY_CANCELED);
    expect(await lines()).toEqual(['committed']);
  }, 120_000);

  it('lets a transaction lift the limit for itself, and only for itself', async () => {
    await db.transaction().execute(async (trx) => {
      await liftStatementTimeout(trx);
      await sql`select pg_sleep(1)`.execute(trx);
      await sql`insert into kept values ('lifted')`.execute(trx);
    });
    expect(await lines()).toEqual(['committed', 'lifted']);
    const error = await sql`select pg_sleep(1)`.execute(db).catch((e) => e);
    expect(error.code).toBe(QUERY_CANCELED);
  }, 60_000);

  it('keeps committed data across a clean close', async () => {
    await db.destroy();
    db = await openDatabase({ dataDir, statementTimeoutMs: 500 });
    expect(await lines()).toEqual(['committed', 'lifted']);
  }, 60_000);
});

describe('the write-ahead log of the embedded database in a directory', () => {
  const dataDir = join(dir, 'logged');
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ dataDir });
  }, 120_000);
  afterAll(() => db.destroy());

  const logBytes = () =>
    readdirSync(join(dataDir, 'pg_wal'))
      .map((name) => statSync(join(dataDir, 'pg_wal', name)))
      .filter((file) => file.isFile())
      .reduce((sum, file) => sum + file.size, 0);

  it('is checkpointed as files load, so it stays small however much is written', async () => {
    await sql.raw('create table bulk (id int, note text)').execute(db);
    for (let i = 0; i < 4; i++) {
      await sql`insert into bulk select g, repeat('x', 200) from generate_series(1, 150000) g`.execute(
        db,
      );
      await new Promise((resolve) => setTimeout(resolve, 1100));
    }
    const { rows } = await sql<{ since: string }>`
      select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::text as since
      from pg_control_checkpoint()`.execute(db);
    expect(Number(rows[0]!.since)).toBeLessThan(64 * 1024 * 1024);
    expect(logBytes()).toBeLessThanOrEqual(128 * 1024 * 1024);
  }, 120_000);
});
