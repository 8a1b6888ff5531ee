import {
  BASIC_FEE_PATTERNS,
  FACILITY_RESIDENT_FEE_PATTERNS,
  GENERIC_SHARE_EXCLUDED_EFFICACY_CLASSES,
  GENERIC_SHARE_WINDOW_MONTHS,
  HOME_CARE_FEE_PATTERNS,
  NOT_A_RECEPTION_FEE_PATTERNS,
  OUTSIDE_MEDICAL_INSURANCE,
  periodBuckets,
  SINGLE_BUILDING_ONE_PATIENT_PATTERNS,
  TIME_BAND_ADDITION_PATTERNS,
  type GroupMonthTotals,
  type StoreMonthMeasures,
} from '@pharmalytics/domain';
import { sql, type RawBuilder } from 'kysely';
import type { AnalysisScope } from '../access/analysis-scope.ts';
import type { Database } from '../db/connection.ts';
import { bucketExpression, sheetConditions } from './engine.ts';
import { executorOf, type AnalyticsExecutor } from './executors.ts';
import { factColumns } from './fact-columns.ts';

/** Months `yyyy-MM`, both ends included. */
export interface MonthRange {
  fromMonth: string;
  toMonth: string;
}

/** Institutions counted as one by the 集中率: 医療機関コード → its building's key and name. */
export type BuildingOf = ReadonlyMap<string, { key: string; name: string }>;

export interface FacilityMeasuresQuery extends MonthRange {
  scope: AnalysisScope;
  buildings: BuildingOf;
}

export const monthStart = (month: string) => `${month}-01`;
export function monthEnd(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
}
export function shiftMonth(month: string, by: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1 + by, 1)).toISOString().slice(0, 7);
}

/** Unrounded percent: thresholds are judged on it, display rounds. */
const share = (numerator: number, denominator: number) =>
  denominator > 0 ? (numerator * 100) / denominator : null;

const anyLike = (column: RawBuilder<unknown>, patterns: readonly string[]) =>
  sql`(${sql.join(
    patterns.map((p) => sql`${column} like ${p}`),
    sql` or `,
  )})`;

/** Whether the sheet `p` holds a fee line whose name matches one of the patterns. */
const holdsFee = (patterns: readonly string[]) =>
  sql`exists (select 1 from prescription_fees f where f.corporation_id = p.corporation_id
    and f.prescription_id = p.id and ${anyLike(sql`f.name`, patterns)})`;

/**
 * Receptions per store, month and institution: all of them, and those on the 施設基準 basis. A
 * reception is left out when any of its sheets holds a 時間外・休日・深夜・夜間休日等 addition or is
 * outside 医療保険, when it is 在宅 (marked so, or holding a 在宅 visit fee) and none of its sheets
 * holds the single-building one-patient visit fee, or when it holds a 分割調剤 or 服薬情報等提供料
 * fee and no 調剤基本料.
 */
function receptionsStatement(
  query: MonthRange & { scope: AnalysisScope },
  dialect: AnalyticsExecutor['dialect'],
) {
  const month = bucketExpression(2, dialect);
  const range = { from: monthStart(query.fromMonth), to: monthEnd(query.toMonth) };
  const conditions = sheetConditions({ scope: query.scope, ...range }, null);
  return sql<Record<string, unknown>>`
    with sheets as (
      select p.store_id, ${month} as month, p.institution_id,
        ${factColumns(dialect, false).reception} as reception,
        ${holdsFee(TIME_BAND_ADDITION_PATTERNS)} as time_band,
        p.insurance_type in (${sql.join([...OUTSIDE_MEDICAL_INSURANCE])}) as outside,
        (p.reception_type = '在宅' or ${holdsFee(HOME_CARE_FEE_PATTERNS)}) as home_care,
        ${holdsFee(SINGLE_BUILDING_ONE_PATIENT_PATTERNS)} as one_patient,
        ${holdsFee(NOT_A_RECEPTION_FEE_PATTERNS)} as follow_up,
        ${holdsFee(BASIC_FEE_PATTERNS)} as basic_fee,
        ${holdsFee(FACILITY_RESIDENT_FEE_PATTERNS)} as resident
      from prescriptions p
      where ${sql.join(conditions, sql` and `)}
    ), receptions as (
      select store_id, month, institution_id,
        bool_or(time_band) or bool_or(outside) or (bool_or(home_care) and not bool_or(one_patient))
          or (bool_or(follow_up) and not bool_or(basic_fee)) as excluded,
        bool_or(resident) as resident
      from sheets
      group by store_id, month, institution_id, reception
    )
    select r.store_id, r.month, m.code as institution_code, m.name as institution_name,
      count(*) as receptions, count(*) filter (where not r.excluded) as standard,
      count(*) filter (where not r.excluded and not r.resident) as concentration
    from receptions r
    join medical_institutions m on m.corporation_id = ${query.scope.corporationId}
      and m.id = r.institution_id
    group by r.store_id, r.month, m.code, m.name`;
}

