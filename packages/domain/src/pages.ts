import type { FeeCategory } from './dispensing.ts';
import {
  AGE_SORT_OPTIONS,
  compareAgeGroups,
  compareReceptionCounts,
  compareTimeSlots,
  DEFAULT_AGE_SORT,
  type AgeSortValue,
} from './filters.ts';
import { changeUnitOf } from './format.ts';
import { metricBySlug, type Metric, type MetricSlug } from './metrics.ts';
import { bucketText } from './period-ranges.ts';
import type { TimeAxisValue } from './periods.ts';
import type { RouteName } from './routes.ts';

/** Path families of the analysis chart calls: GET /v3/{family}/{metric slug} (DESIGN §7). */
export const ANALYSIS_FAMILIES = [
  'pharmacy',
  'timeslot',
  'pharmacist',
  'dispensing_fee_score',
  'dispensing_technical_fee',
  'medicine_prepared_fee_add',
  'pharmacy_management_fee',
  'pharmacy_management_fee_add',
  'medicine_fee',
  'medical_material_fee',
  'clinic',
  'doctor',
  'clinical_department',
  'gender',
  'age',
  'reception_type',
  'reception_count',
  'insurance_type',
  'address',
] as const;

export type AnalysisFamily = (typeof ANALYSIS_FAMILIES)[number];

/**
 * What a page breaks its metric down by. Each item of a breakdown is keyed by an id or code and
 * carries its display name separately (docs/metrics.md, "Page families").
 */
export type Breakdown =
  | 'store'
  | 'timeSlot'
  | 'pharmacist'
  | 'feeSection'
  | 'feeItem'
  | 'medicine'
  | 'material'
  | 'clinic'
  | 'doctor'
  | 'department'
  | 'gender'
  | 'ageBand'
  | 'receptionType'
  | 'receptionCount'
  | 'insuranceType'
  | 'address';

/**
 * The facts a page counts: prescription sheets, or the lines of one kind on them. On a line level
 * the sales metric is the lines' own amount, not the whole sheet's.
 */
export type FactLevel = 'sheet' | 'feeLine' | 'medicineLine' | 'materialLine';

/** How the series of a page are ordered (spec 02 §9). */
export type SeriesOrder = 'total' | 'ageGroup' | 'timeSlot' | 'receptionCount';

export interface AnalysisPageDef {
  route: RouteName;
  family: AnalysisFamily;
  breakdown: Breakdown;
  factLevel: FactLevel;
  /** The fee categories a fee-line page counts (all lines of its level when absent). */
  feeCategories?: readonly FeeCategory[];
  order: SeriesOrder;
  /** Header of the item column of the breakdown table and its CSV. */
  itemLabel: string;
  /** Metric dropdown choices, in display order. */
  metrics: readonly MetricSlug[];
  defaultMetric: MetricSlug;
}

const SALES = 'dispensing_sales';
const PRESCRIPTIONS = 'prescription_counts';
const UNIT_PRICE = 'prescription_unit_price';
const RECEPTIONS = 'reception_counts';
const PATIENTS = 'patient_counts';
const PATIENT_UNIT_PRICE = 'patient_unit_price';
const CONCENTRATION = 'prescription_concentration_rates';
const CONCENTRATION_TOP3 = 'prescription_concentration_rates_top3';
const GENERIC_RATE = 'generic_dispensing_rates';
const MEDICINE_NOTE_RATE = 'medicine_note_rates';
const MEDICINE_AMOUNT = 'medicine_price_amount';
const QUANTITY = 'counts';
const CALCULATIONS = 'calculation_counts';

const PATIENT_DIMENSION_METRICS = [
  SALES,
  PRESCRIPTIONS,
  UNIT_PRICE,
  PATIENTS,
  GENERIC_RATE,
] as const;
const FEE_ITEM_METRICS = [SALES, CALCULATIONS] as const;
const PRESCRIBER_METRICS = [SALES, PRESCRIPTIONS, PATIENTS, GENERIC_RATE] as const;

/** 調剤技術料 (別表第三 第1節): 調剤基本料 and 薬剤調製料 with their 加算. */
export const TECHNICAL_FEE_CATEGORIES = [
  '調剤基本料',
  '調剤基本料加算',
  '薬剤調製料',
  '薬剤調製料加算',
] as const satisfies readonly FeeCategory[];

/**
 * The four sections a claim is composed of (四大構成区分), keyed as the dispensing-fee-score page
 * keys its series. 薬学管理料 takes the fee categories outside TECHNICAL_FEE_CATEGORIES.
 */
