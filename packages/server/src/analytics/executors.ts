import type { DuckDBInstance } from '@duckdb/node-api';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
} from 'kysely';
import type { Database } from '../db/connection.ts';
import { withAnalyticsSettings } from './query-settings.ts';

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

/** The analytics replica: each statement on a connection of its own, so calls run side by side. */
export function duckdbExecutor(instance: DuckDBInstance): AnalyticsExecutor {
  return {
    dialect: 'duckdb',
    rows: async (statement) => {
      const { sql, parameters } = statement.compile(compiler);
      const connection = await instance.connect();
      try {
        const reader = await connection.runAndReadAll(sql, [
          ...(parameters as (string | number | boolean | null)[]),
        ]);
        return reader.getRowObjectsJS() as Row[];
      } finally {
        connection.closeSync();
      }
    },
  };
}