/**
 * 規格単位数量 of the medicine lines per store and month, from two months before the range (the
 * 3-month shares need them): class 3, classes 2 and 3, and every line, 生薬・漢方 left out.
 */
function quantitiesStatement(query: FacilityMeasuresQuery, dialect: AnalyticsExecutor['dialect']) {
  const month = bucketExpression(2, dialect);
  const range = {
    from: monthStart(shiftMonth(query.fromMonth, 1 - GENERIC_SHARE_WINDOW_MONTHS)),
    to: monthEnd(query.toMonth),
  };
  const conditions = [
    ...sheetConditions({ scope: query.scope, ...range }, null),
    sql`l.corporation_id = ${query.scope.corporationId}`,
    sql`coalesce(substr(l.yj_code, 1, 3), '') not in (${sql.join([
      ...GENERIC_SHARE_EXCLUDED_EFFICACY_CLASSES,
    ])})`,
  ];
  return sql<Record<string, unknown>>`
    select p.store_id, ${month} as month,
      coalesce(sum(l.quantity) filter (where l.generic_class = 3), 0) as generic,
      coalesce(sum(l.quantity) filter (where l.generic_class in (2, 3)), 0) as eligible,
      coalesce(sum(l.quantity), 0) as total
    from prescription_medicines l
    join prescriptions p on p.corporation_id = l.corporation_id and p.id = l.prescription_id
    where ${sql.join(conditions, sql` and `)}
    group by p.store_id, ${month}`;
}

export interface Unit {
  key: string;
  name: string;
  /** 施設基準 receptions. */
  receptions: number;
  /** Those the 集中率 counts: facility residents left out. */
  concentration: number;
}

interface InstitutionRow {
  code: string;
  name: string;
  standard: number;
  concentration: number;
}

const institutionRow = (r: Record<string, unknown>): InstitutionRow => ({
  code: String(r.institution_code),
  name: String(r.institution_name),
  standard: Number(r.standard),
  concentration: Number(r.concentration),
});

/**
 * The 集中率's institutions of one store-month, those of one building or 医療モール summed,
 * largest first (by the receptions the 集中率 counts).
 */
function concentrationUnits(rows: readonly InstitutionRow[], buildings: BuildingOf): Unit[] {
  const units = new Map<string, Unit>();
  for (const row of rows) {
    const building = buildings.get(row.code);
    const key = building?.key ?? row.code;
    const unit = units.get(key) ?? {
      key,
      name: building?.name ?? row.name,
      receptions: 0,
      concentration: 0,
    };
    unit.receptions += row.standard;
    unit.concentration += row.concentration;
    units.set(key, unit);
  }
  return [...units.values()]
    .filter((u) => u.receptions > 0)
    .sort(
      (a, b) =>
        b.concentration - a.concentration ||
        b.receptions - a.receptions ||
        a.key.localeCompare(b.key),
    );
}

const cell = (storeId: number, month: string) => `${storeId}|${month}`;

/** Every reception and the 集中率's institutions (buildings as one), per store and month. */
export type StoreMonthUnits = ReadonlyMap<string, { receptions: number; units: Unit[] }>;
/** 規格単位数量 per store and month. */
export type StoreMonthQuantities = ReadonlyMap<
  string,
  { generic: number; eligible: number; total: number }
>;
export const storeMonthKey = cell;

/** The receptions of each store and month of the range by institution (buildings as one). */
export async function computeStoreUnits(
  on: Database | AnalyticsExecutor,
  query: FacilityMeasuresQuery,
): Promise<StoreMonthUnits> {
  const executor = executorOf(on);
  const rows = await executor.rows(receptionsStatement(query, executor.dialect));
  const institutions = new Map<string, { receptions: number; rows: InstitutionRow[] }>();
  for (const r of rows) {
    const id = cell(Number(r.store_id), String(r.month));
    const entry = institutions.get(id) ?? { receptions: 0, rows: [] };
    entry.receptions += Number(r.receptions);
    entry.rows.push(institutionRow(r));
    institutions.set(id, entry);
  }
  return new Map(
    [...institutions].map(([id, entry]) => [
      id,
      { receptions: entry.receptions, units: concentrationUnits(entry.rows, query.buildings) },
    ]),
  );
}

