import { REGULAR_DAYS } from '@pharmalytics/domain';
import { sql } from 'kysely';
import type { AnalysisScope } from '../access/analysis-scope.ts';
import type { AnalyticsExecutor } from '../analytics/executors.ts';
import type { DateRange } from '@pharmalytics/domain';

/** The periods a store's institutions are compared over. */
export interface ChangePeriods {
  current: DateRange;
  yearAgo: DateRange;
  previous: DateRange;
}

export interface Figures {
  sheets: number;
  salesYen: number;
}

/** One institution's sheets at one store. */
export interface InstitutionFlow {
  storeId: number;
  institutionCode: string;
  institutionName: string;
  current: Figures;
  yearAgo: Figures;
  previous: Figures;
  /** The institution's first and last sheet at the store up to the period's end. */
  firstSeen: string;
  lastSeen: string;
  /** Sheets in the REGULAR_DAYS up to its last sheet. */
  recentSheets: number;
}

const day = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/**
 * Each institution's sheets and sales at each store of the scope in the three periods, with its
 * first and last sheet there (all history up to the current period's end) and its sheets in the
 * REGULAR_DAYS up to its last one. One statement that the system of record and the analytics
 * replica both read.
 */
export async function institutionFlows(
  executor: AnalyticsExecutor,
  scope: AnalysisScope,
  periods: ChangePeriods,
): Promise<InstitutionFlow[]> {
  const { corporationId, storeIds } = scope;
  const figures = (name: string, { from, to }: DateRange) => [
    sql`sum(case when s.d between ${from} and ${to} then 1 else 0 end) as ${sql.ref(`${name}_sheets`)}`,
    sql`sum(case when s.d between ${from} and ${to} then s.sales_yen else 0 end) as ${sql.ref(`${name}_sales`)}`,
  ];
  const statement = sql<Record<string, unknown>>`with sheets as (
      select p.store_id, p.institution_id, p.dispensing_date as d, p.sales_yen,
        max(p.dispensing_date) over (partition by p.store_id, p.institution_id) as last_seen
      from prescriptions p
      where p.corporation_id = ${corporationId} and p.store_id in (${sql.join(storeIds)})
        and p.dispensing_date <= ${periods.current.to} and p.institution_id is not null),
    flows as (
      select s.store_id, s.institution_id, min(s.d) as first_seen, max(s.d) as last_seen,
        sum(case when s.d > s.last_seen - ${sql.lit(REGULAR_DAYS)} then 1 else 0 end)
          as recent_sheets,
        ${sql.join([
          ...figures('current', periods.current),
          ...figures('year_ago', periods.yearAgo),
          ...figures('previous', periods.previous),
        ])}
      from sheets s
      group by s.store_id, s.institution_id)
    select f.*, m.code, m.name
    from flows f
    join medical_institutions m on m.corporation_id = ${corporationId} and m.id = f.institution_id`;
  const figuresOf = (r: Record<string, unknown>, name: string): Figures => ({
    sheets: Number(r[`${name}_sheets`]),
    salesYen: Number(r[`${name}_sales`]),
  });
  return (await executor.rows(statement)).map((r) => ({
    storeId: Number(r.store_id),
    institutionCode: String(r.code),
    institutionName: String(r.name),
    current: figuresOf(r, 'current'),
    yearAgo: figuresOf(r, 'year_ago'),
    previous: figuresOf(r, 'previous'),
    firstSeen: day(r.first_seen),
    lastSeen: day(r.last_seen),
    recentSheets: Number(r.recent_sheets),
  }));
}
