import type { Config } from '../config.ts';
import { openDatabase, type Database } from './connection.ts';
import { DataDirInUse } from './data-dir-lock.ts';

/**
 * The database the configuration names, for a command: `DATABASE_URL` (and `DATABASE_SCHEMA`), or
 * the embedded one in `DATA_DIR/pglite`. When another process holds that directory, the command
 * ends with the reason instead of a stack.
 */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  try {
    return await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
      schema: config.databaseSchema,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
    });
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
