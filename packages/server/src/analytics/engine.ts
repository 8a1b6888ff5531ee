import {
  periodBuckets,
  type AnalysisPageDef,
  type DateRange,
  type FactLevel,
  type GenericMedicineFilterValue,
  type MetricSlug,
  type TimeAxisValue,
} from '@pharmalytics/domain';
import { sql, type RawBuilder } from 'kysely';
import type { AnalysisScope } from '../access/analysis-scope.ts';
import type { Database } from '../db/connection.ts';
import { executorOf, type AnalyticsDialect, type AnalyticsExecutor } from './executors.ts';
import {
  breakdownSql,
  FEE_SECTION_ROWS,
  itemName,
  type AddressGrouping,
  type BreakdownSql,
} from './breakdowns.ts';
import {
  LINE_METRIC_DEFINITIONS,
  METRIC_DEFINITIONS,
  RECEPTION,
  RECEPTION_AT_STORE,
  SECTION_METRIC_DEFINITIONS,
  type MetricDefinition,
  type Parts,
} from './metric-definitions.ts';

/**
 * Generic classes of the medicine master each filter value selects (null: lines without a class,
 * which are the 昭和42年以前承認品・基礎的医薬品 of the master). The master carries no price
 * comparison between a generic and its brand, so the two price-relation values (5, 6) select no
 * line (docs/metrics.md).
 */
const GENERIC_FILTER_CLASSES: Record<GenericMedicineFilterValue, number | null | undefined> = {
  1: null,
  2: 1,
  3: 2,
  4: 3,
  5: undefined,
  6: undefined,
};

export interface MetricFilters {
  /** Values of the generic-medicine filter (spec 02 §3; empty: all). */
  genericMedicine?: readonly GenericMedicineFilterValue[];
  /** 医療機関コード (empty: all). */
  medicalInstitutions?: readonly string[];
  /** 外来 / 在宅 (empty: all). */
  receptionTypes?: readonly string[];
}

export interface MetricQuery extends DateRange {
  scope: AnalysisScope;
  axis: TimeAxisValue;
  /** The analysis page whose breakdown and fact level apply; none for the dashboard's totals. */
  page?: AnalysisPageDef;
  /** How the address page groups (absent: by zip code). */
  address?: AddressGrouping;
  filters?: MetricFilters;
}

export interface MetricSeries {
  /** The breakdown item's id or code; null without a breakdown. */
  key: string | null;
  /** The item's display name; null without a breakdown. */
  name: string | null;
  yjCode?: string;
  total: number | null;
  rows: { date: string; value: number | null }[];
}

/** A metric no definition serves at a page's level: a programming error, not bad input. */
export class UnsupportedMetricError extends Error {}

const DAY_NAMES = sql`(array['月','火','水','木','金','土','日'])[extract(isodow from p.dispensing_date)::int]`;

/** Date formats of the yearly, monthly and daily buckets, in each dialect's date formatting. */
const BUCKET_FORMATS = {
  1: { postgres: 'YYYY', duckdb: '%Y' },
  2: { postgres: 'YYYY-MM', duckdb: '%Y-%m' },
  3: { postgres: 'YYYY-MM-DD', duckdb: '%Y-%m-%d' },
} as const;

/** The bucket of a sheet on the time axis: the one expression the two dialects write apart. */
export function bucketExpression(
  axis: TimeAxisValue,
  dialect: AnalyticsDialect,
): RawBuilder<string> {
  if (axis === 4) return sql`${DAY_NAMES}`;
  const format = sql.lit(BUCKET_FORMATS[axis][dialect]);
  return dialect === 'postgres'
    ? sql`to_char(p.dispensing_date, ${format})`
    : sql`strftime(p.dispensing_date, ${format})`;
}

/**
 * The sheets in scope: the stores, the period and the filters, as conditions on `p`. With the
 * generic filter, `lineClass` is the class of the medicine line being counted (null: the sheet
 * counts when any of its lines has a class asked for).
 */
