/**
 * Output of the dispensing-data parsers: the domain's dispensing record plus where it stood in
 * the file. The database loader consumes exactly these shapes.
 */
import type { DispensingRecord } from '@pharmalytics/domain';

export type {
  FeeCategory,
  InsuranceType,
  ParsedFee,
  ParsedItem,
  ParsedPatient,
} from '@pharmalytics/domain';

export interface ParsedPrescription extends DispensingRecord {
  /** 1-based line of its first record in the file. */
  lineNo: number;
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
