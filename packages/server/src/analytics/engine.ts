import {
  bucketOfDay,
  periodBuckets,
  type AnalysisPageDef,
  type Breakdown,
  type DateRange,
  type FactLevel,
  type GenericMedicineFilterValue,
  type MetricSlug,
  type TimeAxisValue,
} from '@pharmalytics/domain';
import { sql, type RawBuilder } from 'kysely';
import type { AnalysisScope } from '../access/analysis-scope.ts';
import type { Database } from '../db/connection.ts';
import {
  executorOf,
  rowValues,
  statementKey,
  type AnalyticsDialect,
  type AnalyticsExecutor,
} from './executors.ts';
import {
  breakdownSql,
  feeSectionFacts,
  itemName,
  type AddressGrouping,
  type BreakdownSql,
} from './breakdowns.ts';
import {
  factColumns,
  feeCategoryTest,
  sheetsCarryGenericQuantities,
  type FactColumns,
} from './fact-columns.ts';
import {
  LINE_METRIC_DEFINITIONS,
  METRIC_DEFINITIONS,
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

const dayNames = (date: RawBuilder<unknown>) =>
  sql`(array['月','火','水','木','金','土','日'])[extract(isodow from ${date})::int]`;

/** Date formats of the yearly, monthly and daily buckets, in each dialect's date formatting. */
const BUCKET_FORMATS = {
  1: { postgres: 'YYYY', duckdb: '%Y' },
  2: { postgres: 'YYYY-MM', duckdb: '%Y-%m' },
  3: { postgres: 'YYYY-MM-DD', duckdb: '%Y-%m-%d' },
} as const;

/**
 * The bucket of a sheet (`alias`, by default `p`) on the time axis: the one expression the two
 * dialects write apart.
 */
export function bucketExpression(
  axis: TimeAxisValue,
  dialect: AnalyticsDialect,
  alias = 'p',
): RawBuilder<string> {
  const date = sql.ref(`${alias}.dispensing_date`);
  if (axis === 4) return sql`${dayNames(date)}`;
  const format = sql.lit(BUCKET_FORMATS[axis][dialect]);
  return dialect === 'postgres'
    ? sql`to_char(${date}, ${format})`
    : sql`strftime(${date}, ${format})`;
}

/**
 * How the engine groups by the time axis: a key per bucket, and the bucket's label (the format
 * of periodBuckets) of a key. On the replica the key is a number (the year, year × 100 + month,
 * days since 1970, the ISO weekday), and the domain labels a day of its bucket after grouping:
 * DuckDB groups numbers several times faster than it formats dates (12 months of 2.6 M fee lines
 * by month: 212 ms with strftime, 79 ms by number).
 */
interface BucketGrouping {
  key: RawBuilder<unknown>;
  label: (key: unknown) => string;
}

const DAY_MS = 86_400_000;
/** A UTC day of each replica bucket key (1970-01-05 was a Monday). */
const DAY_OF_KEY: Record<TimeAxisValue, (key: number) => Date> = {
  1: (year) => new Date(Date.UTC(year, 0, 1)),
  2: (month) => new Date(Date.UTC(Math.floor(month / 100), (month % 100) - 1, 1)),
  3: (days) => new Date(days * DAY_MS),
  4: (isoWeekday) => new Date(Date.UTC(1970, 0, 4 + isoWeekday)),
};

function bucketGrouping(
  axis: TimeAxisValue,
  dialect: AnalyticsDialect,
  alias: string,
): BucketGrouping {
  if (dialect === 'postgres') return { key: bucketExpression(axis, dialect, alias), label: String };
  const date = sql.ref(`${alias}.dispensing_date`);
  const keys: Record<TimeAxisValue, RawBuilder<unknown>> = {
    1: sql`year(${date})`,
    2: sql`year(${date}) * 100 + month(${date})`,
    3: sql`(${date} - date '1970-01-01')`,
    4: sql`isodow(${date})`,
  };
  return { key: keys[axis], label: (key) => bucketOfDay(DAY_OF_KEY[axis](Number(key)), axis) };
}

/** Where the sheet conditions read: the facts' alias and layout. */
export interface ConditionsOn {
  /** The alias of the sheet, or of a replica's line carrying its sheet's keys (default `p`). */
  alias?: string;
  /** The layout (default the system of record's, whose conditions also hold on the replica). */
  dialect?: AnalyticsDialect;
}

/**
 * An id of the scope written into a statement as a literal. The scope's ids and the period's days
 * are literals rather than parameters: DuckDB's client binds each parameter in JavaScript, half a
 * millisecond a statement for a chain's thirty stores.
 */
function idLiteral(id: number): RawBuilder<unknown> {
  if (!Number.isSafeInteger(id)) throw new RangeError(`not an id: ${id}`);
  return sql.lit(id);
}

/** A day of the period as a date literal (quotes inside are doubled by the compiler). */
const dayLiteral = (day: string) => sql`${sql.lit(day)}::date`;

/**
 * The sheets in scope: the stores, the period and the filters, as conditions on `p`. With the
 * generic filter, `lineClass` is the class of the medicine line being counted (null: the sheet
 * counts when any of its lines has a class asked for).
 */
export function sheetConditions(
  query: Pick<MetricQuery, 'scope' | 'from' | 'to' | 'filters'>,
  lineClass: RawBuilder<unknown> | null,
  { alias = 'p', dialect = 'postgres' }: ConditionsOn = {},
) {
  const { corporationId, storeIds } = query.scope;
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const conditions: RawBuilder<unknown>[] = [
    sql`${column('corporation_id')} = ${idLiteral(corporationId)}`,
    dialect === 'duckdb'
      ? // DuckDB turns an IN list of more than a few values into a join, with which a 12-month
        // item page of thirty stores took 1.4–1.5 times as long.
        sql`list_contains([${sql.join(storeIds.map(idLiteral))}], ${column('store_id')})`
      : sql`${column('store_id')} in (${sql.join(storeIds.map(idLiteral))})`,
    sql`${column('dispensing_date')} between ${dayLiteral(query.from)} and ${dayLiteral(query.to)}`,
  ];
  const {
    genericMedicine = [],
    medicalInstitutions = [],
    receptionTypes = [],
  } = query.filters ?? {};
  if (medicalInstitutions.length > 0) {
    conditions.push(sql`${column('institution_id')} in (select m.id from medical_institutions m
      where m.corporation_id = ${corporationId} and m.code in (${sql.join(medicalInstitutions)}))`);
  }
  if (receptionTypes.length > 0) {
    conditions.push(sql`${column('reception_type')} in (${sql.join(receptionTypes)})`);
  }
  if (genericMedicine.length > 0) {
    const classes = genericMedicine.map((v) => GENERIC_FILTER_CLASSES[v]);
    const known = classes.filter((c): c is number => typeof c === 'number');
    const classTest = (line: RawBuilder<unknown>) =>
      sql`(${line} in (${sql.join(known.length > 0 ? known : [-1])})${
        classes.includes(null) ? sql` or ${line} is null` : sql``
      })`;
    if (lineClass) conditions.push(classTest(lineClass));
    else if (dialect === 'duckdb') {
      // The replica's sheets (and lines) carry the classes of the sheet's medicines as bits.
      const mask = classes
        .filter((c) => c !== undefined)
        .reduce<number>((bits, c) => bits | (1 << (c ?? 0)), 0);
      conditions.push(sql`(${column('generic_classes')} & ${sql.lit(mask)}) <> 0`);
    } else {
      conditions.push(sql`exists (select 1 from prescription_medicines g
        where g.corporation_id = ${column('corporation_id')}
          and g.prescription_id = ${column('id')} and ${classTest(sql`g.generic_class`)})`);
    }
  }
  return conditions;
}

const LINE_TABLES = {
  feeLine: 'prescription_fees',
  medicineLine: 'prescription_medicines',
  materialLine: 'prescription_materials',
} as const;

/**
 * Breakdowns whose item is the same for every sheet of a reception (its store, day, institution
 * and reception id): grouped by them, each reception falls whole in one group.
 */
const RECEPTION_BREAKDOWNS: ReadonlySet<Breakdown> = new Set(['store', 'clinic']);

/**
 * Whether a query's sheets hold each reception whole: no filter that may keep some sheets of a
 * reception and not others (the generic filter tests each sheet's medicines; the 受付区分 is
 * each sheet's).
 */
function keepsWholeReceptions({ filters = {} }: MetricQuery): boolean {
  return !filters.genericMedicine?.length && !filters.receptionTypes?.length;
}

/** Whether a query's sheets hold each reception whole and in one group. */
function countsWholeReceptions(query: MetricQuery): boolean {
  const { page } = query;
  return (
    keepsWholeReceptions(query) && (page === undefined || RECEPTION_BREAKDOWNS.has(page.breakdown))
  );
}

/** Which facts a metric is counted over at a page's level. */
type Facts = 'sections' | 'sheets' | 'sheetMedicines' | 'lines' | 'lineItems';

/** How metrics are computed at a page's level in a layout, and over which facts. */
interface Plan {
  facts: Facts;
  /** The facts: `p` (or a replica's line `l`) and whatever the parts and the breakdown read. */
  from: RawBuilder<unknown>;
  /** The named columns the definitions read over these facts. */
  columns: FactColumns;
  /** Where the sheet conditions read (a replica's line pages read the lines alone). */
  on: Required<ConditionsOn>;
  /** Whether the medicine lines `l` are the facts (the generic filter then tests each line). */
  medicineLines: boolean;
  /** Conditions on the line `l`. */
  lineConditions: RawBuilder<unknown>[];
  /** Whether `from` holds only the facts in scope already (the sheet conditions are inside). */
  filtered?: boolean;
}

const linesJoin = (lines: RawBuilder<unknown>) =>
  sql`${lines} l join prescriptions p on p.corporation_id = l.corporation_id and p.id = l.prescription_id`;

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

function definitionOf(slug: MetricSlug, page?: AnalysisPageDef) {
  const found = definitionAt(slug, page);
  if (!found) {
    throw new UnsupportedMetricError(
      `${slug} is not defined for ${page?.family ?? 'the dashboard'}`,
    );
  }
  return found;
}

/**
 * The facts of a metric in a layout. The replica's sheets carry their medicines' 後発 quantities,
 * so the generic rate reads the sheets unless the generic filter must test each line; its lines
 * carry their sheet's keys, so the line metrics read the lines alone.
 */
function plan(facts: Facts, query: MetricQuery, dialect: AnalyticsDialect): Plan {
  const { page, scope } = query;
  const sheetColumns = factColumns(dialect, false, countsWholeReceptions(query));
  const sheetsOnly = (columns: FactColumns): Plan => ({
    facts,
    from: sql`prescriptions p`,
    columns,
    on: { alias: 'p', dialect },
    medicineLines: false,
    lineConditions: [],
  });
  const ownLines = sql`l.corporation_id = ${idLiteral(scope.corporationId)}`;
  switch (facts) {
    case 'sections':
      return {
        ...sheetsOnly(factColumns(dialect, false)),
        from: feeSectionFacts(sheetConditions(query, null, { dialect })),
        filtered: true,
      };
    case 'sheets':
      return sheetsOnly(sheetColumns);
    case 'sheetMedicines':
      if (sheetsCarryGenericQuantities(dialect) && !query.filters?.genericMedicine?.length) {
        return sheetsOnly(sheetColumns);
      }
      return {
        facts,
        from: linesJoin(sql`prescription_medicines`),
        columns: factColumns(dialect, true),
        on: { alias: 'p', dialect },
        medicineLines: true,
        lineConditions: [ownLines],
      };
  }
  const level = page!.factLevel as Exclude<FactLevel, 'sheet'>;
  const table = sql.table(LINE_TABLES[level]);
  const categories = page!.feeCategories;
  const categoryTest = (alias: string) =>
    categories ? [feeCategoryTest(dialect, alias, categories)] : [];
  if (facts === 'lines') {
    const alone = dialect === 'duckdb';
    return {
      facts,
      from: alone ? sql`${table} l` : linesJoin(table),
      columns: factColumns(dialect, level === 'medicineLine'),
      on: { alias: alone ? 'l' : 'p', dialect },
      medicineLines: level === 'medicineLine',
      lineConditions: [...(alone ? [] : [ownLines]), ...categoryTest('l')],
    };
  }
  const yj = level === 'medicineLine' ? sql`, min(i.yj_code) as yj_code` : sql``;
  const items = sql`(select i.corporation_id, i.prescription_id, i.code, min(i.name) as name ${yj}
    from ${table} i
    where ${sql.join([sql`i.corporation_id = ${idLiteral(scope.corporationId)}`, ...categoryTest('i')], sql` and `)}
    group by i.corporation_id, i.prescription_id, i.code)`;
  return {
    facts,
    from: linesJoin(items),
    columns: factColumns(dialect, false),
    on: { alias: 'p', dialect },
    medicineLines: false,
    lineConditions: [],
  };
}

/** A breakdown item's parts over the period, with its key and names. */
type ItemTotal = {
  key: string | null;
  name: string | null;
  yjCode: string | null;
  parts: Parts;
};

/** One metric's parts: each item's over the period, and each item's by bucket. */
type MetricParts = {
  totals: ItemTotal[];
  byItem: Map<string | null, Map<string | null, Parts>>;
};

/**
 * The parts of several definitions as columns of one statement, a part they share counted once;
 * `addsUp` names the columns whose total over a period is the sum of its buckets'
 * (MetricDefinition.addsUp; 集中率's receptions at a store fall on one day too).
 */
function partColumns(
  definitions: readonly MetricDefinition[],
  columns: FactColumns,
): {
  select: { column: string; expression: RawBuilder<unknown> }[];
  addsUp: Set<string>;
  of: Map<MetricDefinition, [part: string, column: string][]>;
} {
  const named = new Map<string, string>();
  const select: { column: string; expression: RawBuilder<unknown> }[] = [];
  const addsUp = new Set<string>();
  const of = new Map<MetricDefinition, [string, string][]>();
  for (const definition of definitions) {
    const concentration = definition.grain === 'institution';
    const parts = concentration
      ? { receptions: sql`count(distinct ${columns.receptionAtStore})` }
      : definition.parts(columns);
    of.set(
      definition,
      Object.entries(parts).map(([part, expression]) => {
        const key = statementKey(expression);
        let column = named.get(key);
        if (!column) {
          column = `c${named.size}`;
          named.set(key, column);
          select.push({ column, expression });
        }
        if (concentration || definition.addsUp?.includes(part)) addsUp.add(column);
        return [part, column];
      }),
    );
  }
  return { select, addsUp, of };
}

/**
 * Rows of (is total, bucket, key, name, parts…) for metrics of one plan, in one statement;
 * totals are over the period. Grouped by the breakdown's key (an id where the layout has one),
 * whose text and names are joined after the grouping. One scan with grouping sets, unless on
 * the replica some parts add up (MetricDefinition.addsUp): those are then counted by bucket only
 * and the totals add them up, while the others (a patient seen in several months counts once)
 * are computed over the whole period as well.
 */
async function queryParts(
  executor: AnalyticsExecutor,
  definitions: readonly MetricDefinition[],
  facts: Facts,
  query: MetricQuery,
): Promise<Map<MetricDefinition, MetricParts>> {
  const { dialect } = executor;
  const { from, columns, on, medicineLines, lineConditions, filtered } = plan(
    facts,
    query,
    dialect,
  );
  const { key: bucket, label: bucketLabel } = bucketGrouping(query.axis, dialect, on.alias);
  const breakdown: BreakdownSql | undefined = query.page
    ? breakdownSql(
        query.page,
        { dialect, corporationId: query.scope.corporationId, linesAlone: on.alias === 'l' },
        query.address,
      )
    : undefined;
  // 集中率 counts each store's receptions by institution, then ranks the institutions.
  const concentration = definitions.some((d) => d.grain === 'institution');
  const extraKeys = concentration ? [sql`p.store_id`, sql`p.institution_id`] : [];
  const groupKeys = [breakdown?.key, ...extraKeys].filter(
    (k): k is RawBuilder<unknown> => k !== undefined,
  );
  const { select, addsUp, of } = partColumns(definitions, columns);
  const where = [
    ...(filtered ? [] : sheetConditions(query, medicineLines ? sql`l.generic_class` : null, on)),
    ...lineConditions,
    ...(breakdown?.where ?? []),
  ];
  const scanned = sql`from ${from}
    ${breakdown?.joins ?? sql``}
    where ${where.length > 0 ? sql.join(where, sql` and `) : sql`true`}`;
  const minOf = (expression: RawBuilder<unknown> | undefined) =>
    expression ? sql`min(${expression})` : sql`null::text`;
  const items = sql`${minOf(breakdown?.name)} as name, ${minOf(breakdown?.detail)} as detail,
    ${minOf(breakdown?.yjCode)} as yj_code`;
  const partsAs = (parts: typeof select, as: (c: (typeof select)[number]) => RawBuilder<unknown>) =>
    parts.map((c) => sql`${as(c)} as ${sql.ref(c.column)}`);
  const ctes: RawBuilder<unknown>[] = [];
  if (breakdown?.itemNames) {
    ctes.push(sql`item_names as (
      select i.code, min(i.name) as name, min(i.yj_code) as yj_code
      from (select distinct l.item_id ${scanned}) d join medicine_items i on i.id = d.item_id
      group by i.code)`);
  }
  // 受付回数別: each patient's receptions over the whole period, within the same scope.
  if (query.page?.breakdown === 'receptionCount') {
    ctes.push(sql`visits as materialized (
      select p.patient_id,
        ${factColumns(dialect, false, keepsWholeReceptions(query)).patientReceptions} as n
      from prescriptions p
      where ${sql.join(sheetConditions(query, null, { dialect }), sql` and `)}
      group by p.patient_id)`);
  }
  let grouped: RawBuilder<unknown>;
  // The system of record keeps one scan: PostgreSQL counts distinct values by sorting them, and
  // a second scan of its tables cost more than it saved (bench-M: 集中率 over 30 days 224 ms
  // with grouping sets, 828 ms without).
  if (addsUp.size === 0 || dialect === 'postgres') {
    const groupingSets = sql`grouping sets ((${sql.join([bucket, ...groupKeys])})${
      groupKeys.length > 0 ? sql`, (${sql.join(groupKeys)})` : sql`, ()`
    })`;
    grouped = sql`select grouping(${bucket}) = 1 as is_total, ${bucket} as bucket,
        ${breakdown?.key ?? sql`null::text`} as key, ${items},
        ${extraKeys[0] ?? sql`null`} as extra_key,
        ${sql.join(partsAs(select, (c) => c.expression))}
      ${scanned}
      group by ${groupingSets}`;
  } else {
    // Distinct counts are the dearest parts: those that add up are counted by bucket only, and
    // the period's totals add them up; the other parts are computed over the period as well.
    const keyNames = groupKeys.map((_, i) => `k${i}`);
    const keysAs = groupKeys.map((k, i) => sql`${k} as ${sql.ref(keyNames[i]!)}`);
    const keysOf = (alias: string) => keyNames.map((k) => sql.ref(`${alias}.${k}`));
    const groupBy = (keys: RawBuilder<unknown>[]) =>
      keys.length > 0 ? sql`group by ${sql.join(keys)}` : sql``;
    const [summed, counted] = [
      select.filter((c) => addsUp.has(c.column)),
      select.filter((c) => !addsUp.has(c.column)),
    ];
    ctes.push(sql`by_bucket as materialized (select ${sql.join([
      sql`${bucket} as bucket`,
      ...keysAs,
      items,
      ...partsAs(select, (c) => c.expression),
    ])}
      ${scanned}
      ${groupBy([bucket, ...groupKeys])})`);
    // When every part adds up, the buckets give the totals whole, their names too.
    const bucketsAlone = counted.length === 0;
    const minOfBuckets = ['name', 'detail', 'yj_code'].map(
      (c) => sql`min(${sql.ref(`by_bucket.${c}`)}) as ${sql.ref(c)}`,
    );
    ctes.push(sql`summed as (select ${sql.join([
      ...keysOf('by_bucket'),
      ...(bucketsAlone ? minOfBuckets : []),
      ...partsAs(summed, (c) => sql`sum(${sql.ref(`by_bucket.${c.column}`)})`),
    ])}
      from by_bucket ${groupBy(keysOf('by_bucket'))})`);
    // count(*) keeps it one row per key (and one in all without keys) when no part is left.
    if (!bucketsAlone) {
      ctes.push(sql`counted as (select ${sql.join([
        ...keysAs,
        items,
        sql`count(*) as facts`,
        ...partsAs(counted, (c) => c.expression),
      ])}
        ${scanned}
        ${groupBy(groupKeys)})`);
    }
    const row = (isTotal: boolean, alias: string) =>
      sql.join([
        sql`${sql.lit(isTotal)} as is_total`,
        isTotal ? sql`null as bucket` : sql`${sql.ref(`${alias}.bucket`)}`,
        breakdown ? sql`${keysOf(alias)[0]!} as key` : sql`null::text as key`,
        sql`${sql.ref(`${alias}.name`)} as name, ${sql.ref(`${alias}.detail`)} as detail,
          ${sql.ref(`${alias}.yj_code`)} as yj_code`,
        extraKeys.length > 0
          ? sql`${keysOf(alias)[breakdown ? 1 : 0]!} as extra_key`
          : sql`null as extra_key`,
        ...select.map((c) =>
          sql.ref(`${isTotal && addsUp.has(c.column) ? 'summed' : alias}.${c.column}`),
        ),
      ]);
    const sameKeys =
      keyNames.length === 0
        ? sql`cross join summed`
        : sql`join summed on ${sql.join(
            keyNames.map(
              (k) => sql`counted.${sql.ref(k)} is not distinct from summed.${sql.ref(k)}`,
            ),
            sql` and `,
          )}`;
    grouped = sql`select ${row(false, 'by_bucket')} from by_bucket
      union all
      ${bucketsAlone ? sql`select ${row(true, 'summed')} from summed` : sql`select ${row(true, 'counted')} from counted ${sameKeys}`}`;
  }
  let partsOut = select.map((c) => c.column);
  let partsOf = of;
  if (concentration) {
    // Each store's institutions ranked in the statement, not over thousands of rows in JavaScript.
    const groups = ['is_total', 'bucket', 'key'];
    const carried = ['name', 'detail', 'yj_code'];
    const rows = sql`select ${sql.join([...groups, ...carried].map((c) => sql.ref(`g.${c}`)))},
        g.extra_key as store, ${sql.ref(`g.${select[0]!.column}`)} as n
      from (${grouped}) g`;
    grouped = sql`select ${sql.join([
      ...groups.map((c) => sql.ref(`s.${c}`)),
      ...carried.map((c) => sql`min(${sql.ref(`s.${c}`)}) as ${sql.ref(c)}`),
    ])}, ${CONCENTRATION_PARTS}
      from (${storeTops(dialect, rows, groups, carried)}) s
      group by ${sql.join(groups.map((c) => sql.ref(`s.${c}`)))}`;
    partsOut = CONCENTRATION_COLUMNS.map(([, column]) => column);
    partsOf = new Map(definitions.map((d) => [d, CONCENTRATION_COLUMNS]));
  }
  const labels = breakdown?.labels;
  // Only what the series need: names on the totals alone (a page of two thousand doctors has
  // thirty thousand rows, and reading each column of each row into JavaScript costs more than
  // DuckDB's whole statement).
  const onTotals = (expression: RawBuilder<unknown>) =>
    sql`case when g.is_total then ${expression} end`;
  const outputs: (readonly [name: string, expression: RawBuilder<unknown>])[] = [
    ['is_total', sql`g.is_total`],
    ['bucket', sql`g.bucket`],
    ...(breakdown
      ? ([
          ['key_text', breakdown.keyText ?? sql`g.key`],
          ['label_name', onTotals(labels?.name ?? sql`g.name`)],
          ['label_detail', onTotals(labels?.detail ?? sql`g.detail`)],
          ...(breakdown.yjCode || labels?.yjCode
            ? [['yj_code', onTotals(labels?.yjCode ?? sql`g.yj_code`)] as const]
            : []),
        ] as const)
      : []),
    ...partsOut.map((c) => [c, sql.ref(`g.${c}`)] as const),
  ];
  const names = outputs.map(([name]) => name);
  const statement = sql<
    Record<string, unknown>
  >`${ctes.length > 0 ? sql`with ${sql.join(ctes)}` : sql``}
    select ${sql.join(outputs.map(([name, expression]) => sql`${expression} as ${sql.ref(name)}`))}
    from (${grouped}) g
    ${labels?.joins ?? sql``}`;
  // A page's rows are tens of thousands: each is read into one object per metric, and a bucket's
  // label is made once.
  const bucketLabels = new Map<unknown, string>();
  const labelOf = (key: unknown) => {
    let label = bucketLabels.get(key);
    if (label === undefined) bucketLabels.set(key, (label = bucketLabel(key)));
    return label;
  };
  // A column the statement lacks is at -1, where every row reads undefined.
  const at = (name: string) => names.indexOf(name);
  const [keyAt, nameAt, detailAt, yjAt] = [
    at('key_text'),
    at('label_name'),
    at('label_detail'),
    at('yj_code'),
  ];
  const answer = definitions.map((d) => ({
    columns: partsOf.get(d)!.map(([part, column]) => [part, at(column)] as const),
    totals: [] as ItemTotal[],
    byItem: new Map<string | null, Map<string | null, Parts>>(),
  }));
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  for (const r of await rowValues(executor, statement, names)) {
    const isTotal = r[0] === true;
    const keyText = text(r[keyAt]);
    const key = breakdown ? keyText : null;
    const name =
      breakdown && isTotal
        ? itemName(breakdown, {
            key: keyText ?? '',
            name: text(r[nameAt]),
            detail: text(r[detailAt]),
          })
        : null;
    const bucket = isTotal || r[1] === null || r[1] === undefined ? null : labelOf(r[1]);
    for (const { columns, totals, byItem } of answer) {
      const parts: Record<string, number> = {};
      for (const [part, column] of columns) parts[part] = Number(r[column] ?? 0);
      if (isTotal) {
        totals.push({ key, name, yjCode: text(r[yjAt]), parts });
        continue;
      }
      let byBucket = byItem.get(key);
      if (!byBucket) byItem.set(key, (byBucket = new Map()));
      byBucket.set(bucket, parts);
    }
  }
  return new Map(definitions.map((d, i) => [d, answer[i]!]));
}

/**
 * Each store's receptions at its institutions, per group: rows `rows` (columns `groups`,
 * `carried`, `store`, and `n`, the store's receptions at one institution) summed per group and
 * store into `n`, with `top1` and `top3` the receptions of its top institution and top three.
 * `carried` columns keep their least value. DuckDB sorts each store's counts in a list
 * (a quarter faster than ranking them over 30 days of 30 stores); PostgreSQL ranks them.
 */
export function storeTops(
  dialect: AnalyticsDialect,
  rows: RawBuilder<unknown>,
  groups: readonly string[],
  carried: readonly string[] = [],
): RawBuilder<unknown> {
  const keys = sql.join([...groups, 'store'].map((c) => sql.ref(`c.${c}`)));
  const kept = sql.join([
    ...groups.map((c) => sql.ref(`c.${c}`)),
    ...carried.map((c) => sql`min(${sql.ref(`c.${c}`)}) as ${sql.ref(c)}`),
    sql`c.store`,
  ]);
  if (dialect === 'duckdb') {
    return sql`select ${kept}, sum(c.n) as n, max(c.n) as top1,
        list_sum(list_slice(list_sort(list(c.n), 'DESC'), 1, 3)) as top3
      from (${rows}) c group by ${keys}`;
  }
  return sql`select ${kept}, sum(c.n) as n,
      sum(c.n) filter (where c.rank = 1) as top1, sum(c.n) filter (where c.rank <= 3) as top3
    from (select c.*, row_number() over (partition by ${keys} order by c.n desc) as rank
      from (${rows}) c) c
    group by ${keys}`;
}

/**
 * 集中率's parts over rows `s` of storeTops: the receptions, and those of each store's top
 * institution and top three, summed over the stores. 集中率 over several stores is thus the
 * receptions-weighted mean of each store's own rate (docs/metrics.md), not the rate of the
 * stores' pooled institutions.
 */
export const CONCENTRATION_PARTS = sql`sum(s.n) as receptions,
  coalesce(sum(s.top1), 0) as top1, coalesce(sum(s.top3), 0) as top3`;

/** The columns of CONCENTRATION_PARTS, as the parts of the 集中率 definitions. */
export const CONCENTRATION_COLUMNS = ['receptions', 'top1', 'top3'].map(
  (c) => [c, c] as [part: string, column: string],
);

const NO_COLUMNS = factColumns('postgres', false);

const emptyParts = (definition: MetricDefinition): Parts =>
  Object.fromEntries(
    Object.keys(definition.parts(NO_COLUMNS))
      .concat(['receptions', 'top1', 'top3'])
      .map((n) => [n, 0]),
  );

/** A metric's value over no facts at a page's level: 0 for a sum or count, null for a ratio. */
export function emptyValue(slug: MetricSlug, page?: AnalysisPageDef): number | null {
  const found = definitionAt(slug, page);
  if (!found) throw new UnsupportedMetricError(`${slug} is not defined for ${page?.family}`);
  return found.definition.value(emptyParts(found.definition));
}

/** The series of one metric from its parts. */
function seriesOf(
  definition: MetricDefinition,
  { totals, byItem }: MetricParts,
  query: MetricQuery,
  buckets: readonly string[],
): MetricSeries[] {
  const items =
    query.page === undefined && totals.length === 0
      ? [{ key: null, name: null, yjCode: null, parts: {} }]
      : totals;
  const empty = emptyParts(definition);
  const none = new Map<string | null, Parts>();
  return items.map((total) => {
    const byBucket = byItem.get(total.key) ?? none;
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

/**
 * Several metrics over a period, in as few statements as their facts allow (one scan of the
 * facts per plan: on the replica, every sheet metric of the dashboard in one, 集中率 in another):
 * for each metric a series per breakdown item (one series without a page), each with a value for
 * every bucket of the time axis and a total over the whole period. Series come in no particular
 * order; pages order them (orderSeries). Computed on the system of record (a database) or on the
 * analytics replica (its executor), each compiling the same definitions to its own layout.
 */
export async function computeMetrics<S extends MetricSlug>(
  on: Database | AnalyticsExecutor,
  slugs: readonly S[],
  query: MetricQuery,
): Promise<Record<S, MetricSeries[]>> {
  const executor = executorOf(on);
  const found = slugs.map((slug) => ({ slug, ...definitionOf(slug, query.page) }));
  const groups = new Map<string, typeof found>();
  for (const f of found) {
    const concentration = f.definition.grain === 'institution';
    const facts =
      f.facts === 'sheetMedicines' &&
      sheetsCarryGenericQuantities(executor.dialect) &&
      !query.filters?.genericMedicine?.length
        ? 'sheets'
        : f.facts;
    const id = `${concentration ? 'institution' : ''}${facts}`;
    groups.set(id, [...(groups.get(id) ?? []), { ...f, facts }]);
  }
  const buckets = periodBuckets(query, query.axis);
  const answers = await Promise.all(
    [...groups.values()].map(async (group) => {
      const definitions = [...new Set(group.map((g) => g.definition))];
      const parts = await queryParts(executor, definitions, group[0]!.facts, query);
      return group.map(
        ({ slug, definition }) =>
          [slug, seriesOf(definition, parts.get(definition)!, query, buckets)] as const,
      );
    }),
  );
  return Object.fromEntries(answers.flat()) as Record<S, MetricSeries[]>;
}

/** One metric over a period (computeMetrics of one). */
export async function computeMetric(
  on: Database | AnalyticsExecutor,
  slug: MetricSlug,
  query: MetricQuery,
): Promise<MetricSeries[]> {
  return (await computeMetrics(on, [slug], query))[slug];
}
