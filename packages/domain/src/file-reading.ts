/**
 * Reading a dispensing file's bytes into text and our CSV into records, the same way on the
 * store-side uploader and on the server. No I/O; kept apart from the package's main entry
 * (import `@pharmalytics/domain/file-reading`) so the browser bundle does not carry the
 * Shift_JIS tables.
 */
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { normalizeLineEnds, physicalLines } from './file-format.ts';

export interface DecodedText {
  /** The text with line ends normalised to LF; a BOM and a trailing EOF mark removed. */
  text: string;
  encoding: 'utf-8' | 'cp932';
}

const EOF_MARK = 0x1a;

/**
 * Receipt files end with one 0x1A byte after the last CRLF. Cut at the first 0x1A when only
 * EOF marks, NULs or white space follow it; a 0x1A inside the data is left for the parser to
 * report. 0x1A is never part of a multi-byte Shift_JIS or UTF-8 character, so this is safe
 * before decoding.
 */
function withoutEofMark(bytes: Uint8Array): Uint8Array {
  const at = bytes.indexOf(EOF_MARK);
  if (at < 0) return bytes;
  for (let i = at + 1; i < bytes.length; i++) {
    const b = bytes[i];
    if (b !== EOF_MARK && b !== 0x00 && b !== 0x0d && b !== 0x0a && b !== 0x20 && b !== 0x09) {
      return bytes;
    }
  }
  return bytes.subarray(0, at);
}

/**
 * Decodes a file: UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), otherwise CP932
 * (Shift_JIS as written by Windows and receipt computers). Line ends become LF.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  const body = withoutEofMark(bytes);
  let text: string;
  let encoding: DecodedText['encoding'];
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body);
    encoding = 'utf-8';
  } catch {
    text = iconv.decode(body, 'cp932');
    encoding = 'cp932';
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  }
  return { text: normalizeLineEnds(text), encoding };
}

export interface CsvRecord {
  /** 1-based physical line the record starts on. */
  lineNo: number;
  fields: string[];
  /** The record as written (without its line end). */
  raw: string;
}

export type CsvRecordsResult =
  { ok: true; records: CsvRecord[] } | { ok: false; lineNo: number; message: string };

interface CsvErrorLike {
  code?: unknown;
  records?: unknown;
}

type Row = { record: string[]; raw: string; info: { lines: number } };

const readOptions = {
  info: true,
  raw: true,
  relax_column_count: true,
  skip_empty_lines: false,
  record_delimiter: '\n',
} as const;

function countNewlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Splits decoded CSV text (LF line ends) into records with the physical line each starts on. */
export function readCsvRecords(text: string): CsvRecordsResult {
  // Without a double quote no value can hold a comma or a line break, so each line is one record
  // split at its commas: the same records csv-parse gives, more than ten times faster.
  if (!text.includes('"')) {
    const records = physicalLines(text).map((raw, i) => ({
      lineNo: i + 1,
      fields: raw.split(','),
      raw,
    }));
    return { ok: true, records };
  }
  let rows: Row[];
  try {
    rows = parse(text, readOptions) as unknown as Row[];
  } catch (error) {
    const e = (error ?? {}) as CsvErrorLike;
    // The failing record starts on the line after the last record read before it.
    const done = typeof e.records === 'number' ? e.records : 0;
    let lineNo = 1;
    if (done > 0) {
      try {
        const before = parse(text, { ...readOptions, to: done }) as unknown as Row[];
        lineNo = (before.at(-1)?.info.lines ?? 0) + 1;
      } catch {
        // keep line 1
      }
    }
    const message =
      e.code === 'CSV_QUOTE_NOT_CLOSED'
        ? `${lineNo}行目: ダブルクォートで始まる値が閉じられていません。`
        : e.code === 'INVALID_OPENING_QUOTE' || e.code === 'CSV_INVALID_CLOSING_QUOTE'
          ? `${lineNo}行目: ダブルクォートの使い方が正しくありません（値を " で囲み、値の中の " は "" と書いてください）。`
          : `${lineNo}行目: CSV として読み取れません。`;
    return { ok: false, lineNo, message };
  }
  const records = rows.map(({ record, raw, info }) => {
    const body = raw.endsWith('\n') ? raw.slice(0, -1) : raw;
    return { lineNo: info.lines - countNewlines(body), fields: record, raw: body };
  });
  return { ok: true, records };
}
