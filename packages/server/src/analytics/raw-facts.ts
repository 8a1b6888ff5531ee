import {
  daysWithBuckets,
  genericFilterWireValue,
  periodBuckets,
  type GenericMedicineFilterValue,
  type MetricSlug,
} from '@pharmalytics/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/connection.ts';
import type { MetricFilters, MetricQuery, MetricSeries } from './engine.ts';

/**
 * The counting shared by the /v2/ twins of the dashboard (raw-dashboard.ts) and of the analysis
 * pages (raw-analysis.ts): the metrics computed a second, independent way, which tests hold to
 * the engine's answers. Nothing here comes from the engine's definitions (metric-definitions.ts,
 * breakdowns.ts): each day of the period gets its bucket from the domain (`daysWithBuckets`), the
 * raw fact rows of those days are counted in SQL as written out below, per bucket and item and
 * over the whole period, and the values follow from those counts here. The database does the
 * counting, so no fact row travels to the server.
 */

export type Counts = Record<string, number>;

/** Percentage to one decimal (a half-way tenth rounded up); null without a whole. */
export const percentOf = (part: number, whole: number) =>
  whole > 0 ? Math.round((part * 1000) / whole) / 10 : null;
/** Whole yen per unit; null without units. */
export const yenPer = (yen: number, units: number) => (units > 0 ? Math.round(yen / units) : null);

/** One patient's visit with the sheets of one institution (受付), of a sheet `s`. */
const RECEPTION = sql`(s.store_id, s.dispensing_date, s.reception_id, s.institution_id)`;

/**
 * Whether the medicine line `alias` is of a class the generic-medicine filter asks for. A filter
 * value on the wire is the master's generic class (0: none, the 昭和42年以前承認品・基礎的医薬品);
 * the two price-relation values have no class in the master, so they select no line.
 */
export function genericClassSelected(
  alias: string,
  values: readonly GenericMedicineFilterValue[],
): RawBuilder<boolean> {
  const classes = values.map(genericFilterWireValue);
  return sql<boolean>`coalesce(${sql.ref(`${alias}.generic_class`)}, 0) = any(${classes}::int[])`;
}

/**
 * The filters of a query as conditions on a prescription `p` of the corporation (an empty filter
 * selects all). Their subqueries name the corporation as a value rather than through `p`: Citus
 * 13.0 failed on some statements that tie such a subquery only to the outer row ("incorrect binary
 * data format", once a crash of the coordinator's backend).
 */
function filterConditions(
  corporationId: number,
  { genericMedicine = [], medicalInstitutions = [], receptionTypes = [] }: MetricFilters = {},
): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (medicalInstitutions.length > 0) {
    conditions.push(sql`p.institution_id in (
      select i.id from medical_institutions i
      where i.corporation_id = ${corporationId} and i.code = any(${[...medicalInstitutions]}::text[]))`);
  }
  if (receptionTypes.length > 0) {
    conditions.push(sql`p.reception_type = any(${[...receptionTypes]}::text[])`);
  }
  if (genericMedicine.length > 0) {
    // A sheet is in when it holds a medicine of a class asked for.
    conditions.push(sql`exists (
      select 1 from prescription_medicines g
      where g.corporation_id = ${corporationId} and g.prescription_id = p.id
        and ${genericClassSelected('g', genericMedicine)})`);
  }
  return conditions;
}

/** The sheets (prescriptions) of the stores, days and filters asked, each with its bucket. */
function scopedSheets(query: MetricQuery): RawBuilder<unknown> {
  const { days, buckets } = daysWithBuckets(query, query.axis);
  const conditions = [
    sql`p.corporation_id = ${query.scope.corporationId}`,
    sql`p.store_id = any(${[...query.scope.storeIds]}::int[])`,
    sql`p.dispensing_date between ${query.from} and ${query.to}`,
    ...filterConditions(query.scope.corporationId, query.filters),
  ];
  return sql`select d.bucket, p.*
    from unnest(${days}::date[], ${buckets}::text[]) as d(day, bucket)
    join prescriptions p on p.dispensing_date = d.day
    where ${sql.join(conditions, sql` and `)}`;
}

