import { REVENUE_AT_RISK_DAYS, type SupplyBasis } from '@pharmalytics/domain';
import { sql } from 'kysely';
import type { AnalysisScope } from '../access/analysis-scope.ts';
import type { AnalyticsExecutor } from '../analytics/executors.ts';

/** What the overdue statement is asked: supply ends in [from, to], judged on `to`. */
export interface OverdueQuery {
  scope: AnalysisScope;
  from: string;
  to: string;
  graceDays: number;
}

/** A patient of a store whose supply ended in the period and who had not come back by `to`. */
export interface OverdueRow {
  pseudonym: string;
  storeCode: string;
  storeName: string;
  lastVisit: string;
  institutionCode: string;
  institutionName: string;
  supplyEnd: string;
  supplyBasis: SupplyBasis;
  daysOverdue: number;
  /** Sales at the store over the year up to the last visit, yen. */
  yearSales: number;
}

export interface OverdueRows {
  rows: OverdueRow[];
  /** Patients whose last visit is in the period with neither days nor an interval. */
  unjudged: number;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
/** A DATE read from either database as yyyy-MM-dd. */
const day = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/**
 * Each patient's last visit to each store up to `to`, and its supply end: the visit's date plus
 * the longest 調剤日数 of its 内服 lines that day, or, when none says, plus the patient's median
 * interval between visit days at the store (the lower middle, percentile_disc). The overdue are
 * those whose supply end falls in [from, to] and lies more than `graceDays` before `to`; with
 * their sales at the store over the REVENUE_AT_RISK_DAYS up to their last visit and the
 * institution of their last sheet. One statement that the system of record and the analytics
 * replica both read.
 */
export async function overdueRows(
  executor: AnalyticsExecutor,
  query: OverdueQuery,
): Promise<OverdueRows> {
  const { corporationId, storeIds } = query.scope;
  const to = sql`cast(${query.to} as date)`;
  const statement = sql<Record<string, unknown>>`with visits as (
      select p.id, p.store_id, p.patient_id, p.dispensing_date as d, p.reception_time,
        p.institution_id, p.sales_yen
      from prescriptions p
      where p.corporation_id = ${corporationId} and p.store_id in (${sql.join(storeIds)})
        and p.dispensing_date <= ${query.to}),
    lasts as (
      select v.store_id, v.patient_id, max(v.d) as last_date
      from visits v group by v.store_id, v.patient_id),
    last_days as (
      select l.store_id, l.patient_id, max(m.days) as days
      from lasts l
      join visits v on v.store_id = l.store_id and v.patient_id = l.patient_id
        and v.d = l.last_date
      join prescription_medicines m on m.corporation_id = ${corporationId}
        and m.prescription_id = v.id
      where m.days is not null
      group by l.store_id, l.patient_id),
    gaps as (
      select x.store_id, x.patient_id,
        x.d - lag(x.d) over (partition by x.store_id, x.patient_id order by x.d) as gap
      from (select distinct v.store_id, v.patient_id, v.d from visits v) x),
    medians as (
      select g.store_id, g.patient_id,
        percentile_disc(0.5) within group (order by g.gap) as gap
      from gaps g where g.gap is not null
      group by g.store_id, g.patient_id),
    judged as (
      select l.store_id, l.patient_id, l.last_date,
        case when ld.days is not null then 'days' when md.gap is not null then 'interval' end
          as basis,
        l.last_date + cast(coalesce(ld.days, md.gap) as integer) as supply_end
      from lasts l
      left join last_days ld on ld.store_id = l.store_id and ld.patient_id = l.patient_id
      left join medians md on md.store_id = l.store_id and md.patient_id = l.patient_id),
    overdue as (
      select j.* from judged j
      where j.supply_end between ${query.from} and ${query.to}
        and ${to} - j.supply_end > ${query.graceDays}),
    amounts as (
      select o.store_id, o.patient_id, sum(v.sales_yen) as year_sales
      from overdue o
      join visits v on v.store_id = o.store_id and v.patient_id = o.patient_id
        and v.d > o.last_date - ${sql.lit(REVENUE_AT_RISK_DAYS)}
      group by o.store_id, o.patient_id),
    last_sheets as (
      select o.store_id, o.patient_id, v.institution_id,
        row_number() over (partition by o.store_id, o.patient_id
          order by v.reception_time desc nulls last, v.id desc) as n
      from overdue o
      join visits v on v.store_id = o.store_id and v.patient_id = o.patient_id
        and v.d = o.last_date)
    select pa.patient_key, st.store_code, st.name as store_name, o.last_date, m.code as inst_code,
      m.name as inst_name, o.supply_end, o.basis, ${to} - o.supply_end as days_overdue,
      a.year_sales, 0 as unjudged
    from overdue o
    join amounts a on a.store_id = o.store_id and a.patient_id = o.patient_id
    join last_sheets ls on ls.store_id = o.store_id and ls.patient_id = o.patient_id and ls.n = 1
    join patients pa on pa.corporation_id = ${corporationId} and pa.id = o.patient_id
    join stores st on st.corporation_id = ${corporationId} and st.id = o.store_id
    left join medical_institutions m on m.corporation_id = ${corporationId}
      and m.id = ls.institution_id
    union all
    select null, null, null, null, null, null, null, null, null, null, count(*)
    from judged j
    where j.basis is null and j.last_date between ${query.from} and ${query.to}`;
  const result: OverdueRows = { rows: [], unjudged: 0 };
  for (const r of await executor.rows(statement)) {
    if (r.patient_key === null || r.patient_key === undefined) {
      result.unjudged = Number(r.unjudged);
      continue;
    }
    result.rows.push({
      pseudonym: text(r.patient_key),
      storeCode: text(r.store_code),
      storeName: text(r.store_name),
      lastVisit: day(r.last_date),
      institutionCode: text(r.inst_code),
      institutionName: text(r.inst_name),
      supplyEnd: day(r.supply_end),
      supplyBasis: r.basis as SupplyBasis,
      daysOverdue: Number(r.days_overdue),
      yearSales: Number(r.year_sales),
    });
  }
  return result;
}