export const FEE_SECTIONS = [
  { key: '1', name: '調剤技術料' },
  { key: '2', name: '薬学管理料' },
  { key: '3', name: '薬剤料' },
  { key: '4', name: '特定保険医療材料料' },
] as const;

/** The name of a breakdown item the facts leave unknown (no pharmacist, no zip code…). */
export const UNKNOWN_ITEM_NAME = '不明';

/** Names of the gender page's items, by the patient's gender code. */
export const GENDER_ITEM_NAMES: Readonly<Record<number, string>> = { 1: '男性', 2: '女性' };

/** A time slot by the two digits of its hour: '09' → '09時台'. */
export const timeSlotItemName = (hour: string): string => `${hour}時台`;

/** Receptions in the period from which patients share one item of the reception-count page. */
export const RECEPTION_COUNT_CAP = 10;

/** An item of the reception-count page: '1回' … '9回', '10回以上'. */
export const receptionCountItemName = (receptions: number): string =>
  receptions >= RECEPTION_COUNT_CAP ? `${RECEPTION_COUNT_CAP}回以上` : `${receptions}回`;

/** A zip code item of the address page: '8120011' → '〒812-0011'. */
export const zipCodeItemName = (zip: string): string => `〒${zip.slice(0, 3)}-${zip.slice(3)}`;

/** A doctor item: doctors of one name at two institutions stay apart by the institution's name. */
export const doctorItemName = (doctor: string, institution: string): string =>
  `${doctor}（${institution}）`;

