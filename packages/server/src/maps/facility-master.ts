import { todayInJapan, type FacilityRecord } from '@pharmalytics/domain';
import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';

/** A facility of the master as a source gives it. */
export type FacilityRow = FacilityRecord;

/** What a load did: rows added, rows whose values changed, rows already as given. */
export interface FacilityLoadCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/** The source of the demo world's facilities. */
export const DEMO_FACILITY_SOURCE = 'demo';

const CHUNK = 1000;

/**
 * The day a load sees its facilities (today in Japan by default), or per row the day it was first
 * seen (kept from the row's insert on) and the day it was last seen (raised by every load).
 */
export type SeenDays = string | ((row: FacilityRow) => { first: string; last: string });

/**
 * Adds or updates the facilities of one source by their id within it, in one transaction. A row
 * whose values are already stored is left as it is (its updated_at too), so loading the same
 * data again changes nothing. Ids repeated in `rows` keep their first row. A row inserted takes
 * the load's day (`seen`) as its first-seen date, which later loads leave as it is; every row
 * given takes it as its last-seen date when later than the one stored, so a facility a later load
 * leaves out keeps the day it was last listed (a closing, docs/metrics.md). The counts say only
 * what happened to the values: a row seen again unchanged is `unchanged`.
 */
export async function upsertFacilities(
  db: Database,
  source: string,
  rows: readonly FacilityRow[],
  seen: SeenDays = todayInJapan(),
): Promise<FacilityLoadCounts> {
  const days = typeof seen === 'string' ? () => ({ first: seen, last: seen }) : seen;
  const byId = new Map<string, FacilityRow>();
  for (const row of rows) if (!byId.has(row.sourceId)) byId.set(row.sourceId, row);
  const unique = [...byId.values()];
  const counts: FacilityLoadCounts = { inserted: 0, updated: 0, unchanged: 0 };
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < unique.length; i += CHUNK) {
      const part = unique.slice(i, i + CHUNK);
      const column = <K extends keyof FacilityRow>(key: K) => part.map((r) => r[key]);
      // updated_at takes the proposed row's default (now()): Citus refuses a function that is
      // not immutable in ON CONFLICT … DO UPDATE.
      const { rows: written } = await sql<{ inserted: boolean }>`
        insert into facility_master as f (source, source_id, type, name, address, latitude,
          longitude, prescription_patients, outpatients, homecare_patients, capacity, total_users,
          beds, first_seen_on, last_seen_on)
        select ${source}, * from unnest(
          ${column('sourceId')}::text[], ${column('type')}::text[], ${column('name')}::text[],
          ${column('address')}::text[], ${column('latitude')}::float8[],
          ${column('longitude')}::float8[], ${column('prescriptionPatients')}::int[],
          ${column('outpatients')}::int[], ${column('homecarePatients')}::int[],
          ${column('capacity')}::int[], ${column('totalUsers')}::int[], ${column('beds')}::int[],
          ${part.map((r) => days(r).first)}::date[], ${part.map((r) => days(r).last)}::date[])
        on conflict (source, source_id) do update set type = excluded.type,
          name = excluded.name, address = excluded.address, latitude = excluded.latitude,
          longitude = excluded.longitude, prescription_patients = excluded.prescription_patients,
          outpatients = excluded.outpatients, homecare_patients = excluded.homecare_patients,
          capacity = excluded.capacity, total_users = excluded.total_users, beds = excluded.beds,
          updated_at = excluded.updated_at
        where (f.type, f.name, f.address, f.latitude, f.longitude, f.prescription_patients,
            f.outpatients, f.homecare_patients, f.capacity, f.total_users, f.beds)
          is distinct from (excluded.type, excluded.name, excluded.address, excluded.latitude,
            excluded.longitude, excluded.prescription_patients, excluded.outpatients,
            excluded.homecare_patients, excluded.capacity, excluded.total_users, excluded.beds)
        returning (xmax = 0) as inserted`.execute(trx);
      await sql`
        update facility_master f set last_seen_on = seen.day
        from unnest(${column('sourceId')}::text[], ${part.map((r) => days(r).last)}::date[])
          as seen (source_id, day)
        where f.source = ${source} and f.source_id = seen.source_id
          and f.last_seen_on < seen.day`.execute(trx);
      const inserted = written.filter((r) => r.inserted).length;
      counts.inserted += inserted;
      counts.updated += written.length - inserted;
      counts.unchanged += part.length - written.length;
    }
  });
  return counts;
}

/**
 * The demo world's facilities as the master's demo source: added or updated by id, and demo rows
 * the world no longer has removed. Imported sources are left alone. `seen` gives a row's first-seen
 * day (the world's start, or a recent opening's own day) and its last-seen day (the history's
 * end, or a closed clinic's last day).
 */
export async function loadDemoFacilities(
  db: Database,
  rows: readonly FacilityRow[],
  seen: SeenDays = todayInJapan(),
): Promise<FacilityLoadCounts & { removed: number }> {
  const counts = await upsertFacilities(db, DEMO_FACILITY_SOURCE, rows, seen);
  const ids = rows.map((r) => r.sourceId);
  const { numDeletedRows } = await db
    .deleteFrom('facility_master')
    .where('source', '=', DEMO_FACILITY_SOURCE)
    .where(sql<boolean>`source_id <> all(${ids}::text[])`)
    .executeTakeFirst();
  return { ...counts, removed: Number(numDeletedRows) };
}
