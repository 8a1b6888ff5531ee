import { plansFrom, type PlanCode } from './plans.ts';

const ALL = plansFrom('free');
const BASIC = plansFrom('basic');
const ADVANCED = plansFrom('advanced');

export interface MetricDef {
  /** chartType value of the search condition. */
  value: number;
  /** Metric segment of the chart paths, e.g. /v3/pharmacy/dispensing_sales. */
  slug: string;
  label: string;
  /** Empty when the unit depends on the item (quantities of medicines and materials). */
  unit: string;
  activePlans: readonly PlanCode[];
}

/** The chart-type catalogue (spec 02 §3). */
export const METRICS = [
  { value: 1, slug: 'dispensing_sales', label: '調剤売上', unit: '円', activePlans: ALL },
  { value: 2, slug: 'prescription_counts', label: '処方箋枚数', unit: '枚', activePlans: ALL },
  {
    value: 3,
    slug: 'prescription_unit_price',
    label: '処方箋単価',
    unit: '円',
    activePlans: BASIC,
  },
  { value: 4, slug: 'reception_counts', label: '受付回数', unit: '回', activePlans: BASIC },
  { value: 5, slug: 'reception_unit_price', label: '受付単価', unit: '円', activePlans: BASIC },
  {
    value: 6,
    slug: 'prescription_concentration_rates',
    label: '処方箋集中率',
    unit: '%',
    activePlans: ALL,
  },
  {
    value: 7,
    slug: 'generic_dispensing_rates',
    label: '後発医薬品調剤割合',
    unit: '%',
    activePlans: ALL,
  },
  { value: 8, slug: 'medicine_note_rates', label: 'お薬手帳持参率', unit: '%', activePlans: ALL },
  {
    value: 9,
    slug: 'medicine_price_amount',
    label: '薬剤金額',
    unit: '円',
    activePlans: ADVANCED,
  },
  {
    value: 10,
    slug: 'new_reception_counts',
    label: '新規受付回数',
    unit: '回',
    activePlans: BASIC,
  },
  {
    value: 11,
    slug: 're_reception_counts',
    label: '再来受付回数',
    unit: '回',
    activePlans: BASIC,
  },
  { value: 12, slug: 'patient_counts', label: '患者数', unit: '人', activePlans: BASIC },
  { value: 13, slug: 'counts', label: '数量', unit: '', activePlans: ADVANCED },
  { value: 14, slug: 'patient_unit_price', label: '患者単価', unit: '円', activePlans: BASIC },
  {
    value: 15,
    slug: 'calculation_counts',
    label: '算定回数',
    unit: '回',
    activePlans: ADVANCED,
  },
  {
    value: 16,
    slug: 'prescriptions_per_pharmacist',
    label: '薬剤師1人あたり処方箋枚数',
    unit: '枚',
    activePlans: BASIC,
  },
  {
    value: 17,
    slug: 'prescription_concentration_rates_top3',
    label: '上位3医療機関集中率',
    unit: '%',
    activePlans: ALL,
  },
] as const satisfies readonly MetricDef[];

export type Metric = (typeof METRICS)[number];
export type MetricValue = Metric['value'];
export type MetricSlug = Metric['slug'];

export function metricByValue(value: number): Metric | undefined {
  return METRICS.find((m) => m.value === value);
}

export function metricBySlug(slug: string): Metric | undefined {
  return METRICS.find((m) => m.slug === slug);
}

/**
 * Sums and counts of things each belonging to one breakdown item (a sheet, a reception, a yen
 * amount, a fee line), so the items' totals add up to the whole. Not so: rates, unit prices,
 * distinct patients (one patient visits several clinics or stores) and quantities in each
 * medicine's own unit.
 */
export const ADDITIVE_METRIC_SLUGS: readonly MetricSlug[] = [
  'dispensing_sales',
  'prescription_counts',
  'reception_counts',
  'medicine_price_amount',
  'new_reception_counts',
  're_reception_counts',
  'calculation_counts',
];

export const isAdditiveMetric = (slug: string): boolean =>
  (ADDITIVE_METRIC_SLUGS as readonly string[]).includes(slug);

/** A metric whose activePlans lacks the plan is shown disabled with a lock. */
export function isMetricAvailable(metric: MetricDef, plan: PlanCode): boolean {
  return metric.activePlans.includes(plan);
}

/** The dashboard's eleven metrics in display order (spec 02 §2.1); path /v3/dashboard/{slug}. */
export const DASHBOARD_METRIC_SLUGS = [
  'dispensing_sales',
  'prescription_counts',
  'prescription_unit_price',
  'patient_counts',
  'patient_unit_price',
  'prescription_concentration_rates',
  'prescription_concentration_rates_top3',
  'generic_dispensing_rates',
  'medicine_note_rates',
  'new_reception_counts',
  're_reception_counts',
] as const satisfies readonly MetricSlug[];

export type DashboardMetricSlug = (typeof DASHBOARD_METRIC_SLUGS)[number];

export const DASHBOARD_METRICS: readonly Metric[] = DASHBOARD_METRIC_SLUGS.map((slug) =>
  metricBySlug(slug)!,
);
