import {
  AGE_BAND_UNKNOWN,
  AGE_BANDS,
  FEE_CATEGORIES,
  type FeeCategory,
} from '@pharmalytics/domain';
import { sql, type RawBuilder } from 'kysely';
import type { AnalyticsDialect } from './executors.ts';

/**
 * The named columns metric definitions and breakdowns read where the two layouts differ: the
 * system of record computes them at query time from its own columns, the analytics replica
 * stores them on each sheet at sync time (replica-layout.ts), from the same expressions below.
 * Every other column a definition reads (`p.sales_yen`, `p.patient_id`, `l.quantity`, …) has the
 * same name and meaning in both layouts.
 */

/** Days since 2000-01-01 of the sheet `p`. */
const DAY_NUMBER = sql`(p.dispensing_date - date '2000-01-01')`;

/**
 * A reception (受付) on the system of record: one patient's visit with the sheets of one
 * institution, as one text key (store, day, institution, reception id; the only free text last,
 * so no two receptions share a key) in the "C" collation, so distinct counts compare bytes.
 */
const RECEPTION_TEXT = sql`(p.store_id || '|' || ${DAY_NUMBER} || '|' || p.institution_id || '|'
  || p.reception_id) collate "C"`;
/** A reception at a store whatever the institution (集中率 counts them by institution). */
const STORE_RECEPTION_TEXT = sql`(p.store_id || '|' || ${DAY_NUMBER} || '|' || p.reception_id)
  collate "C"`;
/** A pharmacist's working day as one number: days since 2000 × 2³² + pharmacist id. */
export const PHARMACIST_DAY = sql`${DAY_NUMBER}::bigint * 4294967296 + p.pharmacist_id`;

/** The hour of the sheet's reception time (null without one). */
export const RECEPTION_HOUR = sql`extract(hour from p.reception_time)::int`;

/**
 * A patient's age in whole years on a date, from the birth month (null without one): the same
 * expression on the system of record and on the replica.
 */
export function ageOnDate(
  date: RawBuilder<unknown>,
  birthMonth: RawBuilder<unknown>,
): RawBuilder<number | null> {
  return sql<number | null>`extract(year from age(${date}, ${birthMonth}))::int`;
}

/** The patient `pa`'s ten-year band (index of AGE_BANDS) on the sheet's date; null without a birth month. */
export const AGE_BAND_INDEX = (() => {
  const age = ageOnDate(sql`p.dispensing_date`, sql`pa.birth_month`);
  const cases = AGE_BANDS.slice(0, -1).map(
    (_, i) => sql`when ${age} < ${sql.lit((i + 1) * 10)} then ${sql.lit(i)}`,
  );
  // Literals, not parameters: the expression is also written into the replica's statements.
  return sql<number | null>`case when pa.birth_month is null then null ${sql.join(cases, sql` `)}
    else ${sql.lit(AGE_BANDS.length - 1)} end`;
})();

/** The label of an age band index (`AGE_BAND_INDEX`), 不明 for none. */
export const ageBandLabel = (index: RawBuilder<unknown>) =>
  sql<string>`case ${index} ${sql.join(
    AGE_BANDS.map((label, i) => sql`when ${sql.lit(i)} then ${sql.lit(label)}`),
    sql` `,
  )} else ${sql.lit(AGE_BAND_UNKNOWN)} end`;

/** The places of the patient `pa` the address page groups and searches by. */
export const PLACE_TEXTS = {
  zip: sql<string | null>`pa.zip_code`,
  /** 都道府県 + 市区町村; null when the address placed no city. */
  municipality: sql<string | null>`coalesce(pa.prefecture, '') || pa.city`,
  /** 市区町村 + 町域; null without a city. */
  address: sql<string | null>`pa.city || coalesce(pa.town, '')`,
  /** 都道府県 + 市区町村 + 町域, which the 住所別 prefix also matches. */
  fullAddress: sql<string>`coalesce(pa.prefecture, '') || coalesce(pa.city, '') || coalesce(pa.town, '')`,
} as const;

/** The index in FEE_CATEGORIES of the category of the fee line `alias`: the replica's category_id. */
export const feeCategoryIndex = (alias: string) =>
  sql<number>`case ${sql.ref(`${alias}.category`)} ${sql.join(
    FEE_CATEGORIES.map((c, i) => sql`when ${sql.lit(c)} then ${sql.lit(i)}`),
    sql` `,
  )} end`;

/**
 * The fee lines `alias` of some categories: by their category_id on the replica, where testing a
 * number took half the time of testing the texts (12 months of the 調剤技術料 page: 167 → 89 ms).
 */
export function feeCategoryTest(
  dialect: AnalyticsDialect,
  alias: string,
  categories: readonly FeeCategory[],
): RawBuilder<unknown> {
  return dialect === 'duckdb'
    ? sql`${sql.ref(`${alias}.category_id`)} in (${sql.join(
        categories.map((c) => sql.lit(FEE_CATEGORIES.indexOf(c))),
      )})`
    : sql`${sql.ref(`${alias}.category`)} in (${sql.join([...categories])})`;
}

/** The bit of a medicine class in a sheet's `generic_classes` (1 << class; class 0 for none). */
export const genericClassBit = (genericClass: RawBuilder<unknown>) =>
  sql<number>`(1 << coalesce(${genericClass}, 0))`;

/**
 * What a reception is counted for when one of its sheets meets it (new_reception_counts and the
 * others); on the replica each bit (1 << index) of the reception's first sheet's
 * reception_flags says whether any sheet of the reception meets the condition.
 */
