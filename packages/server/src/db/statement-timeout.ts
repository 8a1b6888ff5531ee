import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';

/** SQLSTATE of a statement cancelled before it finished, here for running past its time limit. */
export const QUERY_CANCELED = '57014';

/** Message PostgreSQL gives a statement cancelled by statement_timeout. */
export const STATEMENT_TIMEOUT_MESSAGE = 'canceling statement due to statement timeout';

/** Whether an error is a statement cancelled by its time limit, from either engine. */
export function isStatementTimeout(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === QUERY_CANCELED;
}

/**
 * Lets the rest of the caller's transaction run without the statement time limit: for work that
 * is long by nature and not started by a reader's request (migrations, loading a file). The
 * limit comes back when the transaction ends. Both engines honour it (the embedded one through
 * its worker host, see pglite-host.ts).
 */
export async function liftStatementTimeout(trx: QueryExecutorProvider): Promise<void> {
  await sql`set local statement_timeout = 0`.execute(trx);
}

/**
 * Runs start-up work (migrations, seeding) on one connection without the statement time limit,
 * then gives the connection its limit back: the first statements on a large database that has
 * just been opened may take long, and the service must start all the same.
 */
export async function withoutStatementTimeout<DB, T>(
  db: Kysely<DB>,
  work: (connection: Kysely<DB>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ timeout: string }>`
      select current_setting('statement_timeout') as timeout`.execute(connection);
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`select set_config('statement_timeout', ${rows[0]!.timeout}, false)`.execute(
        connection,
      );
    }
  });
}