export function sheetConditions(
  query: Pick<MetricQuery, 'scope' | 'from' | 'to' | 'filters'>,
  lineClass: RawBuilder<unknown> | null,
) {
  const { corporationId, storeIds } = query.scope;
  const conditions: RawBuilder<unknown>[] = [
    sql`p.corporation_id = ${corporationId}`,
    sql`p.store_id in (${sql.join(storeIds)})`,
    sql`p.dispensing_date between ${query.from} and ${query.to}`,
  ];
  const {
    genericMedicine = [],
    medicalInstitutions = [],
    receptionTypes = [],
  } = query.filters ?? {};
  if (medicalInstitutions.length > 0) {
    conditions.push(sql`p.institution_id in (select m.id from medical_institutions m
      where m.corporation_id = p.corporation_id and m.code in (${sql.join(medicalInstitutions)}))`);
  }
  if (receptionTypes.length > 0) {
    conditions.push(sql`p.reception_type in (${sql.join(receptionTypes)})`);
  }
  if (genericMedicine.length > 0) {
    const classes = genericMedicine.map((v) => GENERIC_FILTER_CLASSES[v]);
    const known = classes.filter((c): c is number => typeof c === 'number');
    const classTest = (column: RawBuilder<unknown>) =>
      sql`(${column} in (${sql.join(known.length > 0 ? known : [-1])})${
        classes.includes(null) ? sql` or ${column} is null` : sql``
      })`;
    conditions.push(
      lineClass
        ? classTest(lineClass)
        : sql`exists (select 1 from prescription_medicines g where g.corporation_id = p.corporation_id
            and g.prescription_id = p.id and ${classTest(sql`g.generic_class`)})`,
    );
  }
  return conditions;
}

const LINE_TABLES = {
  feeLine: 'prescription_fees',
  medicineLine: 'prescription_medicines',
  materialLine: 'prescription_materials',
} as const;

/** How a metric is computed at a page's level, and over which facts. */
interface Plan {
  definition: MetricDefinition;
  /** The facts: `p` and whatever the definition's parts and the breakdown read. */
  from: RawBuilder<unknown>;
  /** Whether the medicine lines `l` are the facts (the generic filter then tests each line). */
  medicineLines: boolean;
  /** Conditions on the line `l`. */
  lineConditions: RawBuilder<unknown>[];
}

const linesJoin = (lines: RawBuilder<unknown>) =>
  sql`${lines} l join prescriptions p on p.corporation_id = l.corporation_id and p.id = l.prescription_id`;

/** Which facts a metric is counted over at a page's level. */
type Facts = 'sections' | 'sheets' | 'sheetMedicines' | 'lines' | 'lineItems';

/** The definition that serves a metric at a page's level, and its facts; none for no such pair. */
function definitionAt(
  slug: MetricSlug,
  page?: AnalysisPageDef,
): { definition: MetricDefinition; facts: Facts } | undefined {
  if (page?.breakdown === 'feeSection') {
    const definition = SECTION_METRIC_DEFINITIONS[slug];
    return definition && { definition, facts: 'sections' };
  }
  const level = page?.factLevel ?? 'sheet';
  const sheet = METRIC_DEFINITIONS[slug];
  if (level === 'sheet') {
    return (
      sheet && {
        definition: sheet,
        facts: sheet.grain === 'medicine' ? 'sheetMedicines' : 'sheets',
      }
    );
  }
  const line = LINE_METRIC_DEFINITIONS[level][slug];
  if (line) return { definition: line, facts: 'lines' };
  // A sheet metric by a line item: each sheet counts once under every item it holds.
  return sheet?.grain === 'prescription' ? { definition: sheet, facts: 'lineItems' } : undefined;
}

/** Whether the engine defines a metric at a page's level (every pair of the page table must). */
export function definesMetric(slug: MetricSlug, page?: AnalysisPageDef): boolean {
  return definitionAt(slug, page) !== undefined;
}

