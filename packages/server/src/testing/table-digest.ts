import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';

/**
 * A fingerprint of the rows of every table of the database, to show that a request changed
 * nothing: one line per table with its row count and a hash of its rows in a stable order, so a
 * difference names the table. `ignore` names tables left out and columns that change by design
 * even on a refused request (`table.column`).
 */
export async function tableDigester(
  db: Database,
  ignore: readonly string[] = [],
): Promise<() => Promise<string>> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t
      on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(db);
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns.rows) {
    if (ignore.includes(table) || ignore.includes(`${table}.${column}`)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  // A sum of row hashes: no sorting, and the same whatever order the rows come in.
  const parts = [...byTable].map(([table, cols]) => {
    const row = `row(${cols.map((c) => `t."${c}"`).join(', ')})::text`;
    return `select '${table}' as name, count(*) as rows, coalesce(sum(hashtextextended(${row}, 0)), 0)::text as hash from "${table}" t`;
  });
  const query = sql<{ name: string; rows: string; hash: string }>`${sql.raw(
    parts.join(' union all '),
  )}`;
  return async () => {
    const result = await query.execute(db);
    return result.rows
      .map((r) => `${r.name}: ${r.rows} rows ${r.hash}`)
      .sort()
      .join('\n');
  };
}

/** What the tables were like before a request. */
export interface TablesState {
  nextTransactionId: string;
  digest: string;
}

/**
 * Tells whether requests change any table, cheaply: a request that wrote nothing started no
 * writing transaction, so the next transaction id has not moved and no digest is needed. Only when
 * it moved (a write, or another database user) are the digests compared.
 */
export async function tableWatch(db: Database, ignore: readonly string[] = []) {
  const digest = await tableDigester(db, ignore);
  const nextTransactionId = async () =>
    (
      await sql<{ id: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as id`.execute(
        db,
      )
    ).rows[0]!.id;
  let known: TablesState | undefined;
  return {
    /** The state before a request. */
    async before(): Promise<TablesState> {
      const id = await nextTransactionId();
      if (known?.nextTransactionId !== id)
        known = { nextTransactionId: id, digest: await digest() };
      return known;
    },
    /** The tables whose rows differ from `state` ('' when none). */
    async changedSince(state: TablesState): Promise<string> {
      const id = await nextTransactionId();
      if (id === state.nextTransactionId) return '';
      known = { nextTransactionId: id, digest: await digest() };
      const now = new Set(known.digest.split('\n'));
      return state.digest
        .split('\n')
        .filter((line) => !now.has(line))
        .map((line) => line.split(':')[0])
        .join(', ');
    },
  };
}