/** The quantities of each store and month, from two months before the range. */
export async function computeStoreQuantities(
  on: Database | AnalyticsExecutor,
  query: FacilityMeasuresQuery,
): Promise<StoreMonthQuantities> {
  const executor = executorOf(on);
  const rows = await executor.rows(quantitiesStatement(query, executor.dialect));
  return new Map(
    rows.map((r) => [
      cell(Number(r.store_id), String(r.month)),
      { generic: Number(r.generic), eligible: Number(r.eligible), total: Number(r.total) },
    ]),
  );
}

/**
 * The 施設基準 measures of each store of the scope in each month of the range
 * (docs/facility-standards.md "Measures"), on the system of record or on the replica, from the
 * same statements. Stores come in the scope's order, months in order; a month without data has
 * zero counts and no rates.
 */
export async function computeFacilityMeasures(
  on: Database | AnalyticsExecutor,
  query: FacilityMeasuresQuery,
): Promise<StoreMonthMeasures[]> {
  const [institutions, quantities] = await Promise.all([
    computeStoreUnits(on, query),
    computeStoreQuantities(on, query),
  ]);
  const noQuantity = { generic: 0, eligible: 0, total: 0 };
  const months = periodBuckets(
    { from: monthStart(query.fromMonth), to: monthEnd(query.toMonth) },
    2,
  );
  return query.scope.storeIds.flatMap((storeId) =>
    months.map((month): StoreMonthMeasures => {
      const entry = institutions.get(cell(storeId, month));
      const units = entry?.units ?? [];
      const standardReceptions = units.reduce((sum, u) => sum + u.receptions, 0);
      const counted = units.reduce((sum, u) => sum + u.concentration, 0);
      const top3Receptions = units.slice(0, 3).reduce((sum, u) => sum + u.concentration, 0);
      const top = units[0];
      const own = quantities.get(cell(storeId, month)) ?? noQuantity;
      const window = Array.from({ length: GENERIC_SHARE_WINDOW_MONTHS }, (_, i) =>
        shiftMonth(month, -i),
      ).map((m) => quantities.get(cell(storeId, m)) ?? noQuantity);
      const windowSum = (k: keyof typeof noQuantity) => window.reduce((s, q) => s + q[k], 0);
      return {
        storeId,
        month,
        receptions: entry?.receptions ?? 0,
        standardReceptions,
        topInstitution: top
          ? { key: top.key, name: top.name, receptions: top.concentration }
          : null,
        top3Receptions,
        concentrationRate: share(top?.concentration ?? 0, counted),
        top3ConcentrationRate: share(top3Receptions, counted),
        genericQuantity: own.generic,
        eligibleQuantity: own.eligible,
        totalQuantity: own.total,
        genericShare: share(own.generic, own.eligible),
        cutoffShare: share(own.eligible, own.total),
        genericShare3Months: share(windowSum('generic'), windowSum('eligible')),
        cutoffShare3Months: share(windowSum('eligible'), windowSum('total')),
      };
    }),
  );
}

/** The figure entered for the group's stores outside the service, from a month on. */
export interface OutsideFigure {
  effectiveMonth: string;
  receptionsPerMonth: number;
  storeCount: number;
}

/**
 * The group's 施設基準 receptions and stores per month: the corporation's stores (those with
 * receptions in the month) summed, plus the outside figure in force in the month (the latest
 * whose effective month is not after it); and, for 基本料2's group clause, the stores whose top
 * institution (buildings counted as one) is the same, with their receptions summed. `scope` is
 * the whole corporation (groupScope).
 */