function plan(slug: MetricSlug, query: MetricQuery): Plan {
  const { page, scope } = query;
  const found = definitionAt(slug, page);
  if (!found) {
    throw new UnsupportedMetricError(
      `${slug} is not defined for ${page?.family ?? 'the dashboard'}`,
    );
  }
  const { definition, facts } = found;
  const ownLines = sql`l.corporation_id = ${scope.corporationId}`;
  switch (facts) {
    case 'sections':
      return {
        definition,
        from: sql`prescriptions p ${FEE_SECTION_ROWS}`,
        medicineLines: false,
        lineConditions: [],
      };
    case 'sheets':
      return { definition, from: sql`prescriptions p`, medicineLines: false, lineConditions: [] };
    case 'sheetMedicines':
      return {
        definition,
        from: linesJoin(sql`prescription_medicines`),
        medicineLines: true,
        lineConditions: [ownLines],
      };
  }
  const level = page!.factLevel as Exclude<FactLevel, 'sheet'>;
  const table = sql.table(LINE_TABLES[level]);
  const categories = page!.feeCategories;
  const categoryTest = (alias: string) =>
    categories ? [sql`${sql.ref(`${alias}.category`)} in (${sql.join([...categories])})`] : [];
  if (facts === 'lines') {
    return {
      definition,
      from: linesJoin(table),
      medicineLines: level === 'medicineLine',
      lineConditions: [ownLines, ...categoryTest('l')],
    };
  }
  const yj = level === 'medicineLine' ? sql`, min(i.yj_code) as yj_code` : sql``;
  const items = sql`(select i.corporation_id, i.prescription_id, i.code, min(i.name) as name ${yj}
    from ${table} i
    where ${sql.join([sql`i.corporation_id = ${scope.corporationId}`, ...categoryTest('i')], sql` and `)}
    group by i.corporation_id, i.prescription_id, i.code)`;
  return { definition, from: linesJoin(items), medicineLines: false, lineConditions: [] };
}

type PartRow = {
  isTotal: boolean;
  bucket: string | null;
  key: string | null;
  name: string | null;
  yjCode: string | null;
  parts: Parts;
};

/** Rows of (is total, bucket, key, name, parts…) for one metric; totals are over the period. */
async function queryParts(
  executor: AnalyticsExecutor,
  slug: MetricSlug,
  query: MetricQuery,
  ...extraKeys: RawBuilder<unknown>[]
): Promise<(PartRow & { extraKey: unknown })[]> {
  const { definition, from, medicineLines, lineConditions } = plan(slug, query);
  const bucket = bucketExpression(query.axis, executor.dialect);
  const breakdown: BreakdownSql | undefined = query.page
    ? breakdownSql(query.page, query.address)
    : undefined;
  const key = breakdown?.key;
  const groupKeys = [key, ...extraKeys].filter((k): k is RawBuilder<unknown> => k !== undefined);
  const parts =
    definition.grain === 'institution'
      ? { receptions: sql`count(distinct ${RECEPTION_AT_STORE})` }
      : definition.parts;
  const partColumns = Object.entries(parts).map(([name, expr]) => sql`${expr} as ${sql.ref(name)}`);
  const where = [
    ...sheetConditions(query, medicineLines ? sql`l.generic_class` : null),
    ...lineConditions,
    ...(breakdown?.where ?? []),
  ];
  const groupingSets = sql`grouping sets ((${sql.join([bucket, ...groupKeys])})${
    groupKeys.length > 0 ? sql`, (${sql.join(groupKeys)})` : sql`, ()`
  })`;
  // 受付回数別: each patient's receptions over the whole period, within the same scope.
  const visits =
    query.page?.breakdown === 'receptionCount'
      ? sql`with visits as materialized (
          select p.patient_id, count(distinct ${RECEPTION}) as n
          from prescriptions p
          where ${sql.join(sheetConditions(query, null), sql` and `)}
          group by p.patient_id)`
      : sql``;
  const statement = sql<Record<string, unknown>>`${visits}
    select grouping(${bucket}) = 1 as is_total, ${bucket} as bucket,
      ${key ?? sql`null::text`} as key,
      ${breakdown?.name ? sql`min(${breakdown.name})` : sql`null::text`} as name,
      ${breakdown?.detail ? sql`min(${breakdown.detail})` : sql`null::text`} as detail,
      ${breakdown?.yjCode ? sql`min(${breakdown.yjCode})` : sql`null::text`} as yj_code,
      ${extraKeys[0] ?? sql`null`} as extra_key,
      ${sql.join(partColumns)}
    from ${from}
    ${breakdown?.joins ?? sql``}
    where ${sql.join(where, sql` and `)}
    group by ${groupingSets}`;
  const rows = await executor.rows(statement);
  return rows.map((r) => ({
    isTotal: r.is_total === true,
    bucket: r.bucket as string | null,
    key: (r.key as string | null) ?? null,
    name: breakdown
      ? itemName(breakdown, {
          key: (r.key as string | null) ?? '',
          name: (r.name as string | null) ?? null,
          detail: (r.detail as string | null) ?? null,
        })
      : null,
    yjCode: (r.yj_code as string | null) ?? null,
    extraKey: r.extra_key,
    parts: Object.fromEntries(Object.keys(parts).map((n) => [n, Number(r[n] ?? 0)])),
  }));
}

