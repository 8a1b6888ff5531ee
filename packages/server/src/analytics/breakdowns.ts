import {
  AGE_BAND_UNKNOWN,
  AGE_BANDS,
  doctorItemName,
  FEE_SECTIONS,
  GENDER_ITEM_NAMES,
  normalizeAddress,
  RECEPTION_COUNT_CAP,
  receptionCountItemName,
  timeSlotItemName,
  UNKNOWN_ITEM_NAME,
  zipCodeItemName,
  type AddressModeKey,
  type AnalysisPageDef,
  type Breakdown,
} from '@pharmalytics/domain';
import { sql, type RawBuilder } from 'kysely';

/** What the query answers of an item, from which its display name follows. */
export interface ItemColumns {
  key: string;
  name: string | null;
  detail: string | null;
}

/**
 * What an analysis page breaks a metric down by, as SQL over the facts of its level: the
 * prescription `p`, its line `l` on a line level, its fee section `sec`, or its patient `pa`
 * (joined by the breakdowns that read it: PATIENT_JOIN).
 * `key` identifies an item (an id or a code, '' for 不明) and is what the query groups by; `name`
 * and `detail` are taken as min() over the group since they follow from the key. The item's
 * display name is `label` of those (the domain's names), else `name`, else 不明.
 */
export interface BreakdownSql {
  key: RawBuilder<string>;
  name?: RawBuilder<string | null>;
  detail?: RawBuilder<string | null>;
  label?: (item: ItemColumns) => string;
  yjCode?: RawBuilder<string | null>;
  /** Tables the expressions need, joined after the facts. */
  joins?: RawBuilder<unknown>;
  /** Conditions on the facts the breakdown counts at all. */
  where?: RawBuilder<unknown>[];
}

/** The display name of an item. */
export function itemName(breakdown: BreakdownSql, item: ItemColumns): string {
  return breakdown.label?.(item) ?? item.name ?? UNKNOWN_ITEM_NAME;
}

const unknownWithoutKey = (name: (key: string) => string) => (item: ItemColumns) =>
  item.key === '' ? UNKNOWN_ITEM_NAME : name(item.key);

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

/** Age on the dispensing date in ten-year bands (AGE_BANDS), 不明 without a birth month. */
function ageBand(): RawBuilder<string> {
  const age = ageOnDate(sql`p.dispensing_date`, sql`pa.birth_month`);
  const cases = AGE_BANDS.map((label, i) =>
    i === AGE_BANDS.length - 1
      ? sql`else ${sql.lit(label)}`
      : sql`when ${age} < ${sql.lit((i + 1) * 10)} then ${sql.lit(label)}`,
  );
  // Literals, not parameters: the same expression must appear in SELECT and GROUP BY.
  return sql<string>`case when pa.birth_month is null then ${sql.lit(AGE_BAND_UNKNOWN)} ${sql.join(cases, sql` `)} end`;
}

/** 住所別: patients whose 都道府県 + 市区町村 + 町域 (or 市区町村 + 町域) start with the text. */
function addressPrefix(text: string): RawBuilder<unknown> {
  const prefix = normalizeAddress(text);
  const place = sql`coalesce(pa.city, '') || coalesce(pa.town, '')`;
  return sql`(starts_with(coalesce(pa.prefecture, '') || ${place}, ${prefix})
    or starts_with(${place}, ${prefix}))`;
}

/** The patient of the sheet, for the breakdowns by a patient's attributes only. */
const PATIENT_JOIN = sql`left join patients pa
  on pa.corporation_id = p.corporation_id and pa.id = p.patient_id`;

const HOUR = sql`lpad(extract(hour from p.reception_time)::int::text, 2, '0')`;

