import { DuckDBInstance } from '@duckdb/node-api';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duckdbExecutor, rowValues } from './executors.ts';

describe('rowValues on the replica (DuckDB)', () => {
  let instance: DuckDBInstance;
  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
  });
  afterAll(() => instance.closeSync());

  it('reads booleans, numbers and texts as the client does, every row in column order', async () => {
    const executor = duckdbExecutor(instance);
    const statement = sql<Record<string, unknown>>`select * from (values
      (true, 202611::bigint, 'はかた薬局 "天神" 店', 1234.56::decimal(12, 2)),
      (false, 9007199254740991::bigint, 'a\\b' || chr(10) || '😀', null),
      (null, null, null, 0.5::double)) t(is_total, bucket, name, c0)
      order by bucket nulls last`;
    const columns = ['name', 'is_total', 'c0', 'bucket'];
    const values = await rowValues(executor, statement, columns);
    const objects = await executor.rows(statement);
    expect(values).toEqual(
      objects.map((r) =>
        columns.map((c) => (typeof r[c] === 'bigint' ? Number(r[c]) : (r[c] ?? null))),
      ),
    );
    expect(values[0]).toEqual(['はかた薬局 "天神" 店', true, 1234.56, 202611]);
    expect(values[1]![0]).toBe('a\\b\n😀');
  });

  it('answers no rows for a statement without rows', async () => {
    const statement = sql<Record<string, unknown>>`select 1 as n where false`;
    expect(await rowValues(duckdbExecutor(instance), statement, ['n'])).toEqual([]);
  });
});
