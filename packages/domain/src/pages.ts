import { metricBySlug, type Metric, type MetricSlug } from './metrics.ts';
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

/** The shared analysis page per dimension: metrics and default metric (spec 02 §9). */
export const ANALYSIS_PAGES = [
  {
    route: 'DispensingPharmacy',
    family: 'pharmacy',
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
    ],
    defaultMetric: SALES,
  },
  { route: 'Timeslot', family: 'timeslot', metrics: [PRESCRIPTIONS], defaultMetric: PRESCRIPTIONS },
  {
    route: 'Pharmacist',
    family: 'pharmacist',
    metrics: [SALES, PRESCRIPTIONS, UNIT_PRICE, PATIENTS],
    defaultMetric: PRESCRIPTIONS,
  },
  {
    route: 'DispensingFeeScore',
    family: 'dispensing_fee_score',
    metrics: [SALES, UNIT_PRICE],
    defaultMetric: SALES,
  },
  {
    route: 'DispensingTechnicalFee',
    family: 'dispensing_technical_fee',
    metrics: [SALES],
    defaultMetric: SALES,
  },
  {
    route: 'MedicinePreparedFeeAddition',
    family: 'medicine_prepared_fee_add',
    metrics: FEE_ITEM_METRICS,
    defaultMetric: CALCULATIONS,
  },
  {
    route: 'PharmacyManagementFee',
    family: 'pharmacy_management_fee',
    metrics: FEE_ITEM_METRICS,
    defaultMetric: CALCULATIONS,
  },
  {
    route: 'PharmacyManagementFeeAddition',
    family: 'pharmacy_management_fee_add',
    metrics: FEE_ITEM_METRICS,
    defaultMetric: CALCULATIONS,
  },
  {
    route: 'MedicineFee',
    family: 'medicine_fee',
    metrics: [MEDICINE_AMOUNT, QUANTITY],
    defaultMetric: QUANTITY,
  },
  {
    route: 'MedicalMaterialFee',
    family: 'medical_material_fee',
    metrics: [SALES, QUANTITY],
    defaultMetric: QUANTITY,
  },
  {
    route: 'Clinic',
    family: 'clinic',
    metrics: [SALES, PRESCRIPTIONS, UNIT_PRICE, RECEPTIONS, PATIENTS, GENERIC_RATE],
    defaultMetric: PRESCRIPTIONS,
  },
  { route: 'Doctor', family: 'doctor', metrics: PRESCRIBER_METRICS, defaultMetric: PRESCRIPTIONS },
  {
    route: 'ClinicalDepartment',
    family: 'clinical_department',
    metrics: PRESCRIBER_METRICS,
    defaultMetric: PRESCRIPTIONS,
  },
  {
    route: 'Gender',
    family: 'gender',
    metrics: PATIENT_DIMENSION_METRICS,
    defaultMetric: PRESCRIPTIONS,
  },
  { route: 'Age', family: 'age', metrics: PATIENT_DIMENSION_METRICS, defaultMetric: PRESCRIPTIONS },
  {
    route: 'ReceptionType',
    family: 'reception_type',
    metrics: PATIENT_DIMENSION_METRICS,
    defaultMetric: PRESCRIPTIONS,
  },
  {
    route: 'ReceptionCount',
    family: 'reception_count',
    metrics: [SALES, PRESCRIPTIONS, UNIT_PRICE],
    defaultMetric: PRESCRIPTIONS,
  },
  {
    route: 'InsuranceType',
    family: 'insurance_type',
    metrics: PATIENT_DIMENSION_METRICS,
    defaultMetric: PRESCRIPTIONS,
  },
  {
    route: 'Address',
    family: 'address',
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