const SIMPLE: Record<Exclude<Breakdown, 'address' | 'receptionCount'>, BreakdownSql> = {
  store: {
    key: sql`s.store_code`,
    name: sql`s.name`,
    joins: sql`join stores s on s.corporation_id = p.corporation_id and s.id = p.store_id`,
  },
  timeSlot: { key: sql`coalesce(${HOUR}, '')`, label: unknownWithoutKey(timeSlotItemName) },
  pharmacist: {
    key: sql`coalesce(p.pharmacist_id::text, '')`,
    name: sql`coalesce(ph.name, ph.pharmacist_key)`,
    joins: sql`left join pharmacists ph
      on ph.corporation_id = p.corporation_id and ph.id = p.pharmacist_id`,
  },
  feeSection: { key: sql`sec.key`, name: sql`sec.name` },
  feeItem: { key: sql`l.code`, name: sql`l.name` },
  medicine: { key: sql`l.code`, name: sql`l.name`, yjCode: sql`l.yj_code` },
  material: { key: sql`l.code`, name: sql`l.name` },
  clinic: {
    key: sql`m.code`,
    name: sql`m.name`,
    joins: sql`join medical_institutions m
      on m.corporation_id = p.corporation_id and m.id = p.institution_id`,
  },
  // Doctors of one name at two institutions are two doctors: the name carries the institution.
  doctor: {
    key: sql`coalesce(p.doctor_id::text, '')`,
    name: sql`d.name`,
    detail: sql`dm.name`,
    label: ({ name, detail }) => (name ? doctorItemName(name, detail ?? '') : UNKNOWN_ITEM_NAME),
    joins: sql`left join doctors d on d.corporation_id = p.corporation_id and d.id = p.doctor_id
      left join medical_institutions dm
        on dm.corporation_id = d.corporation_id and dm.id = d.institution_id`,
  },
  department: {
    key: sql`coalesce(p.department_id::text, '')`,
    name: sql`cd.name`,
    joins: sql`left join clinical_departments cd
      on cd.corporation_id = p.corporation_id and cd.id = p.department_id`,
  },
  gender: {
    key: sql`coalesce(pa.gender::text, '')`,
    joins: PATIENT_JOIN,
    label: ({ key }) => GENDER_ITEM_NAMES[Number(key)] ?? UNKNOWN_ITEM_NAME,
  },
  ageBand: { key: ageBand(), label: ({ key }) => key, joins: PATIENT_JOIN },
  receptionType: { key: sql`p.reception_type`, label: ({ key }) => key },
  insuranceType: { key: sql`p.insurance_type`, label: ({ key }) => key },
};

/** What the address page groups by: its mode, and the 住所別 prefix text. */
export interface AddressGrouping {
  mode: AddressModeKey;
  text: string;
}

/** The patient's municipality (都道府県 + 市区町村), '' when the address placed no city. */
const MUNICIPALITY = sql<string>`coalesce(coalesce(pa.prefecture, '') || pa.city, '')`;

const ADDRESS_BREAKDOWNS: Record<AddressModeKey, (text: string) => BreakdownSql> = {
  zipCode: () => ({
    key: sql`coalesce(pa.zip_code, '')`,
    label: unknownWithoutKey(zipCodeItemName),
    joins: PATIENT_JOIN,
  }),
  city: () => ({
    key: MUNICIPALITY,
    label: unknownWithoutKey((key) => key),
    joins: PATIENT_JOIN,
  }),
  address: (text) => ({
    key: sql`pa.city || coalesce(pa.town, '')`,
    label: ({ key }) => key,
    joins: PATIENT_JOIN,
    where: [sql`pa.city is not null`, addressPrefix(text)],
  }),
};

/**
 * The SQL of a page's breakdown. `visits` is the per-patient reception count over the period
 * (a CTE `visits(patient_id, n)` the engine defines within the same scope and filters);
 * `address` is how the address page groups (by zip code when not given).
 */
export function breakdownSql(
  page: AnalysisPageDef,
  address: AddressGrouping = { mode: 'zipCode', text: '' },
): BreakdownSql {
  switch (page.breakdown) {
    case 'receptionCount':
      return {
        key: sql`least(v.n, ${sql.lit(RECEPTION_COUNT_CAP)})::text`,
        label: ({ key }) => receptionCountItemName(Number(key)),
        joins: sql`join visits v on v.patient_id = p.patient_id`,
      };
    case 'address':
      return ADDRESS_BREAKDOWNS[address.mode](address.text);
    default:
      return SIMPLE[page.breakdown];
  }
}

/** The four sections of each sheet (FEE_SECTIONS), in yen adding up to its sales exactly. */
export const FEE_SECTION_ROWS = sql`cross join lateral (values
  (${sql.lit(FEE_SECTIONS[0].key)}, ${sql.lit(FEE_SECTIONS[0].name)}, round(p.technical_points * 10)::bigint),
  (${sql.lit(FEE_SECTIONS[1].key)}, ${sql.lit(FEE_SECTIONS[1].name)},
    p.sales_yen - round(p.technical_points * 10)::bigint - p.medicine_yen - p.material_yen),
  (${sql.lit(FEE_SECTIONS[2].key)}, ${sql.lit(FEE_SECTIONS[2].name)}, p.medicine_yen),
  (${sql.lit(FEE_SECTIONS[3].key)}, ${sql.lit(FEE_SECTIONS[3].name)}, p.material_yen)
) as sec(key, name, yen)`;
