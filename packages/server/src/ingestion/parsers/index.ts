/**
 * Entry point of the dispensing-file parsers: recognises the format by content (never by file
 * name), with the detector the uploader uses too, and hands the decoded text to the right reader.
 */
import { FILE_FORMAT_MESSAGES, detectFileFormat } from '@pharmalytics/domain';
import { decodeText } from '@pharmalytics/domain/file-reading';
import { printable } from './control-characters.ts';
import { parsePharmalyticsCsv } from './pharmalytics-csv.ts';
import type { ParseResult } from './types.ts';
import { type UkeOptions, parseUke } from './uke.ts';

export type * from './types.ts';
export type { FeeLookup, MedicineInfo, MedicineLookup, UkeOptions } from './uke.ts';
export { parsePharmalyticsCsv } from './pharmalytics-csv.ts';
export { parseUke } from './uke.ts';
export { physicalLines } from '@pharmalytics/domain';
export { decodeText } from '@pharmalytics/domain/file-reading';
export { formatDate } from './dates.ts';

/**
 * Reads an uploaded dispensing file: our CSV (docs/data-format.md) or the national 調剤 receipt
 * file (RECEIPTY.CYO). `options` gives the receipt reader the medicine and fee masters it uses
 * to split 剤 points over drugs and to name fees. Never throws.
 */
export function parseUpload(bytes: Uint8Array, options: UkeOptions = {}): ParseResult {
  try {
    return storable(parseDecoded(decodeText(bytes).text, options));
  } catch {
    return {
      ok: false,
      format: 'unknown',
      lineNo: 1,
      message: FILE_FORMAT_MESSAGES.unreadable,
    };
  }
}

function parseDecoded(text: string, options: UkeOptions): ParseResult {
  const detected = detectFileFormat(text);
  if (detected.format === null) {
    return { ok: false, format: 'unknown', lineNo: detected.lineNo, message: detected.message };
  }
  return detected.format === 'uke' ? parseUke(text, options) : parsePharmalyticsCsv(text);
}

/**
 * Messages and refused lines quote the file: any control character they carry is shown as
 * U+FFFD (lines holding one are refused, so no loaded value carries one).
 */
function storable(result: ParseResult): ParseResult {
  if (!result.ok) return { ...result, message: printable(result.message) };
  const rejected = result.rejected.map((r) => ({
    ...r,
    reason: printable(r.reason),
    raw: printable(r.raw),
  }));
  return { ...result, rejected };
}