/**
 * The top-1 and top-3 institution receptions of each group of counts (of one store), summed over
 * the groups with all their receptions: 集中率 over several stores is the receptions-weighted mean
 * of each store's own rate (docs/metrics.md), not the rate of the stores' pooled institutions.
 */
export function concentrationSums(countsPerStore: Iterable<number[]>): Parts {
  let receptions = 0;
  let top1 = 0;
  let top3 = 0;
  for (const counts of countsPerStore) {
    const sorted = [...counts].sort((a, b) => b - a);
    const sum = (n: number) => sorted.slice(0, n).reduce((a, b) => a + b, 0);
    receptions += sum(sorted.length);
    top1 += sum(1);
    top3 += sum(3);
  }
  return { receptions, top1, top3 };
}

/** 集中率: each store's receptions of its top institution (and top three) over its receptions. */
async function concentrationParts(
  executor: AnalyticsExecutor,
  slug: MetricSlug,
  query: MetricQuery,
): Promise<PartRow[]> {
  const rows = await queryParts(executor, slug, query, sql`p.store_id`, sql`p.institution_id`);
  const groups = new Map<string, { row: PartRow; stores: Map<unknown, number[]> }>();
  for (const r of rows) {
    const id = JSON.stringify([r.isTotal, r.bucket, r.key]);
    let group = groups.get(id);
    if (!group) {
      group = { row: { ...r, parts: {} }, stores: new Map() };
      groups.set(id, group);
    }
    const counts = group.stores.get(r.extraKey) ?? [];
    group.stores.set(r.extraKey, [...counts, r.parts.receptions!]);
  }
  return [...groups.values()].map(({ row, stores }) => ({
    ...row,
    parts: concentrationSums(stores.values()),
  }));
}

const emptyParts = (definition: MetricDefinition): Parts =>
  Object.fromEntries(
    Object.keys(definition.parts)
      .concat(['receptions', 'top1', 'top3'])
      .map((n) => [n, 0]),
  );

/** A metric's value over no facts at a page's level: 0 for a sum or count, null for a ratio. */
export function emptyValue(slug: MetricSlug, page?: AnalysisPageDef): number | null {
  const found = definitionAt(slug, page);
  if (!found) throw new UnsupportedMetricError(`${slug} is not defined for ${page?.family}`);
  return found.definition.value(emptyParts(found.definition));
}

/**
 * One metric over a period: a series per breakdown item (one series without a page), each with
 * a value for every bucket of the time axis and a total over the whole period. Series come in
 * no particular order; pages order them (orderSeries). Computed on the system of record (a
 * database) or on the analytics replica (its executor), from the same statements.
 */
export async function computeMetric(
  on: Database | AnalyticsExecutor,
  slug: MetricSlug,
  query: MetricQuery,
): Promise<MetricSeries[]> {
  const executor = executorOf(on);
  const { definition } = plan(slug, query);
  const rows: PartRow[] =
    definition.grain === 'institution'
      ? await concentrationParts(executor, slug, query)
      : await queryParts(executor, slug, query);
  const buckets = periodBuckets(query, query.axis);
  const totals = rows.filter((r) => r.isTotal);
  if (query.page === undefined && totals.length === 0) {
    totals.push({ isTotal: true, bucket: null, key: null, name: null, yjCode: null, parts: {} });
  }
  const empty = emptyParts(definition);
  return totals.map((total) => {
    const byBucket = new Map(
      rows.filter((r) => !r.isTotal && r.key === total.key).map((r) => [r.bucket, r.parts]),
    );
    return {
      key: total.key,
      name: total.name,
      ...(total.yjCode ? { yjCode: total.yjCode } : {}),
      total: definition.value({ ...empty, ...total.parts }),
      rows: buckets.map((date) => ({
        date,
        value: definition.value(byBucket.get(date) ?? empty),
      })),
    };
  });
}
