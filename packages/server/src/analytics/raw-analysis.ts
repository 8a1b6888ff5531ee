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
  type AnalysisPageDef,
  type Breakdown,
  type FactLevel,
  type MetricSlug,
} from '@pharmalytics/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/connection.ts';
import type { AddressGrouping } from './breakdowns.ts';
import type { MetricQuery, MetricSeries } from './engine.ts';
import {
  countSheetMetric,
  countSheets,
  genericClassSelected,
  isSheetLevelSlug,
  NO_ITEM,
  PATIENT_RECEPTIONS,
  runCounts,
  seriesOf,
  sheetsWith,
  yenPer,
  type Counted,
  type Counts,
  type SheetItem,
  type ShowItem,
  type Tally,
  type Value,
} from './raw-facts.ts';

/**
 * The analysis pages' metrics computed a second, independent way: the /v2/ twin of the engine,
 * written apart from its definitions (breakdowns.ts, metric-definitions.ts) on the counting of
 * raw-facts.ts. A sheet page counts the sheets in scope by the item each one has; a line page
 * counts the lines of its kind by their code; the 4大構成区分 page splits each bucket's sales into
 * the four sections of the claim.
 */

/** A metric the page does not offer: the routes let none through, so a programming error. */
const notCounted = (slug: MetricSlug, page: AnalysisPageDef) =>
  new Error(`${slug} is not counted on the ${page.family} page`);

/** An item the facts name: its key, name and YJ code as they are. */
const asNamed: ShowItem = (t) => ({
  key: t.key,
  name: t.name as string,
  yjCode: t.yjCode ?? undefined,
});
/** An item whose key is its name. */
const asKey: ShowItem = (t) => ({ key: t.key, name: t.key });
/** An item the facts may leave unknown (no key): keyed '' and named 不明 then. */
const orUnknown =
  (name: (key: string, t: Tally) => string): ShowItem =>
  (t) =>
    t.key === null ? { key: '', name: UNKNOWN_ITEM_NAME } : { key: t.key, name: name(t.key, t) };

/** The patient's age in whole years on the dispensing date (birth months start on the 1st). */
const AGE = sql`extract(year from s.dispensing_date)::int - extract(year from pa.birth_month)::int
  - case when to_char(s.dispensing_date, 'MMDD') < to_char(pa.birth_month, 'MMDD') then 1 else 0 end`;

/** The patient's municipality (都道府県 + 市区町村); null when the address placed no city. */
const MUNICIPALITY = sql`coalesce(pa.prefecture, '') || pa.city`;

/** The patient's town (市区町村 + 町域). */
const TOWN = sql`pa.city || coalesce(pa.town, '')`;

/** Patients whose 都道府県 + 市区町村 + 町域, or 市区町村 + 町域, begin with the text asked. */
function townStartsWith(text: string): RawBuilder<unknown> {
  const prefix = normalizeAddress(text);
  return sql`(starts_with(coalesce(pa.prefecture, '') || ${TOWN}, ${prefix})
    or starts_with(${TOWN}, ${prefix}))`;
}

type SheetBreakdown = Exclude<Breakdown, 'feeSection' | 'feeItem' | 'medicine' | 'material'>;

/** The address page's item: the zip code, the municipality, or the town under the text. */
function addressBreakdown(address: AddressGrouping): { item: SheetItem; show: ShowItem } {
  switch (address.mode) {
    case 'zipCode':
      return { item: { key: sql`pa.zip_code` }, show: orUnknown(zipCodeItemName) };
    case 'city':
      return { item: { key: MUNICIPALITY }, show: orUnknown((key) => key) };
    case 'address':
      return {
        item: { key: TOWN, where: [sql`pa.city is not null`, townStartsWith(address.text)] },
        show: asKey,
      };
  }
}

