import {
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
import type { AnalyticsDialect } from './executors.ts';
import { AGE_BAND_INDEX, ageBandLabel, PLACE_TEXTS, RECEPTION_HOUR } from './fact-columns.ts';

/** What the query answers of an item, from which its display name follows. */
export interface ItemColumns {
  key: string;
  name: string | null;
  detail: string | null;
}

/**
 * What an analysis page breaks a metric down by, as SQL over the facts of its level: the
 * prescription `p`, its line `l` on a line level, its fee section `sec`, or on the system of
 * record its patient `pa` (joined by the breakdowns that read it: PATIENT_JOIN).
 * `key` is what the query groups by (an integer id where the layout has one); after the grouping,
 * `keyText` gives the item's key as text from the grouped `g.key` (an id or a code, '' for 不明;
 * by default the key itself), and `labels` joins the names of the item to `g`. `name` and
 * `detail` over the facts are taken as min() over the group since they follow from the key. The
 * item's display name is `label` of those (the domain's names), else `name`, else 不明.
 */
export interface BreakdownSql {
  key: RawBuilder<unknown>;
  name?: RawBuilder<string | null>;
  detail?: RawBuilder<string | null>;
  yjCode?: RawBuilder<string | null>;
  keyText?: RawBuilder<string>;
  labels?: {
    joins: RawBuilder<unknown>;
    name?: RawBuilder<unknown>;
    detail?: RawBuilder<unknown>;
    yjCode?: RawBuilder<unknown>;
  };
  /**
   * The names come from the medicines of the lines in scope, as `item_names` (code, name,
   * yj_code), which the engine writes over the same facts and conditions.
   */
  itemNames?: true;
  label?: (item: ItemColumns) => string;
  /** Tables the expressions over the facts need, joined after the facts. */
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

/** The grouped id as text, '' for none. */
const ID_TEXT = sql<string>`coalesce(g.key::text, '')`;

/** The patient of the sheet, for the breakdowns by a patient's attributes on the system of record. */
const PATIENT_JOIN = sql`left join patients pa
  on pa.corporation_id = p.corporation_id and pa.id = p.patient_id`;

/** 住所別 on the system of record: 都道府県 + 市区町村 + 町域 (or 市区町村 + 町域) starting with the text. */
function addressPrefix(prefix: string): RawBuilder<unknown> {
  const place = sql`coalesce(pa.city, '') || coalesce(pa.town, '')`;
  return sql`(starts_with(${PLACE_TEXTS.fullAddress}, ${prefix}) or starts_with(${place}, ${prefix}))`;
}

/** How a breakdown reads the facts of a layout. */
export interface BreakdownContext {
  dialect: AnalyticsDialect;
  corporationId: number;
  /** Whether the facts are the replica's lines alone (`l`; medicine lines carry item_id). */
  linesAlone?: boolean;
}

/** A breakdown by a name table's id: the names joined after the grouping. */
function byId(
  column: RawBuilder<unknown>,
  joins: RawBuilder<unknown>,
  labels: Omit<NonNullable<BreakdownSql['labels']>, 'joins'>,
  keyText: RawBuilder<string> = ID_TEXT,
): BreakdownSql {
  return { key: column, keyText, labels: { joins, ...labels } };
}

/** A breakdown by a patient's attribute: on the sheet in the replica, on its patient otherwise. */
function byPatient(
  { dialect }: BreakdownContext,
  replicaColumn: string,
  recordsKey: RawBuilder<unknown>,
  rest: Omit<BreakdownSql, 'key' | 'joins'>,
): BreakdownSql {
  return dialect === 'duckdb'
    ? { key: sql.ref(`p.${replicaColumn}`), ...rest }
    : { key: recordsKey, joins: PATIENT_JOIN, ...rest };
}

/** A breakdown by a place of the patient: a labels id in the replica, its text otherwise. */
function byPlace(
  context: BreakdownContext,
  replicaColumn: string,
  text: RawBuilder<unknown>,
  rest: Omit<BreakdownSql, 'key' | 'joins' | 'keyText' | 'labels'> = {},
): BreakdownSql {
  return context.dialect === 'duckdb'
    ? {
        key: sql.ref(`p.${replicaColumn}`),
        keyText: sql`coalesce(t.text, '')`,
        labels: { joins: sql`left join labels t on t.id = g.key` },
        ...rest,
      }
    : { key: text, keyText: sql`coalesce(g.key, '')`, joins: PATIENT_JOIN, ...rest };
}

/**
 * The medicine page's breakdown: a medicine line's code, named by the least name and YJ code of
 * its lines. On the replica's lines they are taken after the grouping from the medicines of the
 * lines in scope (replica-layout.ts, MEDICINE_LINE_KEYS).
 */
function medicine(context: BreakdownContext): BreakdownSql {
  if (context.dialect === 'duckdb' && context.linesAlone) {
    return {
      key: sql`l.code`,
      itemNames: true,
      labels: {
        joins: sql`left join item_names n on n.code = g.key`,
        name: sql`n.name`,
        yjCode: sql`n.yj_code`,
      },
    };
  }
  return { key: sql`l.code`, name: sql`l.name`, yjCode: sql`l.yj_code` };
}

function simple(
  breakdown: Exclude<Breakdown, 'address' | 'receptionCount'>,
  context: BreakdownContext,
): BreakdownSql {
  const corporation = sql.lit(context.corporationId);
  switch (breakdown) {
    case 'store':
      return byId(
        sql`p.store_id`,
        sql`left join stores s on s.corporation_id = ${corporation} and s.id = g.key`,
        { name: sql`s.name` },
        sql`s.store_code`,
      );
    case 'timeSlot':
      return {
        key: context.dialect === 'duckdb' ? sql`p.hour` : RECEPTION_HOUR,
        keyText: sql`coalesce(lpad(g.key::text, 2, '0'), '')`,
        label: unknownWithoutKey(timeSlotItemName),
      };
    case 'pharmacist':
      return byId(
        sql`p.pharmacist_id`,
        sql`left join pharmacists ph on ph.corporation_id = ${corporation} and ph.id = g.key`,
        { name: sql`coalesce(ph.name, ph.pharmacist_key)` },
      );
    // The section's index: grouping by a number, its key and name written after the grouping.
    case 'feeSection':
      return {
        key: sql`sec.key`,
        keyText: sql`case g.key ${sql.join(
          FEE_SECTIONS.map((s, i) => sql`when ${sql.lit(i)} then ${sql.lit(s.key)}`),
          sql` `,
        )} end`,
        label: ({ key }) => FEE_SECTIONS.find((s) => s.key === key)!.name,
      };
    case 'feeItem':
    case 'material':
      return { key: sql`l.code`, name: sql`l.name` };
    case 'medicine':
      return medicine(context);
    case 'clinic':
      return byId(
        sql`p.institution_id`,
        sql`left join medical_institutions m on m.corporation_id = ${corporation} and m.id = g.key`,
        { name: sql`m.name` },
        sql`m.code`,
      );
    // Doctors of one name at two institutions are two doctors: the name carries the institution.
    case 'doctor':
      return {
        ...byId(
          sql`p.doctor_id`,
          sql`left join doctors d on d.corporation_id = ${corporation} and d.id = g.key
            left join medical_institutions dm
              on dm.corporation_id = d.corporation_id and dm.id = d.institution_id`,
          { name: sql`d.name`, detail: sql`dm.name` },
        ),
        label: ({ name, detail }) =>
          name ? doctorItemName(name, detail ?? '') : UNKNOWN_ITEM_NAME,
      };
    case 'department':
      return byId(
        sql`p.department_id`,
        sql`left join clinical_departments cd
          on cd.corporation_id = ${corporation} and cd.id = g.key`,
        { name: sql`cd.name` },
      );
    case 'gender':
      return byPatient(context, 'gender', sql`pa.gender`, {
        keyText: ID_TEXT,
        label: ({ key }) => GENDER_ITEM_NAMES[Number(key)] ?? UNKNOWN_ITEM_NAME,
      });
    case 'ageBand':
      return byPatient(context, 'age_band', AGE_BAND_INDEX, {
        keyText: ageBandLabel(sql`g.key`),
        label: ({ key }) => key,
      });
    case 'receptionType':
      return { key: sql`p.reception_type`, label: ({ key }) => key };
    case 'insuranceType':
      return { key: sql`p.insurance_type`, label: ({ key }) => key };
  }
}

/** What the address page groups by: its mode, and the 住所別 prefix text. */
export interface AddressGrouping {
  mode: AddressModeKey;
  text: string;
}

function addressBreakdown(
  { mode, text }: AddressGrouping,
  context: BreakdownContext,
): BreakdownSql {
  switch (mode) {
    case 'zipCode':
      return byPlace(context, 'zip_id', PLACE_TEXTS.zip, {
        label: unknownWithoutKey(zipCodeItemName),
      });
    case 'city':
      return byPlace(context, 'municipality_id', PLACE_TEXTS.municipality, {
        label: unknownWithoutKey((key) => key),
      });
    case 'address': {
      const prefix = normalizeAddress(text);
      // The prefix is tested on the replica's few place texts, not on every sheet.
      const where =
        context.dialect === 'duckdb'
          ? [
              sql`p.address_id is not null`,
              sql`(p.full_address_id in (select id from labels where starts_with(text, ${prefix}))
                or p.address_id in (select id from labels where starts_with(text, ${prefix})))`,
            ]
          : [sql`pa.city is not null`, addressPrefix(prefix)];
      return byPlace(context, 'address_id', PLACE_TEXTS.address, {
        label: ({ key }) => key,
        where,
      });
    }
  }
}

/**
 * The SQL of a page's breakdown in a layout. `visits` is the per-patient reception count over
 * the period (a CTE `visits(patient_id, n)` the engine defines within the same scope and
 * filters); `address` is how the address page groups (by zip code when not given).
 */
export function breakdownSql(
  page: AnalysisPageDef,
  context: BreakdownContext,
  address: AddressGrouping = { mode: 'zipCode', text: '' },
): BreakdownSql {
  switch (page.breakdown) {
    case 'receptionCount':
      return {
        key: sql`least(v.n, ${sql.lit(RECEPTION_COUNT_CAP)})`,
        keyText: sql`g.key::text`,
        label: ({ key }) => receptionCountItemName(Number(key)),
        joins: sql`join visits v on v.patient_id = p.patient_id`,
      };
    case 'address':
      return addressBreakdown(address, context);
    default:
      return simple(page.breakdown, context);
  }
}

/** The yen of each sheet's four sections (FEE_SECTIONS), adding up to its sales exactly. */
const FEE_SECTION_YEN = [
  sql`round(p.technical_points * 10)::bigint`,
  sql`p.sales_yen - round(p.technical_points * 10)::bigint - p.medicine_yen - p.material_yen`,
  sql`p.medicine_yen`,
  sql`p.material_yen`,
];

/**
 * The dispensing-fee-score page's facts: the sheets `p` meeting the conditions, summed by day, and
 * each day as four rows `sec` (key: the index in FEE_SECTIONS) of its sections' yen and its
 * sheets. Summed before they are split: four rows of every sheet took four times as long.
 */
export function feeSectionFacts(conditions: readonly RawBuilder<unknown>[]): RawBuilder<unknown> {
  const yen = (i: number) => sql.ref(`yen${i}`);
  return sql`(select p.dispensing_date, ${sql.join(
    FEE_SECTION_YEN.map((e, i) => sql`sum(${e}) as ${yen(i)}`),
  )}, count(*) as sheets
    from prescriptions p
    where ${sql.join(conditions, sql` and `)}
    group by p.dispensing_date) p
  cross join lateral (values ${sql.join(
    FEE_SECTION_YEN.map((_, i) => sql`(${sql.lit(i)}, p.${yen(i)}, p.sheets)`),
  )}) as sec(key, yen, sheets)`;
}

export { ageOnDate } from './fact-columns.ts';
