import type { DuckDBInstance, DuckDBResultReader } from '@duckdb/node-api';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type RawBuilder,
} from 'kysely';
import type { Database } from '../db/connection.ts';
import { withAnalyticsSettings } from './query-settings.ts';
import { CallAbandoned, type StatementQueue } from './statement-queue.ts';

/** The SQL dialects the engine's statements compile to. */
export type AnalyticsDialect = 'postgres' | 'duckdb';

type Row = Record<string, unknown>;

/** Where the engine's statements run: the system of record, or the analytics replica. */
export interface AnalyticsExecutor {
  readonly dialect: AnalyticsDialect;
  rows(statement: RawBuilder<Row>): Promise<Row[]>;
}

/** The system of record (PGlite or a PostgreSQL server), with the analytics query settings. */
export function recordsExecutor(db: Database): AnalyticsExecutor {
  return {
    dialect: 'postgres',
    rows: async (statement) =>
      (await withAnalyticsSettings(db, (trx) => statement.execute(trx))).rows,
  };
}

/** The executor of a database (the system of record), or the executor given. */
export function executorOf(on: Database | AnalyticsExecutor): AnalyticsExecutor {
  return 'dialect' in on ? on : recordsExecutor(on);
}

/**
 * Compiles statements without a database: DuckDB reads PostgreSQL's syntax and its `$n`
 * parameters, so the engine's statements need no other compiler.
 */
const compiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** The SQL text of a statement without parameters (its values written as literals). */
export function sqlText(statement: RawBuilder<unknown>): string {
  const { sql, parameters } = statement.compile(compiler);
  if (parameters.length > 0) throw new Error(`a statement with parameters: ${sql}`);
  return sql;
}

/** A key equal for two statements that compile alike (SQL text and parameters). */
export function statementKey(statement: RawBuilder<unknown>): string {
  const { sql, parameters } = statement.compile(compiler);
  return JSON.stringify([sql, parameters]);
}

/**
 * The analytics replica: each statement on a connection of its own, so calls run side by side,
 * in turn through the replica's bounded queue (when given). DuckDB runs a statement on its own threads, off
 * the server's event loop, which keeps answering meanwhile. When `signal` aborts (every caller
 * of the answer has gone), a waiting statement leaves the queue and a running one is interrupted.
 */
export function duckdbExecutor(
  instance: DuckDBInstance,
  queue?: StatementQueue,
  signal?: AbortSignal,
): AnalyticsExecutor {
  return {
    dialect: 'duckdb',
    rows: (statement) => {
      const { sql, parameters } = statement.compile(compiler);
      const run = async () => {
        const connection = await instance.connect();
        const interrupt = () => connection.interrupt();
        signal?.addEventListener('abort', interrupt, { once: true });
        try {
          if (signal?.aborted) throw new CallAbandoned();
          const reader = await connection.runAndReadAll(sql, [
            ...(parameters as (string | number | boolean | null)[]),
          ]);
          if (signal?.aborted) throw new CallAbandoned();
          return rowObjects(reader);
        } finally {
          signal?.removeEventListener('abort', interrupt);
          connection.closeSync();
        }
      };
      return queue ? queue.run(run, signal) : run();
    },
  };
}

/**
 * The values of a statement's rows, each row as an array in the order of `columns`, for a
 * statement whose columns are booleans, numbers (as JavaScript numbers) and texts. On the
 * replica DuckDB writes all the rows as one JSON text: its client converts each value on its own,
 * which took 16 ms for the 25,352 rows of the 医師 page, while writing and parsing the JSON takes
 * 7 ms.
 */
export async function rowValues(
  executor: AnalyticsExecutor,
  statement: RawBuilder<Row>,
  columns: readonly string[],
): Promise<unknown[][]> {
  if (executor.dialect === 'postgres') {
    return (await executor.rows(statement)).map((r) => columns.map((c) => r[c]));
  }
  const values = sql.join(columns.map((c) => sql.ref(`r.${c}`)));
  const [answer] = await executor.rows(
    sql<Row>`select to_json(list(json_array(${values})))::varchar as rows from (${statement}) r`,
  );
  const text = answer?.rows;
  return typeof text === 'string' ? (JSON.parse(text) as unknown[][]) : [];
}

/**
 * The rows of a result as objects, read a column at a time: for the tens of thousands of rows of
 * a page of many items (医師: 25,905) three times as fast as the client's row objects (61 → 18 ms).
 */
export function rowObjects(reader: DuckDBResultReader): Row[] {
  const columns = reader.getColumnsObjectJS();
  const names = Object.keys(columns);
  const values = names.map((name) => columns[name]!);
  const rows: Row[] = new Array<Row>(reader.currentRowCount);
  for (let i = 0; i < rows.length; i++) {
    const row: Row = {};
    for (let j = 0; j < names.length; j++) row[names[j]!] = values[j]![i];
    rows[i] = row;
  }
  return rows;
}