/** The shared analysis page per dimension: metrics and default metric (spec 02 §9). */
export const ANALYSIS_PAGES = [
  {
    route: 'DispensingPharmacy',
    family: 'pharmacy',
    itemLabel: '店舗',
    breakdown: 'store',
    factLevel: 'sheet',
    order: 'total',
    metrics: [
      SALES,
      PRESCRIPTIONS,
      UNIT_PRICE,
      RECEPTIONS,
      PATIENTS,
      PATIENT_UNIT_PRICE,
      CONCENTRATION,
      CONCENTRATION_TOP3,
      GENERIC_RATE,
      MEDICINE_NOTE_RATE,
      // Beyond spec 02 §9: every metric of the dashboard and the scorecard by store.
      'new_reception_counts',
      're_reception_counts',
      'prescriptions_per_pharmacist',
    ],
    defaultMetric: SALES,
  },
  {
    route: 'Timeslot',
    family: 'timeslot',
    itemLabel: '時間帯',
    breakdown: 'timeSlot',
    factLevel: 'sheet',
    order: 'timeSlot',
    metrics: [PRESCRIPTIONS],
    defaultMetric: PRESCRIPTIONS,
  },
  {
    route: 'Pharmacist',
    family: 'pharmacist',
    itemLabel: '薬剤師',
    breakdown: 'pharmacist',
    factLevel: 'sheet',
    order: 'total',
    metrics: [SALES, PRESCRIPTIONS, UNIT_PRICE, PATIENTS],
    defaultMetric: PRESCRIPTIONS,
  },
  {
    route: 'DispensingFeeScore',
    family: 'dispensing_fee_score',
    itemLabel: '区分',
    breakdown: 'feeSection',
    factLevel: 'sheet',
    order: 'total',
    metrics: [SALES, UNIT_PRICE],
    defaultMetric: SALES,
  },
  {
    route: 'DispensingTechnicalFee',
    family: 'dispensing_technical_fee',
    itemLabel: '項目',
    breakdown: 'feeItem',
    factLevel: 'feeLine',
    feeCategories: TECHNICAL_FEE_CATEGORIES,
    order: 'total',
    metrics: [SALES],
    defaultMetric: SALES,
  },
  {
    route: 'MedicinePreparedFeeAddition',
    family: 'medicine_prepared_fee_add',
    itemLabel: '項目',
    breakdown: 'feeItem',
    factLevel: 'feeLine',
    feeCategories: ['薬剤調製料加算'],
    order: 'total',
    metrics: FEE_ITEM_METRICS,
    defaultMetric: CALCULATIONS,
  },
  {
    route: 'PharmacyManagementFee',
    family: 'pharmacy_management_fee',
    itemLabel: '項目',
    breakdown: 'feeItem',
    factLevel: 'feeLine',
    feeCategories: ['薬学管理料'],
    order: 'total',
    metrics: FEE_ITEM_METRICS,
    defaultMetric: CALCULATIONS,
  },
  {
    route: 'PharmacyManagementFeeAddition',
    family: 'pharmacy_management_fee_add',
    itemLabel: '項目',
    breakdown: 'feeItem',
    factLevel: 'feeLine',
    feeCategories: ['薬学管理料加算'],
    order: 'total',
    metrics: FEE_ITEM_METRICS,
    defaultMetric: CALCULATIONS,
  },
  {
    route: 'MedicineFee',
    family: 'medicine_fee',
    itemLabel: '医薬品',
    breakdown: 'medicine',
    factLevel: 'medicineLine',
    order: 'total',
    metrics: [MEDICINE_AMOUNT, QUANTITY],
    defaultMetric: QUANTITY,
  },
  {
    route: 'MedicalMaterialFee',
    family: 'medical_material_fee',
    itemLabel: '特定保険医療材料',
    breakdown: 'material',
    factLevel: 'materialLine',
    order: 'total',
    metrics: [SALES, QUANTITY],
    defaultMetric: QUANTITY,
  },
  {
    route: 'Clinic',
    family: 'clinic',
    itemLabel: '医療機関',
    breakdown: 'clinic',
    factLevel: 'sheet',
    order: 'total',
    metrics: [SALES, PRESCRIPTIONS, UNIT_PRICE, RECEPTIONS, PATIENTS, GENERIC_RATE],
    defaultMetric: PRESCRIPTIONS,
  },
  {
    route: 'Doctor',
    family: 'doctor',
    itemLabel: '医師',
    breakdown: 'doctor',
    factLevel: 'sheet',
    order: 'total',
    metrics: PRESCRIBER_METRICS,
    defaultMetric: PRESCRIPTIONS,
  },
  {
    route: 'ClinicalDepartment',
    family: 'clinical_department',
    itemLabel: '診療科',
    breakdown: 'department',
    factLevel: 'sheet',
    order: 'total',
    metrics: PRESCRIBER_METRICS,
    defaultMetric: PRESCRIPTIONS,
  },
  {
    route: 'Gender',
    family: 'gender',
    itemLabel: '性別',
    breakdown: 'gender',
    factLevel: 'sheet',
    order: 'total',
    metrics: PATIENT_DIMENSION_METRICS,
    defaultMetric: PRESCRIPTIONS,
  },
  {
    route: 'Age',
    family: 'age',
    itemLabel: '年代',
    breakdown: 'ageBand',
    factLevel: 'sheet',
    order: 'ageGroup',
    metrics: PATIENT_DIMENSION_METRICS,
    defaultMetric: PRESCRIPTIONS,
  },
  {
    route: 'ReceptionType',
    family: 'reception_type',
    itemLabel: '受付区分',
    breakdown: 'receptionType',
    factLevel: 'sheet',
    order: 'total',
    metrics: PATIENT_DIMENSION_METRICS,
    defaultMetric: PRESCRIPTIONS,
  },
  {
    route: 'ReceptionCount',
    family: 'reception_count',
    itemLabel: '受付回数',
    breakdown: 'receptionCount',
    factLevel: 'sheet',
    order: 'receptionCount',
    metrics: [SALES, PRESCRIPTIONS, UNIT_PRICE],
    defaultMetric: PRESCRIPTIONS,
  },
  {
    route: 'InsuranceType',
    family: 'insurance_type',
    itemLabel: '保険種別',
    breakdown: 'insuranceType',
    factLevel: 'sheet',
    order: 'total',
    metrics: PATIENT_DIMENSION_METRICS,
    defaultMetric: PRESCRIPTIONS,
  },
  {
    route: 'Address',
    family: 'address',
    itemLabel: '住所',
    breakdown: 'address',
    factLevel: 'sheet',
    order: 'total',
    metrics: [SALES, PRESCRIPTIONS, UNIT_PRICE, PATIENTS],
    defaultMetric: PRESCRIPTIONS,
  },
] as const satisfies readonly AnalysisPageDef[];

export type AnalysisPage = (typeof ANALYSIS_PAGES)[number];
export type AnalysisRouteName = AnalysisPage['route'];

export function analysisPageByRoute(route: string): AnalysisPage | undefined {
  return ANALYSIS_PAGES.find((p) => p.route === route);
}

export function analysisPageByFamily(family: string): AnalysisPage | undefined {
  return ANALYSIS_PAGES.find((p) => p.family === family);
}

/** The page's metric dropdown as catalogue entries. */
export function pageMetrics(page: AnalysisPageDef): Metric[] {
  return page.metrics.map((slug) => metricBySlug(slug)!);
}