export const RECEPTION_CONDITIONS = {
  notebook: sql`p.medicine_notebook`,
  notebookKnown: sql`p.medicine_notebook is not null`,
  newVisit: sql`p.visit_type = '新規'`,
  repeatVisit: sql`p.visit_type = '再来'`,
} as const;
export type ReceptionCondition = keyof typeof RECEPTION_CONDITIONS;

/** The bit of a condition in reception_flags. */
export const receptionBit = (condition: ReceptionCondition) =>
  1 << Object.keys(RECEPTION_CONDITIONS).indexOf(condition);

/**
 * The bit of reception_flags every sheet of a reception carries when its sheets name more than
 * one patient. A reception is one patient's visit on a receipt computer, but nothing in a file
 * guarantees it, and a patient's receptions are counted on first sheets only without it.
 */
export const SHARED_RECEPTION_BIT = 1 << Object.keys(RECEPTION_CONDITIONS).length;

/**
 * The named columns of the facts a metric definition counts: of the sheet `p`, or of the
 * medicine line `l` for the 後発 quantities when the facts are medicine lines.
 */
export interface FactColumns {
  /** 受付 as a value whose distinct count is the receptions. */
  reception: RawBuilder<unknown>;
  /** The count of the receptions, or of those with a sheet meeting a condition. */
  receptions: (condition?: ReceptionCondition) => RawBuilder<unknown>;
  /** The count of the receptions of one patient's sheets, grouped by patient (受付回数別). */
  patientReceptions: RawBuilder<unknown>;
  /** The reception at the store whatever the institution. */
  receptionAtStore: RawBuilder<unknown>;
  /** The pharmacist's working day (null without a pharmacist). */
  pharmacistDay: RawBuilder<unknown>;
  /** 後発 numerator and denominator quantities (summed; null adds nothing). */
  genericQuantity: RawBuilder<unknown>;
  eligibleQuantity: RawBuilder<unknown>;
}

const LINE_GENERIC = {
  genericQuantity: sql`case when l.generic_class = 3 then l.quantity end`,
  eligibleQuantity: sql`case when l.generic_class in (2, 3) then l.quantity end`,
};

const NO_LINE = sql`null`;

/** A distinct count of receptions `reception`, of those with a sheet meeting the condition. */
const distinctReceptions =
  (reception: RawBuilder<unknown>) =>
  (condition?: ReceptionCondition): RawBuilder<unknown> =>
    condition
      ? sql`count(distinct ${reception}) filter (where ${RECEPTION_CONDITIONS[condition]})`
      : sql`count(distinct ${reception})`;

/**
 * The receptions on the replica when the facts hold each reception whole, one group of it: its
 * first sheet counts it, with the conditions its sheets meet (bench-M, the dashboard's statement
 * of the sheets over 12 months: 173 ms with distinct counts, 62 ms so).
 */
const firstSheetReceptions = (condition?: ReceptionCondition): RawBuilder<unknown> =>
  condition
    ? sql`count(*) filter (where (p.reception_flags & ${sql.lit(receptionBit(condition))}) <> 0)`
    : sql`count(*) filter (where p.id = p.reception_key)`;

/**
 * A patient's receptions on the replica when the facts hold each reception whole: the first
 * sheets of the receptions that are the patient's alone, and the others counted as distinct
 * values (bench-M, 受付回数別 over 12 months on one thread: 41 ms as distinct values only, 28 ms
 * so).
 */
const FIRST_SHEET_PATIENT_RECEPTIONS = sql`count(*) filter (where p.id = p.reception_key
    and (p.reception_flags & ${sql.lit(SHARED_RECEPTION_BIT)}) = 0)
  + count(distinct p.reception_key) filter (
    where (p.reception_flags & ${sql.lit(SHARED_RECEPTION_BIT)}) <> 0)`;

/**
 * The columns of the sheets of a layout, and of their medicine lines when those are the facts.
 * `wholeReceptions`: the facts are sheets, and every sheet of a reception is either among them or
 * none is; `receptions` then also takes each reception to fall in one group, `patientReceptions`
 * groups by patient (engine.ts says when).
 */
export function factColumns(
  dialect: AnalyticsDialect,
  medicineLines: boolean,
  wholeReceptions = false,
): FactColumns {
  const onFirstSheets = dialect === 'duckdb' && wholeReceptions && !medicineLines;
  const reception = dialect === 'duckdb' ? sql`p.reception_key` : RECEPTION_TEXT;
  const sheet = {
    reception,
    receptions: onFirstSheets ? firstSheetReceptions : distinctReceptions(reception),
    patientReceptions: onFirstSheets
      ? FIRST_SHEET_PATIENT_RECEPTIONS
      : distinctReceptions(reception)(),
    ...(dialect === 'duckdb'
      ? { receptionAtStore: sql`p.store_reception_key`, pharmacistDay: sql`p.pharmacist_day` }
      : { receptionAtStore: STORE_RECEPTION_TEXT, pharmacistDay: PHARMACIST_DAY }),
  };
  if (medicineLines) return { ...sheet, ...LINE_GENERIC };
  return dialect === 'duckdb'
    ? {
        ...sheet,
        genericQuantity: sql`p.generic_quantity`,
        eligibleQuantity: sql`p.eligible_quantity`,
      }
    : { ...sheet, genericQuantity: NO_LINE, eligibleQuantity: NO_LINE };
}

/** Whether a layout's sheets carry the 後発 quantities of their medicines. */
export const sheetsCarryGenericQuantities = (dialect: AnalyticsDialect) => dialect === 'duckdb';

/** The line expressions the replica's sync sums into each sheet's 後発 quantities. */
export const MEDICINE_LINE_GENERIC = LINE_GENERIC;
