import {
  AGE_BANDS,
  ageBandIndex,
  MARKET_SHARE_AGE_BANDS,
  mapCategoryByValue,
  type MapCategory,
  type MapCategoryValue,
  type PatientDistributionResponse,
} from '@pharmalytics/domain';
import { sql, type RawBuilder } from 'kysely';
import type { AnalysisScope } from '../access/analysis-scope.ts';
import { ageOnDate } from '../analytics/breakdowns.ts';
import { sheetConditions } from '../analytics/engine.ts';
import { executorOf } from '../analytics/executors.ts';
import type { AnswerSource } from '../analytics/metric-cache.ts';
import { rankCategories, type CategoryTally } from './distribution-categories.ts';

/** What the patient distribution map asks of the facts. */
export interface DistributionQuery {
  scope: AnalysisScope;
  from: string;
  to: string;
  category: MapCategoryValue;
  /** 医療機関コード of the filter (empty: every institution). */
  institutionCodes: readonly string[];
}

/** Patients at one town point in one category. */
export interface DistributionGroup {
  lat: number;
  lng: number;
  /** Index into `categories`. */
  category: number;
  patients: number;
}

/**
 * The map's patients, grouped by point and category (patients carry nothing else on the wire),
 * and the categories ranked: small enough to keep in the answer cache.
 */
export interface DistributionAnswer {
  categories: PatientDistributionResponse['categories'];
  groups: DistributionGroup[];
}

/**
 * One row per patient of the sheets: its item of the category, chosen from its sheets of the
 * period (`sheets`, a CTE over the facts in scope).
 * - 受付区分: the reception type of its latest sheet (date, then reception time, then the sheet
 *   loaded last);
 * - 医療機関 and 薬局別: the institution or store of most of its sheets, ties going to the one it
 *   saw last, then to the lower code;
 * - 年代別: the date of its last sheet, whose age is taken in the outer query.
 */
const ITEM_OF_PATIENT: Record<MapCategory['key'], RawBuilder<unknown>> = {
  receptionType: sql`select x.patient_id, x.reception_type as key, x.reception_type as name
    from (select s.patient_id, s.reception_type, row_number() over (partition by s.patient_id
        order by s.dispensing_date desc, s.reception_time desc nulls last, s.id desc) as n
      from sheets s) x
    where x.n = 1`,
  clinic: sql`select x.patient_id, x.key, x.name
    from (select s.patient_id, m.code as key, m.name, row_number() over (partition by s.patient_id
        order by count(*) desc, max(s.dispensing_date) desc, m.code) as n
      from sheets s join medical_institutions m
        on m.corporation_id = s.corporation_id and m.id = s.institution_id
      group by s.patient_id, m.code, m.name) x
    where x.n = 1`,
  pharmacy: sql`select x.patient_id, x.key, x.name
    from (select s.patient_id, st.store_code as key, st.name, row_number() over (
        partition by s.patient_id order by count(*) desc, max(s.dispensing_date) desc,
          st.store_code) as n
      from sheets s join stores st on st.corporation_id = s.corporation_id and st.id = s.store_id
      group by s.patient_id, st.store_code, st.name) x
    where x.n = 1`,
  age: sql`select s.patient_id, max(s.dispensing_date) as last_date
    from sheets s group by s.patient_id`,
};

/**
 * The statement: patients with a sheet in scope and a location, counted by town point and item
 * (for age, by point and age in years at the last sheet).
 */
