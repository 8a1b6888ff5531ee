import { createHmac } from 'node:crypto';
import {
  CHOZAI_RECORD_IDS,
  CSV_COLUMNS,
  type DispensingFileFormat,
  csvHeaderPosition,
  csvPrescriptionKey,
  detectFileFormat,
  FILE_FORMAT_MESSAGES,
  isBlankRecord,
  physicalLines,
  receiptRecordId,
  repeatsHeader,
  townLevelAddress,
} from '@pharmalytics/domain';
import { type CsvRecord, decodeText, readCsvRecords } from '@pharmalytics/domain/file-reading';

/** A keyed, irreversible stand-in for a patient identifier: the server never sees the original. */
export function patientKey(secret: string, ...parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join('\u0000')).digest('base64url').slice(0, 32);
}

/** What may leave the pharmacy, or why the file must not. */
export type Pseudonymized =
  { ok: true; format: DispensingFileFormat; bytes: Buffer } | { ok: false; message: string };

type Rewritten = { ok: true; text: string } | { ok: false; message: string };

/**
 * What leaves the pharmacy: patient identifiers replaced by keyed hashes, names, insurance card
 * numbers and house numbers removed, values of columns the server does not read left out.
 * The file is read exactly as the server reads it (same decoding, same format detector, same CSV
 * records), so whatever the server would load is protected; a file the server would not take is
 * not sent at all. Output is UTF-8 with the same line numbers as the source.
 */
export function pseudonymize(source: Uint8Array, secret: string): Pseudonymized {
  let text: string;
  try {
    text = decodeText(source).text;
  } catch {
    return { ok: false, message: FILE_FORMAT_MESSAGES.unreadable };
  }
  const detected = detectFileFormat(text);
  if (detected.format === null) return { ok: false, message: detected.message };
  const out =
    detected.format === 'uke' ? pseudonymizeUke(text, secret) : pseudonymizeCsv(text, secret);
  if (!out.ok) return out;
  // The server must take the result for the same format, or it is not sent.
  const again = detectFileFormat(out.text);
  if (again.format !== detected.format) {
    return {
      ok: false,
      message: again.format === null ? again.message : FILE_FORMAT_MESSAGES.unknown(again.lineNo),
    };
  }
  return { ok: true, format: detected.format, bytes: Buffer.from(out.text, 'utf8') };
}

/** Number of line breaks in a value. */
const breaks = (value: string) => value.split('\n').length - 1;

/** A replacement that spans as many lines as the value it replaces, so line numbers stay. */
function sameLines(original: string, replacement: string): string {
  const missing = breaks(original) - breaks(replacement);
  return missing > 0 ? replacement + '\n'.repeat(missing) : replacement;
}

const csvField = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

type ColumnRole = 'patient_id' | 'patient_address' | 'kept' | 'dropped';

const KNOWN_COLUMNS = new Set<string>(CSV_COLUMNS);
const KEY_COLUMNS = ['dispensing_date', 'reception_id', 'prescription_no'] as const;
/** Filler of a cell whose column cannot be told (a line with another count of columns). */
const UNREADABLE = '*';

function roleOf(name: string): ColumnRole {
  if (name === 'patient_id' || name === 'patient_address') return name;
  return KNOWN_COLUMNS.has(name) ? 'kept' : 'dropped';
}

/**
 * Our CSV: patient_id hashed, patient_address cut to town level, values of unknown columns left
 * out. A line with another number of columns than the header cannot be read column by column: it
 * keeps only its prescription key when other lines have that key (so the server still refuses
 * the whole prescription), and every other value becomes `*`.
 */
