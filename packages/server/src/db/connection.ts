import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { COPY_FROM_STDIN, COPY_TO_STDOUT } from './copy.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { PGliteHost } from './pglite-host.ts';
import { parsers } from './type-parsers.ts';
import type { DB } from './types.ts';

export type Database = Kysely<DB>;

export { parsers } from './type-parsers.ts';

export interface DatabaseOptions {
  /** postgres:// URL of a server; when absent the embedded database is used. */
  url?: string;
  /** Directory of the embedded database; in memory when absent. */
  dataDir?: string;
  /** Schema to use on a server (created when missing). */
  schema?: string;
  /**
   * statement_timeout in ms of every session (0 or absent: none). A transaction can lift it for
   * itself with liftStatementTimeout (statement-timeout.ts). On the embedded database the worker
   * host enforces it when the database lives in a directory (see pglite-host.ts).
   */
  statementTimeoutMs?: number;
  /** Embedded only: a data directory tarball to start from instead of initdb (see PGliteHost). */
  template?: string;
  /** Told the text of every statement run through Kysely (db/citus-statements.test.ts reads them). */
  onStatement?: (text: string) => void;
}

/** Kysely's log hook handing each statement's text to `onStatement`. */
function statementLog(onStatement: ((text: string) => void) | undefined) {
  return onStatement ? { log: (event: LogEvent) => onStatement(event.query.sql) } : {};
}

/** A server connection that streams the text of `COPY … FROM STDIN` and `… TO STDOUT` (copy.ts). */
class CopyingClient extends pg.Client {
  // @ts-expect-error the overloads of query() cannot all be restated; Kysely calls (text, values)
  override query(text: unknown, values?: unknown, callback?: unknown) {
    if (typeof text === 'string' && COPY_FROM_STDIN.test(text) && Array.isArray(values)) {
      const stream = super.query(copyFrom(text));
      return pipeline(Readable.from([values[0] as string]), stream).then(() => ({
        command: 'COPY',
        rowCount: stream.rowCount,
        rows: [],
      }));
    }
    if (typeof text === 'string' && COPY_TO_STDOUT.test(text)) {
      return (async () => {
        const chunks: Buffer[] = [];
        for await (const chunk of super.query(copyTo(text))) chunks.push(chunk as Buffer);
        return { command: 'COPY', rowCount: 1, rows: [{ csv: Buffer.concat(chunks) }] };
      })();
    }
    // @ts-expect-error passed through as received
    return super.query(text, values, callback);
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      Client: CopyingClient as unknown as typeof pg.Client,
      connectionString: options.url,
      max: 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          parsers[oid as keyof typeof parsers] ??
          pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    if (options.schema) await pool.query(`create schema if not exists "${options.schema}"`);
    return new Kysely<DB>({
      dialect: new PostgresDialect({ pool }),
      ...statementLog(options.onStatement),
    });
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const host = await PGliteHost.open({
    dataDir: options.dataDir,
    statementTimeoutMs: options.statementTimeoutMs,
    template: options.template,
  });
  return new Kysely<DB>({ dialect: new PGliteDialect(host), ...statementLog(options.onStatement) });
}
