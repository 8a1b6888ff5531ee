import { SCORECARD_KPIS, type DateRange, type MetricSlug } from '@pharmalytics/domain';
import { sql, type RawBuilder } from 'kysely';
import type { AnalysisScope } from '../../access/analysis-scope.ts';
import {
  CONCENTRATION_COLUMNS,
  CONCENTRATION_PARTS,
  sheetConditions,
  storeTops,
} from '../engine.ts';
import {
  executorOf,
  statementKey,
  type AnalyticsDialect,
  type AnalyticsExecutor,
} from '../executors.ts';
import { factColumns, sheetsCarryGenericQuantities } from '../fact-columns.ts';
import type { AnswerSource, MetricCache } from '../metric-cache.ts';
import {
  METRIC_DEFINITIONS,
  SCORECARD_DEFINITIONS,
  type MetricDefinition,
  type Parts,
} from '../metric-definitions.ts';

/** Each KPI's value (SCORECARD_KPIS' keys) of one store, or of all the stores of a scope. */
export type KpiValues = Record<string, number | null>;

/** The scorecard's values over one period: per store (by id) and over all the stores. */
export interface PeriodValues {
  stores: Record<string, KpiValues>;
  total: KpiValues;
}

const definitionOf = (key: string): MetricDefinition =>
  METRIC_DEFINITIONS[key as MetricSlug] ?? SCORECARD_DEFINITIONS[key]!;

const KPI_DEFINITIONS = SCORECARD_KPIS.map((k) => ({
  key: k.key,
  definition: definitionOf(k.key),
}));
const ofGrain = (...grains: MetricDefinition['grain'][]) =>
  KPI_DEFINITIONS.filter((k) => grains.includes(k.definition.grain));

/**
 * The columns of the parts of the KPIs counted over the sheets of a layout: one column per part
 * expression, so that a part several KPIs share (the sales, the receptions) is counted once. The
 * replica's sheets carry the 後発 quantities, so the generic rate is among them there.
 */
function sheetColumns(dialect: AnalyticsDialect) {
  const columns = new Map<string, { name: string; expression: RawBuilder<unknown> }>();
  const grains: MetricDefinition['grain'][] = sheetsCarryGenericQuantities(dialect)
    ? ['prescription', 'medicine']
    : ['prescription'];
  const partsOfKpi = ofGrain(...grains).map(({ key, definition }) => ({
    key,
    definition,
    // Grouped by store with no filter, each reception falls whole in one group.
    columns: Object.entries(definition.parts(factColumns(dialect, false, true))).map(
      ([part, expression]) => {
        const id = statementKey(expression);
        if (!columns.has(id)) columns.set(id, { name: `c${columns.size}`, expression });
        return [part, columns.get(id)!.name] as const;
      },
    ),
  }));
  return { columns: [...columns.values()], partsOfKpi };
}
const SHEET_COLUMNS = {
  postgres: sheetColumns('postgres'),
  duckdb: sheetColumns('duckdb'),
};

/** A statement's KPI values per store (by id) and over all the stores. */
interface Counted {
  store: (storeId: string) => KpiValues;
  total: KpiValues;
}

const BY_STORE_AND_ALL = sql`group by grouping sets ((p.store_id), ())`;
const STORE_COLUMNS = sql`grouping(p.store_id) = 1 as is_total, p.store_id`;

/** The values of rows grouped by store and over all (a store without rows has zero parts). */
function byStore(
  rows: Record<string, unknown>[],
  values: (row: Record<string, unknown>) => KpiValues,
): Counted {
  const total = rows.find((r) => r.is_total === true);
  const stores = new Map(
    rows.filter((r) => r.is_total !== true).map((r) => [String(r.store_id), r]),
  );
  return { store: (id) => values(stores.get(id) ?? {}), total: values(total ?? {}) };
}

const partsOf = (
  row: Record<string, unknown>,
  columns: readonly (readonly [string, string])[],
): Parts => Object.fromEntries(columns.map(([part, column]) => [part, Number(row[column] ?? 0)]));

