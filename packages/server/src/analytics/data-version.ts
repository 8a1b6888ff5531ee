import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';

/**
 * The version of a corporation's dispensing facts (table analytics_data_versions) and the change
 * log of what each commit of facts changed (analytics_changes). Whatever writes facts records
 * its change inside the same transaction, so the version read before a query tells which facts
 * the query sees at least (answers kept under a version stay exact while it stands), and the
 * analytics replicas learn which store-dates to copy again.
 */

/** What a commit changed: a store's facts over dates, or (no store) the corporation's names. */
export interface FactsChange {
  corporationId: number;
  store?: { id: number; from: string; to: string };
}

/**
 * Taken by every commit that records a change, until it commits: change ids are drawn in commit
 * order, so a replica that has applied change N has seen every commit before it.
 */
const CHANGE_LOG_LOCK = 7_235_200;

/** Raises the corporation's data version and logs the change; call it inside the transaction. */
export async function recordFactsChange(trx: Database, change: FactsChange): Promise<void> {
  await sql`select pg_advisory_xact_lock(${CHANGE_LOG_LOCK})`.execute(trx);
  const { store } = change;
  await sql`
    with version as (
      insert into analytics_data_versions (corporation_id, version)
      values (${change.corporationId}, 1)
      on conflict (corporation_id) do update set version = analytics_data_versions.version + 1
      returning version)
    insert into analytics_changes (corporation_id, store_id, from_date, to_date, data_version)
    select ${change.corporationId}, ${store?.id ?? null}::int, ${store?.from ?? null}::date,
      ${store?.to ?? null}::date, version
    from version`.execute(trx);
}

/** The id of the last change of the log committed now (0 before the first). */
export async function lastLoggedChange(db: Database): Promise<number> {
  const { rows } = await sql<{ last: number | null }>`
    select max(id) as last from analytics_changes`.execute(db);
  return Number(rows[0]?.last ?? 0);
}

/** The corporation's data version as committed now (0 before its first facts). */
export async function dataVersion(db: Database, corporationId: number): Promise<number> {
  const { rows } = await sql<{ version: number }>`
    select version from analytics_data_versions where corporation_id = ${corporationId}`.execute(
    db,
  );
  return Number(rows[0]?.version ?? 0);
}