export async function computeGroupTotals(
  on: Database | AnalyticsExecutor,
  query: MonthRange & {
    scope: AnalysisScope;
    buildings: BuildingOf;
    outside: readonly OutsideFigure[];
  },
): Promise<GroupMonthTotals[]> {
  const executor = executorOf(on);
  const rows =
    query.scope.storeIds.length > 0
      ? await executor.rows(receptionsStatement(query, executor.dialect))
      : [];
  const byStoreMonth = new Map<string, { month: string; rows: InstitutionRow[] }>();
  for (const r of rows) {
    const id = `${Number(r.store_id)}|${String(r.month)}`;
    const entry = byStoreMonth.get(id) ?? { month: String(r.month), rows: [] };
    entry.rows.push(institutionRow(r));
    byStoreMonth.set(id, entry);
  }
  type SameTop = { key: string; name: string; stores: number; receptions: number };
  const byMonth = new Map<
    string,
    { receptions: number; stores: number; sameTop: Map<string, SameTop> }
  >();
  for (const { month, rows: institutions } of byStoreMonth.values()) {
    const entry = byMonth.get(month) ?? { receptions: 0, stores: 0, sameTop: new Map() };
    const units = concentrationUnits(institutions, query.buildings);
    const receptions = units.reduce((sum, u) => sum + u.receptions, 0);
    entry.receptions += receptions;
    entry.stores += 1;
    const top = units[0];
    if (top) {
      const same = entry.sameTop.get(top.key) ?? {
        key: top.key,
        name: top.name,
        stores: 0,
        receptions: 0,
      };
      same.stores += 1;
      same.receptions += receptions;
      entry.sameTop.set(top.key, same);
    }
    byMonth.set(month, entry);
  }
  const outside = [...query.outside].sort((a, b) =>
    b.effectiveMonth.localeCompare(a.effectiveMonth),
  );
  const months = periodBuckets(
    { from: monthStart(query.fromMonth), to: monthEnd(query.toMonth) },
    2,
  );
  return months.map((month) => {
    const own = byMonth.get(month);
    const figure = outside.find((f) => f.effectiveMonth <= month);
    const storeReceptions = own?.receptions ?? 0;
    const storeCount = own?.stores ?? 0;
    const outsideReceptions = figure?.receptionsPerMonth ?? 0;
    const outsideStoreCount = figure?.storeCount ?? 0;
    return {
      month,
      storeReceptions,
      storeCount,
      outsideReceptions,
      outsideStoreCount,
      receptions: storeReceptions + outsideReceptions,
      stores: storeCount + outsideStoreCount,
      sameTopInstitution: [...(own?.sameTop.values() ?? [])].sort(
        (a, b) => b.receptions - a.receptions || a.key.localeCompare(b.key),
      ),
    };
  });
}

/** The fee names an 実績 of the 加算 counts in the months of one revision. */
export interface AchievementFees {
  fromDate: string;
  /** Last day, inclusive; null while open. */
  toDate: string | null;
  measure: string;
  patterns: readonly string[];
}

/** 実績 counts per store and month: how often each item was billed (fee lines × their count). */
export type StoreMonthAchievements = ReadonlyMap<string, Readonly<Record<string, number>>>;

/**
 * How often each 実績 item of the 地域支援・医薬品供給対応体制加算 was billed per store and month,
 * a month's lines matched by the names of the revision in force on their dispensing day.
 */
export async function computeStoreAchievements(
  on: Database | AnalyticsExecutor,
  query: MonthRange & { scope: AnalysisScope; fees: readonly AchievementFees[] },
): Promise<StoreMonthAchievements> {
  const measures = [...new Set(query.fees.map((f) => f.measure))].sort();
  if (measures.length === 0 || query.scope.storeIds.length === 0) return new Map();
  const executor = executorOf(on);
  const month = bucketExpression(2, executor.dialect);
  const range = { from: monthStart(query.fromMonth), to: monthEnd(query.toMonth) };
  const matches = (measure: string) =>
    sql.join(
      query.fees
        .filter((f) => f.measure === measure)
        .map(
          (f) =>
            sql`(p.dispensing_date >= ${f.fromDate}::date ${
              f.toDate === null ? sql`` : sql`and p.dispensing_date <= ${f.toDate}::date`
            } and ${anyLike(sql`f.name`, f.patterns)})`,
        ),
      sql` or `,
    );
  const columns = measures.map(
    (measure, i) =>
      sql`coalesce(sum(f.count) filter (where ${matches(measure)}), 0) as ${sql.ref(`m${i}`)}`,
  );
  const rows = await executor.rows(sql<Record<string, unknown>>`
    select p.store_id, ${month} as month, ${sql.join(columns)}
    from prescription_fees f
    join prescriptions p on p.corporation_id = f.corporation_id and p.id = f.prescription_id
    where ${sql.join(sheetConditions({ scope: query.scope, ...range }, null), sql` and `)}
      and f.corporation_id = ${query.scope.corporationId}
    group by p.store_id, ${month}`);
  return new Map(
    rows.map((r) => [
      cell(Number(r.store_id), String(r.month)),
      Object.fromEntries(measures.map((m, i) => [m, Number(r[`m${i}`])])),
    ]),
  );
}