/**
 * What a page breaks sheets down by: an item of each sheet `s` (with its patient `pa`), given by a
 * key (null when the facts leave it unknown) and, where a table holds it, a name.
 */
export interface SheetItem {
  key: RawBuilder<unknown>;
  name?: RawBuilder<unknown>;
  /** Tables the expressions read, joined after `s` and `pa`. */
  joins?: RawBuilder<unknown>;
  /** Which sheets have an item at all (all when absent). */
  where?: RawBuilder<unknown>[];
}

/** The dashboard's "breakdown": every sheet under one item. */
export const NO_ITEM: SheetItem = { key: sql`null::text` };

/**
 * `with scoped (…), sheets (…)`: the sheets in scope with their bucket (`scoped`), and those with
 * an item, with its key and name (`sheets`, read as `s`).
 */
export function sheetsWith(query: MetricQuery, item: SheetItem): RawBuilder<unknown> {
  return sql`with scoped as (${scopedSheets(query)}),
    sheets as (
      select s.*, (${item.key})::text as item_key, ${item.name ?? sql`null::text`} as item_name
      from scoped s
      left join patients pa on pa.corporation_id = s.corporation_id and pa.id = s.patient_id
      ${item.joins ?? sql``}
      ${item.where?.length ? sql`where ${sql.join(item.where, sql` and `)}` : sql``})`;
}

/**
 * The number of receptions of the sheet's patient among the sheets: the rank of the sheet's
 * reception among the patient's counted from the first plus that counted from the last, less one.
 * Window functions, not a join to per-patient counts: without table statistics (the embedded
 * database has none) the planner would join by a nested loop, once per sheet.
 */
export const PATIENT_RECEPTIONS = sql`dense_rank() over (partition by s.patient_id
    order by s.store_id, s.dispensing_date, s.reception_id, s.institution_id)
  + dense_rank() over (partition by s.patient_id
    order by s.store_id desc, s.dispensing_date desc, s.reception_id desc, s.institution_id desc)
  - 1`;

/**
 * Counts of one metric: for each item (`key`, `name`, `yjCode` as the facts give them) one tally
 * per bucket with facts and one over the whole period.
 */
export interface Tally {
  whole: boolean;
  bucket: string | null;
  key: string | null;
  name: unknown;
  yjCode: string | null;
  counts: Counts;
}
export interface Counted {
  names: string[];
  tallies: Tally[];
}

/** The leading columns of a count of the sheets `s` per bucket and item and per item. */
const SHEET_ITEM_COLUMNS = sql`grouping(s.bucket) = 1 as whole, s.bucket, s.item_key,
  min(s.item_name) as item_name, null::text as item_yj`;
/** Groups per bucket and item, and per item over the whole period. */
const BY_BUCKET_AND_ITEM = sql`grouping sets ((s.bucket, s.item_key), (s.item_key))`;

/** Runs a statement of (whole, bucket, item_key, item_name, item_yj, counts…) rows. */
export async function runCounts(
  db: Database,
  statement: RawBuilder<unknown>,
  names: string[],
): Promise<Counted> {
  const { rows } = await sql<Record<string, unknown>>`${statement}`.execute(db);
  return {
    names,
    tallies: rows.map((r) => ({
      whole: r.whole === true,
      bucket: r.bucket as string | null,
      key: r.item_key as string | null,
      name: r.item_name,
      yjCode: r.item_yj as string | null,
      counts: Object.fromEntries(names.map((name) => [name, Number(r[name] ?? 0)])),
    })),
  };
}