function pseudonymizeCsv(text: string, secret: string): Rewritten {
  const read = readCsvRecords(text);
  if (!read.ok) return { ok: false, message: read.message };
  const records = read.records.filter((r) => !isBlankRecord(r.fields));
  const { markAt, headerAt } = csvHeaderPosition(records.map((r) => r.fields));
  const header = headerAt === null ? undefined : records[headerAt];
  const names = header?.fields.map((f) => f.trim()) ?? [];
  const roles = names.map(roleOf);
  const keyAt = KEY_COLUMNS.map((c) => names.indexOf(c));
  const [dateAt, receptionAt, noAt] = keyAt as [number, number, number];
  const keyOf = (fields: readonly string[]) =>
    keyAt.some((i) => i < 0)
      ? null
      : csvPrescriptionKey(fields[dateAt] ?? '', fields[receptionAt] ?? '', fields[noAt] ?? '');

  const isData = (r: CsvRecord, i: number) =>
    headerAt !== null && i > headerAt && !repeatsHeader(r.fields, header!.fields);
  const alignedKeys = new Set<string>();
  records.forEach((r, i) => {
    if (!isData(r, i) || r.fields.length !== names.length) return;
    const key = keyOf(r.fields);
    if (key) alignedKeys.add(key);
  });

  const rewrite = (r: CsvRecord, i: number): string[] => {
    if (i === markAt) {
      // The server reads the mark and the version; an unexpected version is quoted back.
      const version = (r.fields[1] ?? '').trim();
      return [r.fields[0]!, /^[\w.-]{0,16}$/.test(version) ? version : UNREADABLE];
    }
    if (!isData(r, i)) return r.fields;
    if (r.fields.length === names.length) {
      return r.fields.map((value, c) => {
        const v = value.trim();
        switch (roles[c]) {
          case 'patient_id':
            return v ? sameLines(value, patientKey(secret, v)) : value;
          case 'patient_address':
            return v ? sameLines(value, townLevelAddress(v)) : value;
          case 'dropped':
            return sameLines(value, '');
          default:
            return value;
        }
      });
    }
    const key = keyOf(r.fields);
    const keep = new Set(key && alignedKeys.has(key) ? keyAt : []);
    return r.fields.map((value, c) =>
      keep.has(c) || value.trim() === '' ? value : sameLines(value, UNREADABLE),
    );
  };

  const out: string[] = [];
  let line = 1;
  records.forEach((r, i) => {
    for (; line < r.lineNo; line++) out.push('');
    const written = rewrite(r, i).map(csvField).join(',');
    out.push(written);
    line += 1 + breaks(written);
  });
  return { ok: true, text: out.map((l) => l.replaceAll('\n', '\r\n')).join('\r\n') + '\r\n' };
}

/** Columns of the national receipt file that identify a person (record type → column numbers). */
const UKE_IDENTIFYING: Readonly<Record<string, readonly number[]>> = {
  RE: [35, 41], // 調剤録番号等, カタカナ氏名 (氏名 itself, column 4, becomes the key)
  HO: [2, 3], // 被保険者証等の記号・番号
  KO: [2], // 受給者番号
  SN: [4, 5, 7], // 記号, 番号, 受給者番号
};
const RE_NAME = 4;
const RE_BIRTH_DATE = 6;

/**
 * The receipt file, record by record as the server splits it (a record ID is read without
 * surrounding spaces): the patient's name becomes the key, identifying columns are emptied. A
 * record the server does not know is sent as its ID alone (or `*` when the ID is not a short
 * code), so that it is still refused on its line but none of its content leaves.
 */
function pseudonymizeUke(text: string, secret: string): Rewritten {
  const lines = physicalLines(text).map((line) => {
    if (line.trim() === '') return '';
    const id = receiptRecordId(line);
    if (!CHOZAI_RECORD_IDS.has(id)) return `${/^[0-9A-Za-z]{0,4}$/.test(id) ? id : UNREADABLE},`;
    const blank = UKE_IDENTIFYING[id];
    if (!blank) return line;
    const fields = line.split(',');
    const name = fields[RE_NAME]?.trim();
    if (id === 'RE' && name) {
      fields[RE_NAME] = patientKey(secret, name, (fields[RE_BIRTH_DATE] ?? '').trim());
    }
    for (const column of blank) if (column < fields.length) fields[column] = '';
    return fields.join(',');
  });
  return { ok: true, text: lines.join('\r\n') + '\r\n' };
}
