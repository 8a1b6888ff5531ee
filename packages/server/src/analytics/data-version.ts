import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';

/**
 * The version of a corporation's dispensing facts (table analytics_data_versions). Whatever
 * writes facts raises it inside the same transaction, so the version read before a query tells
 * which facts the query sees at least: answers kept under a version stay exact while it stands.
 */

/** Raises the corporation's data version; call it inside the transaction that writes facts. */
export async function bumpDataVersion(trx: Database, corporationId: number): Promise<void> {
  await sql`
    insert into analytics_data_versions (corporation_id, version) values (${corporationId}, 1)
    on conflict (corporation_id) do update set version = analytics_data_versions.version + 1`.execute(
    trx,
  );
}

/** The corporation's data version as committed now (0 before its first facts). */
export async function dataVersion(db: Database, corporationId: number): Promise<number> {
  const { rows } = await sql<{ version: number }>`
    select version from analytics_data_versions where corporation_id = ${corporationId}`.execute(
    db,
  );
  return Number(rows[0]?.version ?? 0);
}
