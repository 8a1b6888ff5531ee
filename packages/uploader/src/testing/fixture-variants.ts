/**
 * The server's parser fixtures written the many ways receipt computers write files, and the
 * patient identifiers in them, for the tests that show no identifier gets past the uploader.
 */
import { fileURLToPath } from 'node:url';
import { physicalLines, receiptRecordId } from '@pharmalytics/domain';
import { decodeText, readCsvRecords } from '@pharmalytics/domain/file-reading';
import iconv from 'iconv-lite';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../server/src/ingestion/parsers/fixtures/${name}`, import.meta.url));

export const FIXTURES = {
  receipt: fixture('RECEIPTY.CYO'),
  'receipt (平成)': fixture('RECEIPTY_H31.CYO'),
  'receipt with bad claims': fixture('RECEIPTY_malformed.CYO'),
  csv: fixture('dispensing_20260401.csv'),
  medical: fixture('RECEIPTC.UKE'),
} as const;

/** Patient names (and カタカナ names) of a receipt file, or patient IDs of our CSV. */
export function identifiersOf(text: string): string[] {
  const found = new Set<string>();
  if (text.startsWith('YK,')) {
    for (const line of physicalLines(text)) {
      const fields = line.split(',');
      if (receiptRecordId(line) !== 'RE') continue;
      for (const i of [4, 41]) if (fields[i]?.trim()) found.add(fields[i]!.trim());
    }
  } else {
    const read = readCsvRecords(text);
    if (!read.ok) throw new Error(read.message);
    const header = read.records.find((r) => r.fields.includes('patient_id'))!;
    const at = header.fields.indexOf('patient_id');
    for (const r of read.records) {
      const value = r.fields[at]?.trim();
      if (r !== header && value) found.add(value);
    }
  }
  return [...found];
}

/** The same content with leading blank lines, a BOM, Shift_JIS or UTF-8, CRLF, LF or CR, spaces. */
export function variantsOf(source: Buffer): Record<string, Buffer> {
  const { text, encoding } = decodeText(source);
  const as = (t: string, e = encoding) =>
    e === 'utf-8' ? Buffer.from(t) : iconv.encode(t, 'cp932');
  const crlf = (t: string) => t.replaceAll('\n', '\r\n');
  const spaced = physicalLines(text)
    .map((l) => (l ? `  ${l}` : l))
    .join('\n');
  return {
    'as written': source,
    'after blank lines': Buffer.concat([Buffer.from('\r\n\r\n'), source]),
    'after a line of spaces': Buffer.concat([Buffer.from(' \t \n'), source]),
    'UTF-8 with BOM': Buffer.from(`\ufeff${crlf(text)}`),
    'Shift_JIS (cp932)': iconv.encode(crlf(text), 'cp932'),
    'LF line ends': as(text),
    'CR line ends': as(text.replaceAll('\n', '\r')),
    'lines indented': as(crlf(spaced)),
    'all at once': Buffer.concat([
      Buffer.from('\ufeff\r\n   \r\n'),
      Buffer.from(spaced.replaceAll('\n', '\r')),
    ]),
  };
}
