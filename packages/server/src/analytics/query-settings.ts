import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';

/**
 * Memory for the sorts of one analytics query (distinct counts sort), so that they stay off disk:
 * PostgreSQL's default of 4 MB spills a year of a corporation's prescriptions.
 */
const ANALYTICS_WORK_MEM = '64MB';

/**
 * Runs an analytics query with its own settings, for that query only: ANALYTICS_WORK_MEM, and no
 * nested-loop joins. Analytics queries scan a period's facts and join them to per-item or
 * per-patient groups; the embedded database keeps no table statistics, so its planner takes
 * every table for a few rows and nests loops over thousands (a year of 受付回数別 ran past the
 * statement timeout; hash joins answer it in 3 s).
 */
export function withAnalyticsSettings<T>(
  db: Database,
  run: (trx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('work_mem', ${ANALYTICS_WORK_MEM}, true),
      set_config('enable_nestloop', 'off', true)`.execute(trx);
    return run(trx);
  });
}