function distributionStatement(query: DistributionQuery, category: MapCategory) {
  const conditions = sheetConditions(
    {
      scope: query.scope,
      from: query.from,
      to: query.to,
      filters: { medicalInstitutions: query.institutionCodes },
    },
    null,
  );
  const age = category.key === 'age';
  const item = age
    ? sql`${ageOnDate(sql`c.last_date`, sql`pa.birth_month`)} as key`
    : sql`c.key, c.name`;
  return sql<Record<string, unknown>>`with sheets as (
      select p.corporation_id, p.id, p.patient_id, p.store_id, p.institution_id,
        p.reception_type, p.dispensing_date, p.reception_time
      from prescriptions p
      where ${sql.join(conditions, sql` and `)}),
    chosen as (${ITEM_OF_PATIENT[category.key]})
    select pa.latitude as lat, pa.longitude as lng, ${item}, count(*) as patients
    from chosen c
    join patients pa on pa.corporation_id = ${query.scope.corporationId} and pa.id = c.patient_id
    where pa.latitude is not null and pa.longitude is not null
    group by ${age ? sql`1, 2, 3` : sql`1, 2, 3, 4`}`;
}

interface Row {
  lat: number;
  lng: number;
  key: string;
  name: string;
  order?: number;
  patients: number;
}

/** Rows of ages in years become rows of their age band (不明 without a birth month). */
function toAgeBand(age: unknown): Pick<Row, 'key' | 'name' | 'order'> {
  const band =
    age === null || age === undefined ? AGE_BANDS.length : ageBandIndex(Math.max(0, Number(age)));
  return { key: String(band), name: MARKET_SHARE_AGE_BANDS[band]!, order: band };
}

/**
 * The patient distribution of a scope: every patient with a sheet in the period at the scope's
 * stores (and of the filtered institutions), at its town point, in one category, and the
 * categories ranked (rankCategories). Patients without a location are left out of both. Runs on
 * the system of record or on the analytics replica, from the same statement.
 */
export async function computePatientDistribution(
  on: AnswerSource,
  query: DistributionQuery,
): Promise<DistributionAnswer> {
  if (query.scope.storeIds.length === 0) return { categories: [], groups: [] };
  const category = mapCategoryByValue(query.category);
  const rows: Row[] = (await executorOf(on).rows(distributionStatement(query, category))).map(
    (r) => ({
      lat: Number(r.lat),
      lng: Number(r.lng),
      ...(category.key === 'age' ? toAgeBand(r.key) : { key: String(r.key), name: String(r.name) }),
      patients: Number(r.patients),
    }),
  );
  const { categories, categoryOf } = rankCategories(tallyByItem(rows), category.value);
  return { categories, groups: groupByPoint(rows, categoryOf) };
}

/** Patients of each item over every point. */
function tallyByItem(rows: readonly Row[]): CategoryTally[] {
  const tallies = new Map<string, CategoryTally>();
  for (const { key, name, order, patients } of rows) {
    const tally = tallies.get(key) ?? { key, name, order, patients: 0 };
    tally.patients += patients;
    tallies.set(key, tally);
  }
  return [...tallies.values()];
}

/** Patients by point and ranked category (items folded into その他 add up), in category order. */
function groupByPoint(
  rows: readonly Row[],
  categoryOf: ReadonlyMap<string, number>,
): DistributionGroup[] {
  const groups = new Map<string, DistributionGroup>();
  for (const row of rows) {
    const category = categoryOf.get(row.key)!;
    const id = `${row.lat},${row.lng},${category}`;
    const group = groups.get(id) ?? { lat: row.lat, lng: row.lng, category, patients: 0 };
    group.patients += row.patients;
    groups.set(id, group);
  }
  return [...groups.values()].sort(
    (a, b) => a.category - b.category || a.lat - b.lat || a.lng - b.lng,
  );
}

/** The wire's patients of an answer: one per patient, in category order. */
export function distributionPatients(
  answer: DistributionAnswer,
): PatientDistributionResponse['patients'] {
  const patients: PatientDistributionResponse['patients'] = [];
  for (const group of answer.groups) {
    const categoryName = answer.categories[group.category]!.name;
    for (let i = 0; i < group.patients; i++) {
      patients.push({ location: { lat: group.lat, lng: group.lng }, categoryName });
    }
  }
  return patients;
}
