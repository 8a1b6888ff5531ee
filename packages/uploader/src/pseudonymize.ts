import { createHmac } from 'node:crypto';
import { townLevelAddress } from '@pharmalytics/domain';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import iconv from 'iconv-lite';

export type SourceFormat = 'pharmalytics-csv' | 'uke' | 'other';

/** A keyed, irreversible stand-in for a patient identifier: the server never sees the original. */
export function patientKey(secret: string, ...parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join('\u0000')).digest('base64url').slice(0, 32);
}

function decode(bytes: Buffer): string {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  try {
    return utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return iconv.decode(bytes, 'cp932');
  }
}

/**
 * What leaves the pharmacy: patient identifiers replaced by keyed hashes, names, insurance card
 * numbers and house numbers removed. Everything else is kept as it is. Output is UTF-8.
 */
export function pseudonymize(
  bytes: Buffer,
  secret: string,
): { bytes: Buffer; format: SourceFormat } {
  const text = decode(bytes);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  if (firstLine.startsWith('YK,'))
    return { bytes: Buffer.from(pseudonymizeUke(text, secret)), format: 'uke' };
  if (/(^|,)patient_id(,|$)/m.test(text.slice(0, 2000))) {
    return { bytes: Buffer.from(pseudonymizeCsv(text, secret)), format: 'pharmalytics-csv' };
  }
  return { bytes, format: 'other' };
}

/** Our CSV format: patient_id hashed, patient_address cut to town level. */
function pseudonymizeCsv(text: string, secret: string): string {
  const rows: string[][] = parse(text, { relax_column_count: true, skip_empty_lines: true });
  const headerIndex = rows.findIndex((row) => !row[0]?.startsWith('#'));
  const header = rows[headerIndex] ?? [];
  const idColumn = header.indexOf('patient_id');
  const addressColumn = header.indexOf('patient_address');
  const out = rows.map((row, i) => {
    if (i <= headerIndex) return row;
    const copy = [...row];
    if (idColumn >= 0 && copy[idColumn]) copy[idColumn] = patientKey(secret, copy[idColumn]);
    if (addressColumn >= 0 && copy[addressColumn])
      copy[addressColumn] = townLevelAddress(copy[addressColumn]);
    return copy;
  });
  return stringify(out, { record_delimiter: '\r\n' });
}

/** Columns of the national receipt file that identify a person (record type → column numbers). */
const UKE_IDENTIFYING: Record<string, number[]> = {
  RE: [35, 41], // 調剤録番号等, カタカナ氏名 (氏名 itself, column 4, becomes the key)
  HO: [2, 3], // 被保険者証等の記号・番号
  KO: [2], // 受給者番号
  SN: [4, 5, 7], // 記号, 番号, 受給者番号
};
const RE_NAME = 4;
const RE_BIRTH_DATE = 6;

function pseudonymizeUke(text: string, secret: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      const fields = line.split(',');
      const type = fields[0] ?? '';
      const blank = UKE_IDENTIFYING[type];
      if (!blank) return line;
      if (type === 'RE' && fields[RE_NAME]) {
        fields[RE_NAME] = patientKey(secret, fields[RE_NAME], fields[RE_BIRTH_DATE] ?? '');
      }
      for (const column of blank) if (column < fields.length) fields[column] = '';
      return fields.join(',');
    })
    .join('\r\n');
}
