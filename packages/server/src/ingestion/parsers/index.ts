/**
 * Entry point of the dispensing-file parsers: recognises the format by content (never by file
 * name) and hands the decoded text to the right reader.
 */
import { CSV_FORMAT_MARK } from '@pharmalytics/domain';
import { decodeText, physicalLines } from './decode.ts';
import { looksLikePharmalyticsHeader, parsePharmalyticsCsv } from './pharmalytics-csv.ts';
import type { ParseResult } from './types.ts';
import { type UkeOptions, parseUke } from './uke.ts';

export type * from './types.ts';
export type { FeeLookup, MedicineInfo, MedicineLookup, UkeOptions } from './uke.ts';
export { parsePharmalyticsCsv } from './pharmalytics-csv.ts';
export { parseUke } from './uke.ts';
export { decodeText, physicalLines } from './decode.ts';
export { formatDate } from './dates.ts';

/** Record IDs of the 調剤 receipt file: a file starting with one of them is read as one. */
const CHOZAI_RECORDS = new Set([
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

/**
 * Reads an uploaded dispensing file: our CSV (docs/data-format.md) or the national 調剤 receipt
 * file (RECEIPTY.CYO). `options` gives the receipt reader the medicine and fee masters it uses
 * to split 剤 points over drugs and to name fees. Never throws.
 */
export function parseUpload(bytes: Uint8Array, options: UkeOptions = {}): ParseResult {
  try {
    return parseDecoded(decodeText(bytes).text, options);
  } catch {
    return {
      ok: false,
      format: 'unknown',
      lineNo: 1,
      message: '1行目: ファイルを読み取れませんでした。ファイルが壊れていないか確認してください。',
    };
  }
}

function parseDecoded(text: string, options: UkeOptions): ParseResult {
  const lines = physicalLines(text);
  const index = lines.findIndex((line) => line.trim() !== '');
  if (index < 0) {
    return { ok: false, format: 'unknown', lineNo: 1, message: '1行目: ファイルが空です。' };
  }
  const lineNo = index + 1;
  const first = lines[index]!.trim();
  const id = /^([A-Z]{2}),/.exec(first)?.[1];

  if (id && CHOZAI_RECORDS.has(id)) return parseUke(text, options);
  if (id === 'IR') {
    return {
      ok: false,
      format: 'unknown',
      lineNo,
      message: `${lineNo}行目: 調剤のレセプトファイルではありません（医科・歯科のレセプトファイルは取り込めません）。調剤のレセプトファイル（RECEIPTY.CYO）を送ってください。`,
    };
  }
  // Other receipt-file headers (a two-letter record ID followed by a code), e.g. MR.
  if (id && /^[A-Z]{2},\d/.test(first)) {
    return {
      ok: false,
      format: 'unknown',
      lineNo,
      message: `${lineNo}行目: 調剤のレセプトファイルではありません（先頭のレコードが ${id} です）。調剤のレセプトファイル（RECEIPTY.CYO）を送ってください。`,
    };
  }
  const cells = first.split(',').map((c) => c.replace(/^"|"$/g, '').trim());
  if (cells[0] === CSV_FORMAT_MARK || looksLikePharmalyticsHeader(cells)) {
    return parsePharmalyticsCsv(text);
  }
  return {
    ok: false,
    format: 'unknown',
    lineNo,
    message: `${lineNo}行目: ファイルの形式を判別できません。Pharmalytics 連携形式の CSV（見出し行から始まるもの）か、調剤のレセプトファイル（RECEIPTY.CYO）を送ってください。`,
  };
}