/** Counts of the sheets `s` (and of `join`, joined to them) per bucket and item. */
export function countSheets(
  db: Database,
  sheets: RawBuilder<unknown>,
  counts: Record<string, RawBuilder<unknown>>,
  join: RawBuilder<unknown> = sql``,
): Promise<Counted> {
  const names = Object.keys(counts);
  return runCounts(
    db,
    sql`${sheets}
      select ${SHEET_ITEM_COLUMNS},
        ${sql.join(names.map((name) => sql`${counts[name]} as ${sql.ref(name)}`))}
      from sheets s ${join}
      group by ${BY_BUCKET_AND_ITEM}`,
    names,
  );
}

/**
 * 集中率: per bucket and item, the receptions of each store's institution sending most (and of
 * its top three) summed over the stores, and all the receptions: over several stores the rate is
 * the receptions-weighted mean of the stores' own rates.
 */
function countConcentration(db: Database, sheets: RawBuilder<unknown>): Promise<Counted> {
  return runCounts(
    db,
    sql`${sheets},
      per_institution as (
        select grouping(s.bucket) = 1 as whole, s.bucket, s.item_key, s.store_id,
          min(s.item_name) as item_name, count(distinct ${RECEPTION}) as receptions
        from sheets s
        group by grouping sets ((s.bucket, s.item_key, s.store_id, s.institution_id),
          (s.item_key, s.store_id, s.institution_id))),
      ranked as (
        select *, row_number() over (
          partition by whole, bucket, item_key, store_id order by receptions desc) as rank
        from per_institution)
      select whole, bucket, item_key, min(item_name) as item_name, null::text as item_yj,
        sum(receptions) as all, sum(receptions) filter (where rank = 1) as top1,
        sum(receptions) filter (where rank <= 3) as top3
      from ranked
      group by whole, bucket, item_key`,
    ['all', 'top1', 'top3'],
  );
}

const sheetSales = sql`sum(s.sales_yen)`;
const sheetCount = sql`count(*)`;
const patientCount = sql`count(distinct s.patient_id)`;

/** What each metric counts over the sheets `s` of a bucket and item, and its value from those. */
const SHEET_METRICS = {
  dispensing_sales: { counts: { yen: sheetSales }, value: (c: Counts) => c.yen! },
  prescription_counts: { counts: { sheets: sheetCount }, value: (c: Counts) => c.sheets! },
  prescription_unit_price: {
    counts: { yen: sheetSales, sheets: sheetCount },
    value: (c: Counts) => yenPer(c.yen!, c.sheets!),
  },
  reception_counts: {
    counts: { visits: sql`count(distinct ${RECEPTION})` },
    value: (c: Counts) => c.visits!,
  },
  patient_counts: { counts: { patients: patientCount }, value: (c: Counts) => c.patients! },
  patient_unit_price: {
    counts: { yen: sheetSales, patients: patientCount },
    value: (c: Counts) => yenPer(c.yen!, c.patients!),
  },
  medicine_note_rates: {
    counts: {
      used: sql`count(distinct ${RECEPTION}) filter (where s.medicine_notebook is true)`,
      asked: sql`count(distinct ${RECEPTION}) filter (where s.medicine_notebook is not null)`,
    },
    value: (c: Counts) => percentOf(c.used!, c.asked!),
  },
  new_reception_counts: {
    counts: { visits: sql`count(distinct ${RECEPTION}) filter (where s.visit_type = '新規')` },
    value: (c: Counts) => c.visits!,
  },
  re_reception_counts: {
    counts: { visits: sql`count(distinct ${RECEPTION}) filter (where s.visit_type = '再来')` },
    value: (c: Counts) => c.visits!,
  },
  prescriptions_per_pharmacist: {
    counts: {
      sheets: sql`count(s.pharmacist_id)`,
      days: sql`count(distinct (s.dispensing_date, s.pharmacist_id)) filter (where s.pharmacist_id is not null)`,
    },
    value: (c: Counts) => (c.days! > 0 ? Math.round((c.sheets! * 10) / c.days!) / 10 : null),
  },
} satisfies Partial<
  Record<MetricSlug, { counts: Record<string, RawBuilder<unknown>>; value: unknown }>
