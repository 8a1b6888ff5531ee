import { RETURN_WINDOWS, type RetentionBreakdown } from '@pharmalytics/domain';
import { sql, type RawBuilder } from 'kysely';
import type { AnalysisScope } from '../access/analysis-scope.ts';
import { ageOnDate } from '../analytics/breakdowns.ts';
import type { AnalyticsExecutor } from '../analytics/executors.ts';

/** What the cohort statements are asked: the scope's stores, first visits in [from, to]. */
export interface CohortQuery {
  scope: AnalysisScope;
  from: string;
  to: string;
  breakdown: RetentionBreakdown;
}

/** New patients of one cohort month and group, with their returns by window. */
export interface CohortCount {
  /** Months since year 0 of the first visit's month (year × 12 + month − 1). */
  month: number;
  key: string;
  name: string | null;
  patients: number;
  /** By RETURN_WINDOWS: patients whose window ended by `to`, and of them those who returned. */
  eligible: number[];
  returned: number[];
}

/** New patients of a cohort month seen again in a later month. */
export interface CohortMonthCount {
  month: number;
  monthsSince: number;
  patients: number;
}

const monthIndex = (date: RawBuilder<unknown>) =>
  sql`(cast(extract(year from ${date}) as integer) * 12 + cast(extract(month from ${date}) as integer) - 1)`;

/** The group of a new patient, from its first sheet `f` (and its patient row `pa`). */
const GROUP: Record<RetentionBreakdown, { key: RawBuilder<unknown>; name: RawBuilder<unknown> }> = {
  store: { key: sql`st.store_code`, name: sql`st.name` },
  institution: { key: sql`m.code`, name: sql`m.name` },
  pharmacist: { key: sql`ph.pharmacist_key`, name: sql`ph.name` },
  age: {
    key: sql`cast(${ageOnDate(sql`f.first_date`, sql`pa.birth_month`)} as varchar)`,
    name: sql`null`,
  },
};

/**
 * The visits of the scope's stores up to `to`, each patient's first visit to each store, and the
 * first sheet of that day (the earliest reception, then the sheet loaded first). A first visit
 * is the patient's earliest sheet at the store in all its history, so a patient seen before the
 * period is no new patient.
 */
function firstVisits(query: CohortQuery) {
  const { corporationId, storeIds } = query.scope;
  return sql`visits as (
      select p.id, p.store_id, p.patient_id, p.dispensing_date as d, p.reception_time,
        p.institution_id, p.pharmacist_id
      from prescriptions p
      where p.corporation_id = ${corporationId} and p.store_id in (${sql.join(storeIds)})
        and p.dispensing_date <= ${query.to}),
    firsts as (
      select v.store_id, v.patient_id, min(v.d) as first_date
      from visits v group by v.store_id, v.patient_id
      having min(v.d) between ${query.from} and ${query.to}),
    first_sheets as (
      select f.store_id, f.patient_id, f.first_date, v.institution_id, v.pharmacist_id,
        row_number() over (partition by f.store_id, f.patient_id
          order by v.reception_time nulls last, v.id) as n
      from firsts f join visits v on v.store_id = f.store_id and v.patient_id = f.patient_id
        and v.d = f.first_date)`;
}

/**
 * New patients by cohort month and group, with for each window of RETURN_WINDOWS those whose
 * window ended by `to` (first visit + days ≤ to) and those of them seen again at the store within
 * it (a later day, first visit < return ≤ first visit + days). One statement that the system of
 * record and the analytics replica both read.
 */
export async function cohortCounts(
  executor: AnalyticsExecutor,
  query: CohortQuery,
): Promise<CohortCount[]> {
  const { corporationId } = query.scope;
  const group = GROUP[query.breakdown];
  const windows = RETURN_WINDOWS.flatMap((days) => [
    sql`sum(case when cast(${query.to} as date) - f.first_date >= ${sql.lit(days)} then 1 else 0 end) as ${sql.ref(`eligible_${days}`)}`,
    sql`sum(case when cast(${query.to} as date) - f.first_date >= ${sql.lit(days)}
      and x.next_date - f.first_date <= ${sql.lit(days)} then 1 else 0 end) as ${sql.ref(`returned_${days}`)}`,
  ]);
  const statement = sql<Record<string, unknown>>`with ${firstVisits(query)},
    nexts as (
      select f.store_id, f.patient_id, min(v.d) as next_date
      from firsts f join visits v on v.store_id = f.store_id and v.patient_id = f.patient_id
        and v.d > f.first_date
      group by f.store_id, f.patient_id)
    select ${monthIndex(sql`f.first_date`)} as month, ${group.key} as key, ${group.name} as name,
      count(*) as patients, ${sql.join(windows)}
    from first_sheets f
    left join nexts x on x.store_id = f.store_id and x.patient_id = f.patient_id
    left join stores st on st.corporation_id = ${corporationId} and st.id = f.store_id
    left join medical_institutions m on m.corporation_id = ${corporationId}
      and m.id = f.institution_id
    left join pharmacists ph on ph.corporation_id = ${corporationId} and ph.id = f.pharmacist_id
    left join patients pa on pa.corporation_id = ${corporationId} and pa.id = f.patient_id
    where f.n = 1
    group by 1, 2, 3`;
  return (await executor.rows(statement)).map((r) => ({
    month: Number(r.month),
    key: r.key === null || r.key === undefined ? '' : String(r.key),
    name: r.name === null || r.name === undefined ? null : String(r.name),
    patients: Number(r.patients),
    eligible: RETURN_WINDOWS.map((days) => Number(r[`eligible_${days}`])),
    returned: RETURN_WINDOWS.map((days) => Number(r[`returned_${days}`])),
  }));
}

/**
 * New patients of each cohort month seen again at the same store in each later calendar month
 * up to `to`'s month (months since the first ≥ 1).
 */
export async function cohortMonthCounts(
  executor: AnalyticsExecutor,
  query: CohortQuery,
): Promise<CohortMonthCount[]> {
  const statement = sql<Record<string, unknown>>`with ${firstVisits(query)},
    seen as (
      select distinct f.store_id, f.patient_id, ${monthIndex(sql`f.first_date`)} as month,
        ${monthIndex(sql`v.d`)} - ${monthIndex(sql`f.first_date`)} as months_since
      from firsts f join visits v on v.store_id = f.store_id and v.patient_id = f.patient_id
        and v.d > f.first_date)
    select month, months_since, count(*) as patients
    from seen where months_since >= 1
    group by 1, 2`;
  return (await executor.rows(statement)).map((r) => ({
    month: Number(r.month),
    monthsSince: Number(r.months_since),
    patients: Number(r.patients),
  }));
}
