import { DASHBOARD_METRIC_SLUGS, metricBySlug, type MetricSlug } from './metrics.ts';
import type { ComparisonType, DurationPresetKey } from './periods.ts';
import type { RouteName } from './routes.ts';

/** 薬剤師1人1日当たり処方箋枚数 the law takes as a pharmacy's guide (薬局並びに店舗販売業の体制省令). */
export const PRESCRIPTIONS_PER_PHARMACIST_GUIDE = 40;

/** The name of the scorecard's total row (its store code is ''). */
export const SCORECARD_TOTAL_ROW_NAME = '全店舗';

export interface ScorecardKpi {
  /** Key of the KPI in the scorecard's `metrics`: a catalogue slug, or a scorecard-only KPI. */
  key: string;
  label: string;
  unit: string;
  /** How the KPI is counted, one hover away on the page. */
  definition: string;
  /** The analysis page and metric a cell of the KPI opens, for the cell's store and period. */
  opens: { route: RouteName; metric: MetricSlug };
  /** A guide value the figure is read against (40 prescriptions per pharmacist and day). */
  guide?: number;
}

const catalogueKpi = (slug: MetricSlug, definition: string): ScorecardKpi => {
  const metric = metricBySlug(slug)!;
  return {
    key: slug,
    label: metric.label,
    unit: metric.unit,
    definition,
    opens: { route: 'DispensingPharmacy', metric: slug },
  };
};

const DEFINITIONS: Record<(typeof DASHBOARD_METRIC_SLUGS)[number], string> = {
  dispensing_sales: '処方箋ごとの調剤報酬（技術料・薬学管理料の点数×10円と薬剤料・材料料）の合計',
  prescription_counts: '調剤した処方箋の枚数',
  prescription_unit_price: '調剤売上 ÷ 処方箋枚数',
  patient_counts: '期間中に来局した患者の人数（重複なし）',
  patient_unit_price: '調剤売上 ÷ 患者数',
  prescription_concentration_rates:
    '店舗ごとに、受付回数が最も多い医療機関の受付回数 ÷ 全受付回数。複数店舗では各店舗の率を受付回数で加重平均',
  prescription_concentration_rates_top3:
    '店舗ごとに、受付回数が多い上位3医療機関の受付回数 ÷ 全受付回数。複数店舗では各店舗の率を受付回数で加重平均',
  generic_dispensing_rates:
    '後発医薬品の規格単位数量 ÷（後発医薬品＋後発医薬品のある先発医薬品）の規格単位数量',
  medicine_note_rates: 'お薬手帳の持参がわかる受付のうち、持参があった受付の割合',
  new_reception_counts: '新規（その薬局で初めて）の受付回数',
  re_reception_counts: '再来の受付回数',
};

/**
 * The columns of the store scorecard (店舗別実績一覧) in order: the dashboard's eleven metrics,
 * then 薬剤師1人1日当たり処方箋枚数 against the guide of 40, 技術料単価 and 薬剤料比率.
 */
export const SCORECARD_KPIS: readonly ScorecardKpi[] = [
  ...DASHBOARD_METRIC_SLUGS.map((slug) => catalogueKpi(slug, DEFINITIONS[slug])),
  {
    ...catalogueKpi(
      'prescriptions_per_pharmacist',
      '薬剤師が記録された処方箋の枚数 ÷ 薬剤師の勤務日数（日付と薬剤師の組）。目安は1人1日40枚',
    ),
    label: '薬剤師1人1日当たり処方箋枚数',
    guide: PRESCRIPTIONS_PER_PHARMACIST_GUIDE,
  },
  {
    key: 'technical_fee_unit_price',
    label: '技術料単価',
    unit: '円',
    definition: '技術料（調剤技術料＋薬学管理料）÷ 受付回数',
    opens: { route: 'DispensingFeeScore', metric: 'prescription_unit_price' },
  },
  {
    key: 'medicine_fee_ratio',
    label: '薬剤料比率',
    unit: '%',
    definition: '薬剤料 ÷ 調剤売上',
    opens: { route: 'DispensingFeeScore', metric: 'dispensing_sales' },
  },
];

export type ScorecardKpiKey = (typeof SCORECARD_KPIS)[number]['key'];

export function scorecardKpi(key: string): ScorecardKpi | undefined {
  return SCORECARD_KPIS.find((k) => k.key === key);
}

/**
 * The scorecard's own period until one is chosen on it: the last whole month (closed, so every
 * store's data is in) against the same month a year before.
 */
export const SCORECARD_DEFAULT_PERIOD = {
  durationPreset: 'lastMonth',
  comparisonType: 'previousYear',
} as const satisfies { durationPreset: DurationPresetKey; comparisonType: ComparisonType['key'] };

/** How the scorecard's period menu names 先月: a whole month whose figures are final. */
export const CLOSED_MONTH_PRESET_TEXT = '前月（締め済み）';

/** The dashboard cards that carry their definition one hover away (how the rate is counted). */
export const DASHBOARD_DEFINED_METRICS = [
  'prescription_concentration_rates',
  'prescription_concentration_rates_top3',
] as const satisfies readonly (typeof DASHBOARD_METRIC_SLUGS)[number][];

/** The hover text of a metric: how it is counted, as the scorecard's column says it. */
export function metricDefinition(key: string): string | undefined {
  return scorecardKpi(key)?.definition;
}
