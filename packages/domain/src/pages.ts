import { metricByValue, type Metric, type MetricSlug, type MetricValue } from './metrics.ts';
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

export interface AnalysisPageDef {
  route: RouteName;
  family: AnalysisFamily;
  /** Metric dropdown choices, in display order. */
  metrics: readonly MetricValue[];
  defaultMetric: MetricValue;
}

// Metric values (spec 02 §3): 1 sales, 2 prescription count, 3 unit price, 4 reception counts,
// 6 concentration, 7 generic rate, 8 medicine note, 9 medicine amount, 12 patients,
// 13 quantity, 14 patient unit price, 15 calculation counts, 17 top-3 concentration.
const PATIENT_DIMENSION_METRICS = [1, 2, 3, 12, 7] as const;
const FEE_ITEM_METRICS = [1, 15] as const;
const PRESCRIBER_METRICS = [1, 2, 12, 7] as const;

/** The shared analysis page per dimension: metrics and default metric (spec 02 §9). */
export const ANALYSIS_PAGES = [
  {
    route: 'DispensingPharmacy',
    family: 'pharmacy',
    metrics: [1, 2, 3, 4, 12, 14, 6, 17, 7, 8],
    defaultMetric: 1,
  },
  { route: 'Timeslot', family: 'timeslot', metrics: [2], defaultMetric: 2 },
  { route: 'Pharmacist', family: 'pharmacist', metrics: [1, 2, 3, 12], defaultMetric: 2 },
  {
    route: 'DispensingFeeScore',
    family: 'dispensing_fee_score',
    metrics: [1, 3],
    defaultMetric: 1,
  },
  {
    route: 'DispensingTechnicalFee',
    family: 'dispensing_technical_fee',
    metrics: [1],
    defaultMetric: 1,
  },
  {
    route: 'MedicinePreparedFeeAddition',
    family: 'medicine_prepared_fee_add',
    metrics: FEE_ITEM_METRICS,
    defaultMetric: 15,
  },
  {
    route: 'PharmacyManagementFee',
    family: 'pharmacy_management_fee',
    metrics: FEE_ITEM_METRICS,
    defaultMetric: 15,
  },
  {
    route: 'PharmacyManagementFeeAddition',
    family: 'pharmacy_management_fee_add',
    metrics: FEE_ITEM_METRICS,
    defaultMetric: 15,
  },
  { route: 'MedicineFee', family: 'medicine_fee', metrics: [9, 13], defaultMetric: 13 },
  {
    route: 'MedicalMaterialFee',
    family: 'medical_material_fee',
    metrics: [1, 13],
    defaultMetric: 13,
  },
  { route: 'Clinic', family: 'clinic', metrics: [1, 2, 3, 4, 12, 7], defaultMetric: 2 },
  { route: 'Doctor', family: 'doctor', metrics: PRESCRIBER_METRICS, defaultMetric: 2 },
  {
    route: 'ClinicalDepartment',
    family: 'clinical_department',
    metrics: PRESCRIBER_METRICS,
    defaultMetric: 2,
  },
  { route: 'Gender', family: 'gender', metrics: PATIENT_DIMENSION_METRICS, defaultMetric: 2 },
  { route: 'Age', family: 'age', metrics: PATIENT_DIMENSION_METRICS, defaultMetric: 2 },
  {
    route: 'ReceptionType',
    family: 'reception_type',
    metrics: PATIENT_DIMENSION_METRICS,
    defaultMetric: 2,
  },
  { route: 'ReceptionCount', family: 'reception_count', metrics: [1, 2, 3], defaultMetric: 2 },
  {
    route: 'InsuranceType',
    family: 'insurance_type',
    metrics: PATIENT_DIMENSION_METRICS,
    defaultMetric: 2,
  },
  { route: 'Address', family: 'address', metrics: [1, 2, 3, 12], defaultMetric: 2 },
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
  return page.metrics.map((value) => metricByValue(value)!);
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
