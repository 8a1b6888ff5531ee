import { AGE_BANDS, MARKET_SHARE_AGE_BANDS } from '@pharmalytics/domain';
import { sql } from 'kysely';
import type { AnalyticsExecutor } from '../analytics/executors.ts';

/** Acquired patients of one mesh by band (MARKET_SHARE_AGE_BANDS order: 10 bands, then 不明). */
export type BandCounts = number[];

/** Acquired patients by 1/2 mesh code: a plain object, so that the answer cache can size it. */
export type AcquiredByMesh = Record<string, BandCounts>;

/** What the acquired counts are asked for: one store of a corporation over a period. */
export interface AcquiredQuery {
  corporationId: number;
  storeId: number;
  from: string;
  to: string;
}

const UNKNOWN_BAND = AGE_BANDS.length;

/**
 * The band of a patient's age on a day, as an index of MARKET_SHARE_AGE_BANDS: by decade as on
 * the age analysis page, 90 and over in the last band, no birth month 不明.
 */
function bandIndex(day: string, birthMonth: string) {
  const age = sql`extract(year from age(${sql.ref(day)}, ${sql.ref(birthMonth)}))::int`;
  const decades = AGE_BANDS.slice(0, -1).map(
    (_, i) => sql`when ${age} < ${sql.lit((i + 1) * 10)} then ${sql.lit(i)}`,
  );
  return sql<number>`case when ${sql.ref(birthMonth)} is null then ${sql.lit(UNKNOWN_BAND)}
    ${sql.join(decades, sql` `)} else ${sql.lit(AGE_BANDS.length - 1)} end`;
}

/**
 * Acquired patients by mesh and band: the distinct patients with a sheet of the store in the
 * period, counted in their home's 1/2 mesh (patients.mesh_code; patients without one are not on
 * the map) and in the band of their age at their last sheet of the period. One statement that
 * the system of record and the analytics replica both read.
 */
export async function acquiredPatients(
  executor: AnalyticsExecutor,
  query: AcquiredQuery,
): Promise<AcquiredByMesh> {
  const { corporationId, storeId, from, to } = query;
  const statement = sql<Record<string, unknown>>`
    with last_sheets as (
      select p.patient_id, max(p.dispensing_date) as last_date
      from prescriptions p
      where p.corporation_id = ${corporationId} and p.store_id = ${storeId}
        and p.dispensing_date between ${from} and ${to}
      group by p.patient_id),
    placed as (
      select pa.mesh_code, ${bandIndex('v.last_date', 'pa.birth_month')} as age_range
      from last_sheets v
      join patients pa on pa.corporation_id = ${corporationId} and pa.id = v.patient_id
      where pa.mesh_code is not null)
    select mesh_code, age_range, count(*) as patients
    from placed
    group by mesh_code, age_range`;
  const counts: AcquiredByMesh = {};
  for (const row of await executor.rows(statement)) {
    const bands = (counts[String(row.mesh_code)] ??= MARKET_SHARE_AGE_BANDS.map(() => 0));
    bands[Number(row.age_range)] = Number(row.patients);
  }
  return counts;
}
