/**
 * What kind of dispensing file a decoded text is. The store-side uploader and the server both
 * ask this one detector, so the uploader pseudonymises exactly the files (and, with the layout
 * helpers below, exactly the records and columns) that the server would read.
 */
import { CSV_COLUMNS, CSV_FORMAT_MARK } from './dispensing.ts';

export type DispensingFileFormat = 'pharmalytics-csv' | 'uke';

export type FileFormatDetection =
  | {
      format: DispensingFileFormat;
      /** 1-based line of the first non-blank line, which decided the format. */
      lineNo: number;
    }
  | {
      format: null;
      lineNo: number;
      /** Japanese, names the line. */
      message: string;
    };

/** Record IDs of the 調剤 receipt file (RECEIPTY.CYO): a file starting with one is read as one. */
export const CHOZAI_RECORD_IDS: ReadonlySet<string> = new Set([
  'YK',
  'RE',
  'HO',
  'KO',
  'SN',
  'JD',
  'MF',
  'SH',
  'CZ',
  'IY',
  'TO',
  'CO',
  'TK',
  'KI',
  'ST',
  'GO',
]);

export const FILE_FORMAT_MESSAGES = {
  empty: '1行目: ファイルが空です。',
  unreadable: '1行目: ファイルを読み取れませんでした。ファイルが壊れていないか確認してください。',
  medicalReceipt: (lineNo: number) =>
    `${lineNo}行目: 調剤のレセプトファイルではありません（医科・歯科のレセプトファイルは取り込めません）。調剤のレセプトファイル（RECEIPTY.CYO）を送ってください。`,
  otherReceipt: (lineNo: number, recordId: string) =>
    `${lineNo}行目: 調剤のレセプトファイルではありません（先頭のレコードが ${recordId} です）。調剤のレセプトファイル（RECEIPTY.CYO）を送ってください。`,
  unknown: (lineNo: number) =>
    `${lineNo}行目: ファイルの形式を判別できません。Pharmalytics 連携形式の CSV（見出し行から始まるもの）か、調剤のレセプトファイル（RECEIPTY.CYO）を送ってください。`,
} as const;

/**
 * Control characters (C0, DEL and C1): never part of a name, a typed text or a request field.
 * The one definition; the request schemas' text rule uses it too.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** Control characters that cannot stand in a line of a dispensing file (tab and LF can). */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTER_IN_LINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** CR LF and a lone CR become LF: every reader splits lines the same way. */
export const normalizeLineEnds = (text: string): string => text.replace(/\r\n?/g, '\n');

/** Physical lines of LF text (a final line end does not open an extra empty line). */
export function physicalLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The record ID of a receipt-file line: its first field without surrounding spaces. */
export const receiptRecordId = (line: string): string => {
  const comma = line.indexOf(',');
  return (comma < 0 ? line : line.slice(0, comma)).trim();
};

/** True when a row looks like our header (at least two of our column names). */
export function looksLikePharmalyticsHeader(fields: readonly string[]): boolean {
  const names = new Set<string>(CSV_COLUMNS);
  return fields.filter((f) => names.has(f.trim())).length >= 2;
}

/**
 * Decides the format from the first non-blank line of a decoded text (LF line ends): a 調剤
 * receipt record ID, our version line or our header row. Anything else is refused with a
 * message naming the line.
 */
export function detectFileFormat(text: string): FileFormatDetection {
  const lines = physicalLines(text);
  const index = lines.findIndex((line) => line.trim() !== '');
  if (index < 0) return { format: null, lineNo: 1, message: FILE_FORMAT_MESSAGES.empty };
  const lineNo = index + 1;
  const first = lines[index]!.trim();
  const id = /^([A-Z]{2}),/.exec(first)?.[1];
  if (id && CHOZAI_RECORD_IDS.has(id)) return { format: 'uke', lineNo };
  if (id === 'IR')
    return { format: null, lineNo, message: FILE_FORMAT_MESSAGES.medicalReceipt(lineNo) };
  // Other receipt-file headers (a two-letter record ID followed by a code), e.g. MR.
  if (id && /^[A-Z]{2},\d/.test(first)) {
    return { format: null, lineNo, message: FILE_FORMAT_MESSAGES.otherReceipt(lineNo, id) };
  }
  const cells = first.split(',').map((c) => c.replace(/^"|"$/g, '').trim());
  if (cells[0] === CSV_FORMAT_MARK || looksLikePharmalyticsHeader(cells)) {
    return { format: 'pharmalytics-csv', lineNo };
  }
  return { format: null, lineNo, message: FILE_FORMAT_MESSAGES.unknown(lineNo) };
}

/** A CSV record that holds nothing but white space (skipped by every reader). */
export const isBlankRecord = (fields: readonly string[]): boolean =>
  fields.every((f) => f.trim() === '');

/**
 * Where the optional version line and the header row stand among the non-blank records of our
 * CSV: the version line can only be the first record, the header is the record after it.
 */
export function csvHeaderPosition(records: readonly (readonly string[])[]): {
  markAt: number | null;
  headerAt: number | null;
} {
  const markAt = (records[0]?.[0] ?? '').trim() === CSV_FORMAT_MARK ? 0 : null;
  const headerAt = markAt === null ? 0 : 1;
  return { markAt, headerAt: headerAt < records.length ? headerAt : null };
}

/** A record that repeats the header row (files joined together): not data. */
export function repeatsHeader(fields: readonly string[], header: readonly string[]): boolean {
  return fields.length === header.length && fields.every((f, i) => f.trim() === header[i]!.trim());
}

/**
 * The prescription a CSV record belongs to (dispensing_date, reception_id, prescription_no), or
 * null when one of them is empty. Leading zeros of the number do not make another prescription.
 */
export function csvPrescriptionKey(date: string, receptionId: string, no: string): string | null {
  const [d, r, n] = [date.trim(), receptionId.trim(), no.trim()];
  if (!d || !r || !n) return null;
  return `${d}\u0000${r}\u0000${/^\d+$/.test(n) ? String(Number(n)) : n}`;
}