/** The item of each sheet `s` on a sheet page, and how the page shows it. */
function sheetBreakdown(
  breakdown: SheetBreakdown,
  address: AddressGrouping,
): { item: SheetItem; show: ShowItem } {
  switch (breakdown) {
    case 'store':
      return {
        item: {
          key: sql`st.store_code`,
          name: sql`st.name`,
          joins: sql`join stores st on st.corporation_id = s.corporation_id and st.id = s.store_id`,
        },
        show: asNamed,
      };
    case 'timeSlot':
      // A time's text begins with its two-digit hour.
      return {
        item: { key: sql`left(s.reception_time::text, 2)` },
        show: orUnknown(timeSlotItemName),
      };
    case 'pharmacist':
      return {
        item: {
          key: sql`s.pharmacist_id`,
          name: sql`coalesce(ph.name, ph.pharmacist_key)`,
          joins: sql`left join pharmacists ph
            on ph.corporation_id = s.corporation_id and ph.id = s.pharmacist_id`,
        },
        show: orUnknown((_, t) => t.name as string),
      };
    case 'clinic':
      return {
        item: {
          key: sql`mi.code`,
          name: sql`mi.name`,
          joins: sql`join medical_institutions mi
            on mi.corporation_id = s.corporation_id and mi.id = s.institution_id`,
        },
        show: asNamed,
      };
    case 'doctor':
      return {
        item: {
          key: sql`s.doctor_id`,
          name: sql`array[dr.name, dmi.name]`,
          joins: sql`left join doctors dr on dr.corporation_id = s.corporation_id and dr.id = s.doctor_id
            left join medical_institutions dmi
              on dmi.corporation_id = dr.corporation_id and dmi.id = dr.institution_id`,
        },
        show: orUnknown((_, t) => {
          const [doctor, institution] = t.name as [string, string];
          return doctorItemName(doctor, institution);
        }),
      };
    case 'department':
      return {
        item: {
          key: sql`s.department_id`,
          name: sql`cd.name`,
          joins: sql`left join clinical_departments cd
            on cd.corporation_id = s.corporation_id and cd.id = s.department_id`,
        },
        show: orUnknown((_, t) => t.name as string),
      };
    case 'gender':
      return {
        item: { key: sql`pa.gender` },
        show: orUnknown((key) => GENDER_ITEM_NAMES[Number(key)]!),
      };
    case 'ageBand':
      // The index of the age band; the last band holds every older age.
      return {
        item: {
          key: sql`case when pa.birth_month is not null
            then least(greatest(${AGE}, 0) / 10, ${AGE_BANDS.length - 1}) end`,
        },
        show: (t) => {
          const band = t.key === null ? AGE_BAND_UNKNOWN : AGE_BANDS[Number(t.key)]!;
          return { key: band, name: band };
        },
      };
    case 'receptionType':
      return { item: { key: sql`s.reception_type` }, show: asKey };
    case 'insuranceType':
      return { item: { key: sql`s.insurance_type` }, show: asKey };
    case 'receptionCount':
      return {
        item: { key: sql`least(${PATIENT_RECEPTIONS}, ${RECEPTION_COUNT_CAP})` },
        show: (t) => ({ key: t.key, name: receptionCountItemName(Number(t.key)) }),
      };
    case 'address':
      return addressBreakdown(address);
    default:
      throw new Error(`${String(breakdown satisfies never)} is no breakdown of sheets`);
  }
}

/**
 * The 4大構成区分 page: per bucket the sheets, their sales, 調剤技術料 (each sheet's technical
 * points × 10, rounded to the yen) and the yen of their medicine and material lines.
 */
async function countFeeSections(db: Database, query: MetricQuery): Promise<Counted> {
  // Each sheet's line yen joined from a sum per sheet, not a subquery per sheet: Citus plans no
  // correlated subquery under grouping sets.
  const linesYen = (table: string, alias: string) => sql`left join (
      select x.corporation_id, x.prescription_id, sum(x.amount_yen) as yen
      from ${sql.table(table)} x
      where x.corporation_id = ${query.scope.corporationId}
      group by x.corporation_id, x.prescription_id) ${sql.raw(alias)}
    on ${sql.raw(alias)}.corporation_id = s.corporation_id and ${sql.raw(alias)}.prescription_id = s.id`;
  const counted = await countSheets(
    db,
    sheetsWith(query, NO_ITEM),
    {
      sheets: sql`count(*)`,
      sales: sql`sum(s.sales_yen)`,
      technical: sql`sum(round(s.technical_points * 10))`,
      medicine: sql`sum(med.yen)`,
      material: sql`sum(mat.yen)`,
    },
    sql`${linesYen('prescription_medicines', 'med')} ${linesYen('prescription_materials', 'mat')}`,
  );
  // Each section's yen, in the order of FEE_SECTIONS: 薬学管理料 is what the other three leave.
  const sectionsYen = (c: Counts) => [
    c.technical!,
    c.sales! - c.technical! - c.medicine! - c.material!,
    c.medicine!,
    c.material!,
  ];
  return {
    names: ['yen', 'sheets'],
    tallies: counted.tallies.flatMap((t) => {
      const yen = sectionsYen(t.counts);
      return FEE_SECTIONS.map((section, i) => ({
        ...t,
        key: section.key,
        name: section.name,
        counts: { yen: yen[i]!, sheets: t.counts.sheets! },
      }));
    }),
  };
}