/** Chart call path of a page and metric; the dev toggle selects the /v2/ twin. */
export function analysisChartPath(
  family: AnalysisFamily,
  metric: MetricSlug,
  api: 'v3' | 'v2' = 'v3',
): string {
  return `/${api}/${family}/${metric}`;
}

/** CSV export path: the chart path with a csv segment after the first segment (spec 02 §7). */
export function analysisCsvPath(family: AnalysisFamily, metric: MetricSlug): string {
  return `/v3/csv/${family}/${metric}`;
}

const BY_METRIC = AGE_SORT_OPTIONS.find((o) => o.key === 'byMetric')!.value;

/** Larger totals first, no total last; equal totals by name, then key, so the order is stable. */
function byTotal(a: OrderedSeries, b: OrderedSeries): number {
  if (a.total !== b.total) {
    if (a.total === null) return 1;
    if (b.total === null) return -1;
    return b.total - a.total;
  }
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

interface OrderedSeries {
  key: string;
  name: string;
  total: number | null;
}

/**
 * The series of a page in the order of spec 02 §3/§9: age by age group (不明 last) unless the sort
 * menu asks for the metric; time slots by their hour; reception counts numerically; everything
 * else by total.
 */
export function orderSeries<T extends OrderedSeries>(
  order: SeriesOrder,
  series: readonly T[],
  sortOrder: AgeSortValue = DEFAULT_AGE_SORT,
): T[] {
  const compare: Record<SeriesOrder, (a: T, b: T) => number> = {
    total: byTotal,
    ageGroup: (a, b) =>
      sortOrder === BY_METRIC ? byTotal(a, b) : compareAgeGroups(a.name, b.name) || byTotal(a, b),
    timeSlot: (a, b) => compareTimeSlots(a.name, b.name) || byTotal(a, b),
    receptionCount: (a, b) => compareReceptionCounts(a.name, b.name) || byTotal(a, b),
  };
  return [...series].sort(compare[order]);
}

/** Whether a page offers the metric in its dropdown. */
export function pageOffersMetric(page: AnalysisPageDef, slug: string): slug is MetricSlug {
  return (page.metrics as readonly string[]).includes(slug);
}

/** The YJ code column: shown where series carry one, except on the medicine fee page (spec 02 §2.2). */
export function showsYjCode(
  page: AnalysisPageDef,
  series: readonly { yjCode?: string }[],
): boolean {
  return page.family !== 'medicine_fee' && series.some((s) => s.yjCode !== undefined);
}

export const TABLE_NUMBER_HEADER = 'No.';
export const TABLE_YJ_CODE_HEADER = 'YJコード';
export const TABLE_TOTAL_HEADER = '合計';
/** With a comparison, after 合計: the item's total over the comparison period and the change. */
export const TABLE_COMPARISON_HEADER = '比較期間';
export const TABLE_CHANGE_HEADER = '増減';
/** The CSV's change column, whose cells are bare numbers: 増減（pt） for a rate, 増減（%） else. */
export const changeColumnHeader = (unit: string): string =>
  `${TABLE_CHANGE_HEADER}（${changeUnitOf(unit)}）`;
/** The breakdown table's row of every item together. */
export const TABLE_OVERALL_ROW = '全体';

/**
 * The breakdown table of a page (spec 02 §2.2): No., the item, the YJ code where shown, a column
 * per date bucket (labelled as the screen shows it: 2026/04/01, 2026年) and 合計; a row per series
 * in the given order. The CSV export writes exactly this.
 */
export function analysisTable(
  page: AnalysisPageDef,
  series: readonly {
    name: string;
    yjCode?: string;
    total: number | null;
    rows: readonly { date: string; value: number | null }[];
  }[],
  dates: readonly string[],
  axis: TimeAxisValue,
): { header: string[]; rows: (string | number | null)[][] } {
  const yj = showsYjCode(page, series);
  return {
    header: [
      TABLE_NUMBER_HEADER,
      page.itemLabel,
      ...(yj ? [TABLE_YJ_CODE_HEADER] : []),
      ...dates.map((d) => bucketText(d, axis)),
      TABLE_TOTAL_HEADER,
    ],
    rows: series.map((s, i) => {
      const byDate = new Map(s.rows.map((r) => [r.date, r.value]));
      return [
        i + 1,
        s.name,
        ...(yj ? [s.yjCode ?? null] : []),
        ...dates.map((d) => byDate.get(d) ?? null),
        s.total,
      ];
    }),
  };
}
