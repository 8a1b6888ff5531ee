/**
 * Dispensing records as the server loads them, whatever the input format was (our CSV,
 * docs/data-format.md, or the national 調剤 receipt file RECEIPTY.CYO), and the columns of our
 * CSV format, which the demo data generator writes and the server reads.
 */

export type InsuranceType =
  '社保' | '国保' | '後期高齢' | '公費' | '労災' | '自賠責' | '自費' | 'その他';

export type FeeCategory =
  | '調剤基本料'
  | '調剤基本料加算'
  | '薬剤調製料'
  | '薬剤調製料加算'
  | '薬学管理料'
  | '薬学管理料加算';

export interface ParsedPatient {
  key: string;
  gender: 1 | 2 | null;
  /** yyyy-MM */
  birthMonth: string | null;
  /** 7 digits */
  zip: string | null;
  address: string | null;
}

export interface ParsedFee {
  code: string;
  name: string;
  category: FeeCategory;
  /** Points of one calculation (may be negative for 減算). */
  points: number;
  count: number;
}

export interface ParsedItem {
  code: string;
  name: string;
  /** Points of the line per count, at most 2 decimals. */
  points: number;
  count: number;
  quantity: number | null;
  unit: string | null;
  /**
   * Whole yen: the amount column when given, else points × count × 10 (1点 = 10円; rounded half
   * up only when points carry decimals). From the receipt file: the line's share of its 剤's
   * 薬剤料 × 10, the shares of one 剤 adding up exactly.
   */
  amountYen: number;
  /** 調剤日数 of a 内服 medicine (CZ 調剤数量, or the CSV's `days`); absent when not known. */
  days?: number | null;
}

export interface DispensingRecord {
  /** 10 digits */
  pharmacyCode: string;
  /** yyyy-MM-dd */
  dispensingDate: string;
  /** HH:MM (null = 不明) */
  receptionTime: string | null;
  receptionId: string;
  prescriptionNo: number;
  patient: ParsedPatient;
  insuranceType: InsuranceType;
  receptionType: '外来' | '在宅';
  visitType: '新規' | '再来' | null;
  medicineNotebook: boolean | null;
  institution: { code: string; name: string };
  doctorName: string | null;
  department: string | null;
  pharmacist: { code: string | null; name: string | null } | null;
  fees: ParsedFee[];
  medicines: ParsedItem[];
  materials: ParsedItem[];
}

/** First cell of the optional version line that may precede the header row. */
export const CSV_FORMAT_MARK = '#pharmalytics-dispensing';
export const CSV_FORMAT_VERSION = '1';

export const CSV_COLUMNS = [
  'pharmacy_code',
  'dispensing_date',
  'reception_time',
  'reception_id',
  'prescription_no',
  'patient_id',
  'patient_gender',
  'patient_birth_month',
  'patient_zip',
  'patient_address',
  'insurance_type',
  'reception_type',
  'visit_type',
  'medicine_notebook',
  'institution_code',
  'institution_name',
  'doctor_name',
  'department',
  'pharmacist_code',
  'pharmacist_name',
  'line_type',
  'code',
  'name',
  'category',
  'points',
  'count',
  'quantity',
  'unit',
  'amount',
  'days',
] as const;

export type DispensingCsvColumn = (typeof CSV_COLUMNS)[number];

export const INSURANCE_TYPES: readonly InsuranceType[] = [
  '社保',
  '国保',
  '後期高齢',
  '公費',
  '労災',
  '自賠責',
  '自費',
  'その他',
];

export const FEE_CATEGORIES: readonly FeeCategory[] = [
  '調剤基本料',
  '調剤基本料加算',
  '薬剤調製料',
  '薬剤調製料加算',
  '薬学管理料',
  '薬学管理料加算',
];