/** The KPIs counted over the sheets, in one statement. */
async function sheetValues(
  executor: AnalyticsExecutor,
  where: RawBuilder<unknown>,
): Promise<Counted> {
  const { columns, partsOfKpi } = SHEET_COLUMNS[executor.dialect];
  const selected = columns.map(({ expression, name }) => sql`${expression} as ${sql.ref(name)}`);
  const rows = await executor.rows(sql`select ${STORE_COLUMNS}, ${sql.join(selected)}
    from prescriptions p where ${where} ${BY_STORE_AND_ALL}`);
  return byStore(rows, (row) =>
    Object.fromEntries(
      partsOfKpi.map(({ key, definition, columns: parts }) => [
        key,
        definition.value(partsOf(row, parts)),
      ]),
    ),
  );
}

/** The KPIs counted over the medicine lines (the generic rate), in one statement. */
async function medicineValues(
  executor: AnalyticsExecutor,
  where: RawBuilder<unknown>,
  corporationId: number,
): Promise<Counted> {
  const kpis = ofGrain('medicine');
  const lines = factColumns(executor.dialect, true);
  const parts = [...new Map(kpis.flatMap((k) => Object.entries(k.definition.parts(lines))))];
  const rows = await executor.rows(sql`select ${STORE_COLUMNS},
      ${sql.join(parts.map(([name, expression]) => sql`${expression} as ${sql.ref(name)}`))}
    from prescription_medicines l
    join prescriptions p on p.corporation_id = l.corporation_id and p.id = l.prescription_id
    where l.corporation_id = ${corporationId} and ${where} ${BY_STORE_AND_ALL}`);
  const columns = parts.map(([name]) => [name, name] as const);
  return byStore(rows, (row) =>
    Object.fromEntries(kpis.map((k) => [k.key, k.definition.value(partsOf(row, columns))])),
  );
}

/**
 * The 集中率 KPIs, in one statement of each store's receptions per institution: a store's own
 * rate, and over the stores the receptions-weighted mean of theirs (CONCENTRATION_PARTS).
 */
async function concentrationValues(
  executor: AnalyticsExecutor,
  where: RawBuilder<unknown>,
): Promise<Counted> {
  const receptions = factColumns(executor.dialect, false).receptionAtStore;
  const byInstitution = sql`select p.store_id as store, count(distinct ${receptions}) as n
    from prescriptions p where ${where} group by p.store_id, p.institution_id`;
  const rows = await executor.rows(sql`select grouping(s.store) = 1 as is_total,
      s.store as store_id, ${CONCENTRATION_PARTS}
    from (${storeTops(executor.dialect, byInstitution, [])}) s
    group by grouping sets ((s.store), ())`);
  const kpis = ofGrain('institution');
  return byStore(rows, (row) =>
    Object.fromEntries(
      kpis.map((k) => [k.key, k.definition.value(partsOf(row, CONCENTRATION_COLUMNS))]),
    ),
  );
}

/**
 * Every scorecard KPI over one period, per store of the scope and over all of them, in two
 * statements on the replica (the sheets' parts and the institutions' receptions) and three on
 * the system of record (with the medicine lines' parts).
 */
export async function computePeriodValues(
  on: AnswerSource,
  scope: AnalysisScope,
  period: DateRange,
): Promise<PeriodValues> {
  const executor = executorOf(on);
  const where = sql.join(
    sheetConditions({ scope, ...period }, null, { dialect: executor.dialect }),
    sql` and `,
  );
  const counted = await Promise.all([
    sheetValues(executor, where),
    ...(sheetsCarryGenericQuantities(executor.dialect)
      ? []
      : [medicineValues(executor, where, scope.corporationId)]),
    concentrationValues(executor, where),
  ]);
  const merged = (values: (c: Counted) => KpiValues): KpiValues =>
    Object.assign({}, ...counted.map(values)) as KpiValues;
  return {
    stores: Object.fromEntries(
      scope.storeIds.map((id) => [String(id), merged((c) => c.store(String(id)))]),
    ),
    total: merged((c) => c.total),
  };
}

/** The scorecard's values over one period, kept in the cache like the metrics. */
export function periodValues(
  metrics: MetricCache,
  scope: AnalysisScope,
  period: DateRange,
): Promise<PeriodValues> {
  return metrics.answer('scorecard', scope, [period.from, period.to], (on) =>
    computePeriodValues(on, scope, period),
  );
}
