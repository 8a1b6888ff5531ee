import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import type { DB } from './types.ts';

export type Database = Kysely<DB>;

// Same JavaScript types from both engines: dates stay 'yyyy-MM-dd' strings, counts and sums numbers.
const DATE_OID = 1082;
const INT8_OID = 20;
const NUMERIC_OID = 1700;
export const parsers = {
  [DATE_OID]: (value: string) => value,
  [INT8_OID]: (value: string) => Number(value),
  [NUMERIC_OID]: (value: string) => Number(value),
};

export interface DatabaseOptions {
  /** postgres:// URL of a server; when absent the embedded database is used. */
  url?: string;
  /** Directory of the embedded database; in memory when absent. */
  dataDir?: string;
  /** Schema to use on a server (created when missing). */
  schema?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          parsers[oid as keyof typeof parsers] ??
          pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    if (options.schema) await pool.query(`create schema if not exists "${options.schema}"`);
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(options.dataDir, { parsers });
  return new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
}