>;

const SHEET_LEVEL_SLUGS = [
  ...(Object.keys(SHEET_METRICS) as (keyof typeof SHEET_METRICS)[]),
  'prescription_concentration_rates',
  'prescription_concentration_rates_top3',
  'generic_dispensing_rates',
] as const;
export type SheetLevelSlug = (typeof SHEET_LEVEL_SLUGS)[number];

export const isSheetLevelSlug = (slug: MetricSlug): slug is SheetLevelSlug =>
  (SHEET_LEVEL_SLUGS as readonly MetricSlug[]).includes(slug);

export type Value = (counts: Counts) => number | null;

/** A metric of sheets broken down by a sheet item: its counts and its value from them. */
export async function countSheetMetric(
  db: Database,
  slug: SheetLevelSlug,
  query: MetricQuery,
  item: SheetItem,
): Promise<{ counted: Counted; value: Value }> {
  const sheets = sheetsWith(query, item);
  switch (slug) {
    case 'prescription_concentration_rates':
      return {
        counted: await countConcentration(db, sheets),
        value: (c) => percentOf(c.top1!, c.all!),
      };
    case 'prescription_concentration_rates_top3':
      return {
        counted: await countConcentration(db, sheets),
        value: (c) => percentOf(c.top3!, c.all!),
      };
    case 'generic_dispensing_rates': {
      // Quantities of the medicine lines of the sheets, of the classes the filter asks for.
      const counts = {
        generic: sql`sum(l.quantity) filter (where l.generic_class = 3)`,
        eligible: sql`sum(l.quantity) filter (where l.generic_class in (2, 3))`,
      };
      const classes = query.filters?.genericMedicine ?? [];
      const join = sql`join prescription_medicines l
        on l.corporation_id = s.corporation_id and l.prescription_id = s.id
        ${classes.length > 0 ? sql`and ${genericClassSelected('l', classes)}` : sql``}`;
      return {
        counted: await countSheets(db, sheets, counts, join),
        value: (c) => percentOf(c.generic!, c.eligible!),
      };
    }
    default: {
      const metric = SHEET_METRICS[slug];
      return { counted: await countSheets(db, sheets, metric.counts), value: metric.value };
    }
  }
}

/** How a page shows an item: its key and name, and its YJ code where it has one. */
export type ShowItem = (tally: Tally) => Pick<MetricSeries, 'key' | 'name' | 'yjCode'>;

/**
 * A series per item counted over the period, with a value for every bucket of the axis (a bucket
 * without facts has zero counts) and for the whole period.
 */
export function seriesOf(
  { names, tallies }: Counted,
  value: Value,
  query: MetricQuery,
  show: ShowItem,
): MetricSeries[] {
  const zero = Object.fromEntries(names.map((name) => [name, 0]));
  const valueOf = (counts: Counts | undefined) => value({ ...zero, ...counts });
  const buckets = periodBuckets(query, query.axis);
  const bucketsOfItem = new Map<string | null, Map<string | null, Counts>>();
  for (const t of tallies.filter((t) => !t.whole)) {
    const byBucket = bucketsOfItem.get(t.key) ?? new Map<string | null, Counts>();
    bucketsOfItem.set(t.key, byBucket.set(t.bucket, t.counts));
  }
  return tallies
    .filter((t) => t.whole)
    .map((whole) => {
      const byBucket = bucketsOfItem.get(whole.key);
      const { key, name, yjCode } = show(whole);
      return {
        key,
        name,
        ...(yjCode ? { yjCode } : {}),
        total: valueOf(whole.counts),
        rows: buckets.map((date) => ({ date, value: valueOf(byBucket?.get(date)) })),
      };
    });
}
