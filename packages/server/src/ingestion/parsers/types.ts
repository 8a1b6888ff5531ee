/**
 * Output of the dispensing-data parsers. The database loader consumes exactly these shapes,
 * whatever the input format was (our CSV, docs/data-format.md, or the national 調剤 receipt
 * file RECEIPTY.CYO).
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
}

export interface ParsedPrescription {
  /** 1-based line of its first record in the file. */
  lineNo: number;
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

export interface RejectedLine {
  lineNo: number;
  /** Japanese, names the column. */
  reason: string;
  raw: string;
}

export type ParseResult =
  | {
      ok: true;
      format: 'pharmalytics-csv' | 'uke';
      prescriptions: ParsedPrescription[];
      rejected: RejectedLine[];
    }
  | {
      ok: false;
      format: 'pharmalytics-csv' | 'uke' | 'unknown';
      lineNo: number;
      /** Japanese, names the line. */
      message: string;
    };
