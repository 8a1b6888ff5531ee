import {
  periodBuckets,
  type DateRange,
  type MetricSlug,
  type TimeAxisValue,
} from '@pharmalytics/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/connection.ts';
import {
  LINE_DIMENSIONS,
  PRESCRIPTION_DIMENSIONS,
  type Dimension,
  type LineDimension,
} from './dimensions.ts';
import { METRIC_DEFINITIONS, type Parts } from './metric-definitions.ts';

/** Generic classes of the medicine master selected by the spec's generic-medicine filter values. */
const GENERIC_FILTER_CLASSES: Record<number, number | null> = { 2: 1, 3: 2, 4: 3, 1: null };

export interface MetricFilters {
  /** Spec values of the generic-medicine filter (empty: all). */
  genericMedicine?: readonly number[];
  /** 医療機関コード (empty: all). */
  medicalInstitutions?: readonly string[];
  /** 外来 / 在宅 (empty: all). */
  receptionTypes?: readonly string[];
}

export interface MetricQuery extends DateRange {
  corporationId: number;
  storeIds: readonly number[];
  axis: TimeAxisValue;
  dimension?: Dimension;
  filters?: MetricFilters;
}

export interface MetricSeries {
  /** The dimension item, or null without a dimension. */
  name: string | null;
  total: number | null;
  rows: { date: string; value: number | null }[];
}

const DAY_NAMES = sql`(array['月','火','水','木','金','土','日'])[extract(isodow from p.dispensing_date)::int]`;

function bucketExpression(axis: TimeAxisValue): RawBuilder<string> {
  if (axis === 1) return sql`to_char(p.dispensing_date, 'YYYY')`;
  if (axis === 2) return sql`to_char(p.dispensing_date, 'YYYY-MM')`;
  if (axis === 3) return sql`to_char(p.dispensing_date, 'YYYY-MM-DD')`;
  return sql`${DAY_NAMES}`;
}

function filterConditions(query: MetricQuery, lineClass: RawBuilder<unknown> | null) {
  const conditions: RawBuilder<unknown>[] = [];
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

const LINE_TABLES = { medicine: 'prescription_medicines', fee: 'prescription_fees' } as const;

/** Rows of (is total, bucket, key, parts…) for one metric; totals are grouped over the period. */
async function queryParts(
  db: Database,
  slug: MetricSlug,
  query: MetricQuery,
  extraKey?: RawBuilder<unknown>,
) {
  const definition = METRIC_DEFINITIONS[slug];
  const grain = definition.grain;
  const lineTable = grain === 'medicine' || grain === 'fee' ? LINE_TABLES[grain] : null;
  const bucket = bucketExpression(query.axis);
  const dimension = query.dimension;
  const key =
    dimension === undefined
      ? null
      : dimension in LINE_DIMENSIONS
        ? LINE_DIMENSIONS[dimension as LineDimension]
        : PRESCRIPTION_DIMENSIONS[dimension as keyof typeof PRESCRIPTION_DIMENSIONS];
  const groupKeys = [key, extraKey].filter(
    (k): k is RawBuilder<unknown> => k !== null && k !== undefined,
  );
  const parts =
    grain === 'institution'
      ? { receptions: sql`count(distinct (p.store_id, p.dispensing_date, p.reception_id))` }
      : definition.parts;
  const partColumns = Object.entries(parts).map(([name, expr]) => sql`${expr} as ${sql.ref(name)}`);
  const from = lineTable
    ? sql`${sql.table(lineTable)} l join prescriptions p
        on p.corporation_id = l.corporation_id and p.id = l.prescription_id`
    : sql`prescriptions p`;
  const where = [
    sql`p.corporation_id = ${query.corporationId}`,
    sql`p.store_id in (${sql.join(query.storeIds)})`,
    sql`p.dispensing_date between ${query.from} and ${query.to}`,
    ...(lineTable ? [sql`l.corporation_id = ${query.corporationId}`] : []),
    ...filterConditions(query, grain === 'medicine' ? sql`l.generic_class` : null),
  ];
  const groupingSets = sql`grouping sets ((${sql.join([bucket, ...groupKeys])})${
    groupKeys.length > 0 ? sql`, (${sql.join(groupKeys)})` : sql`, ()`
  })`;
  const { rows } = await sql<Record<string, unknown>>`
    select grouping(${bucket}) = 1 as is_total, ${bucket} as bucket,
      ${key ?? sql`null::text`} as key, ${extraKey ?? sql`null`} as extra_key,
      ${sql.join(partColumns)}
    from ${from}
    left join patients pa on pa.corporation_id = p.corporation_id and pa.id = p.patient_id
    where ${sql.join(where, sql` and `)}
    group by ${groupingSets}`.execute(db);
  return rows.map((r) => ({
    isTotal: r.is_total === true,
    bucket: r.bucket as string | null,
    key: (r.key as string | null) ?? null,
    extraKey: r.extra_key,
    parts: Object.fromEntries(Object.keys(parts).map((n) => [n, Number(r[n] ?? 0)])),
  }));
}

type PartRow = { isTotal: boolean; bucket: string | null; key: string | null; parts: Parts };

/** 集中率: receptions of the top institution (and of the top three) over all receptions. */
async function concentrationParts(db: Database, query: MetricQuery): Promise<PartRow[]> {
  const rows = await queryParts(
    db,
    'prescription_concentration_rates',
    query,
    sql`p.institution_id`,
  );
  const groups = new Map<string, { row: PartRow; counts: number[] }>();
  for (const r of rows) {
    const id = JSON.stringify([r.isTotal, r.bucket, r.key]);
    let group = groups.get(id);
    if (!group) {
      group = { row: { isTotal: r.isTotal, bucket: r.bucket, key: r.key, parts: {} }, counts: [] };
      groups.set(id, group);
    }
    group.counts.push(r.parts.receptions!);
  }
  return [...groups.values()].map(({ row, counts }) => {
    const sorted = counts.sort((a, b) => b - a);
    const sum = (n: number) => sorted.slice(0, n).reduce((a, b) => a + b, 0);
    return { ...row, parts: { receptions: sum(sorted.length), top1: sum(1), top3: sum(3) } };
  });
}

const emptyParts = (slug: MetricSlug): Parts =>
  Object.fromEntries(
    Object.keys(METRIC_DEFINITIONS[slug].parts)
      .concat(['receptions', 'top1', 'top3'])
      .map((n) => [n, 0]),
  );

/**
 * One metric over a period: a series per dimension item (one series without a dimension), each
 * with a value for every bucket of the time axis and a total over the whole period.
 */
export async function computeMetric(
  db: Database,
  slug: MetricSlug,
  query: MetricQuery,
): Promise<MetricSeries[]> {
  const definition = METRIC_DEFINITIONS[slug];
  const rows: PartRow[] =
    definition.grain === 'institution'
      ? await concentrationParts(db, query)
      : await queryParts(db, slug, query);
  const buckets = periodBuckets(query, query.axis);
  const keys = [...new Set(rows.filter((r) => r.isTotal).map((r) => r.key))];
  if (query.dimension === undefined && keys.length === 0) keys.push(null);
  const empty = emptyParts(slug);
  return keys.map((key) => {
    const byBucket = new Map(
      rows.filter((r) => !r.isTotal && r.key === key).map((r) => [r.bucket, r.parts]),
    );
    const total = rows.find((r) => r.isTotal && r.key === key)?.parts ?? empty;
    return {
      name: key,
      total: definition.value(total),
      rows: buckets.map((date) => ({
        date,
        value: definition.value(byBucket.get(date) ?? empty),
      })),
    };
  });
}