const FEE_SECTION_VALUES: Partial<Record<MetricSlug, Value>> = {
  dispensing_sales: (c) => c.yen!,
  // A section's yen over every sheet, so that the four add up to the sheets' unit price.
  prescription_unit_price: (c) => yenPer(c.yen!, c.sheets!),
};

type LineLevel = Exclude<FactLevel, 'sheet'>;

const LINE_TABLES: Record<LineLevel, string> = {
  feeLine: 'prescription_fees',
  medicineLine: 'prescription_medicines',
  materialLine: 'prescription_materials',
};

/** What each metric sums over the lines `l` of a line page, its value being that sum. */
const LINE_SUMS: Record<LineLevel, Partial<Record<MetricSlug, RawBuilder<unknown>>>> = {
  feeLine: {
    // A fee's points per calculation, times its calculations, at 10 yen a point.
    dispensing_sales: sql`round(sum(l.points * l.count * 10))`,
    calculation_counts: sql`sum(l.count)`,
  },
  medicineLine: {
    medicine_price_amount: sql`sum(l.amount_yen)`,
    counts: sql`sum(l.quantity)`,
  },
  materialLine: {
    dispensing_sales: sql`sum(l.amount_yen)`,
    counts: sql`sum(l.quantity)`,
  },
};

/** A line page: the lines of its kind (and fee categories) on the sheets in scope, by code. */
function countLines(
  db: Database,
  slug: MetricSlug,
  query: MetricQuery,
  page: AnalysisPageDef & { factLevel: LineLevel },
): Promise<Counted> {
  const sum = LINE_SUMS[page.factLevel][slug];
  if (!sum) throw notCounted(slug, page);
  const conditions: RawBuilder<unknown>[] = [];
  if (page.feeCategories) {
    conditions.push(sql`l.category = any(${[...page.feeCategories]}::text[])`);
  }
  const classes = query.filters?.genericMedicine ?? [];
  if (page.factLevel === 'medicineLine' && classes.length > 0) {
    // On medicine lines the generic filter selects the lines themselves.
    conditions.push(genericClassSelected('l', classes));
  }
  const medicine = page.factLevel === 'medicineLine';
  return runCounts(
    db,
    sql`${sheetsWith(query, NO_ITEM)}
      select grouping(s.bucket) = 1 as whole, s.bucket, l.code as item_key,
        min(l.name) as item_name, ${medicine ? sql`min(l.yj_code)` : sql`null::text`} as item_yj,
        ${sum} as amount
      from sheets s
      join ${sql.table(LINE_TABLES[page.factLevel])} l
        on l.corporation_id = s.corporation_id and l.prescription_id = s.id
      ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
      group by grouping sets ((s.bucket, l.code), (l.code))`,
    ['amount'],
  );
}

const isLinePage = (page: AnalysisPageDef): page is AnalysisPageDef & { factLevel: LineLevel } =>
  page.factLevel !== 'sheet';

/** An analysis page's metric over a period: a series per item of its breakdown (the /v2/ twin). */
export async function computeAnalysisFromFacts(
  db: Database,
  slug: MetricSlug,
  query: MetricQuery,
): Promise<MetricSeries[]> {
  const page = query.page;
  if (!page) throw new Error('the analysis twin computes pages only');
  if (page.breakdown === 'feeSection') {
    const value = FEE_SECTION_VALUES[slug];
    if (!value) throw notCounted(slug, page);
    return seriesOf(await countFeeSections(db, query), value, query, asNamed);
  }
  if (isLinePage(page)) {
    return seriesOf(await countLines(db, slug, query, page), (c) => c.amount!, query, asNamed);
  }
  if (!isSheetLevelSlug(slug)) throw notCounted(slug, page);
  const { item, show } = sheetBreakdown(
    page.breakdown as SheetBreakdown,
    query.address ?? { mode: 'zipCode', text: '' },
  );
  const { counted, value } = await countSheetMetric(db, slug, query, item);
  return seriesOf(counted, value, query, show);
}
