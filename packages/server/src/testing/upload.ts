import { CSV_COLUMNS, CSV_FORMAT_MARK } from '@pharmalytics/domain';
import { readCsvRecords } from '@pharmalytics/domain/file-reading';
import type { TestApp } from './test-app.ts';

/** The uploader credentials of a store, read back from the database. */
export async function deviceCredentials(t: TestApp, storeCode: string) {
  const row = await t.db
    .selectFrom('device_users as u')
    .innerJoin('stores as s', (j) =>
      j.onRef('s.id', '=', 'u.store_id').onRef('s.corporation_id', '=', 'u.corporation_id'),
    )
    .select(['u.user_name', 'u.key_sealed'])
    .where('s.store_code', '=', storeCode)
    .executeTakeFirstOrThrow();
  return { user: row.user_name, key: t.box.open(row.key_sealed) };
}

/** Columns a file of our CSV format may leave out. */
const OPTIONAL_COLUMNS: readonly string[] = ['days'];

/** The header of the lines: every column, or without the optional ones when the lines have fewer. */
function headerOf(lines: readonly string[]): readonly string[] {
  const read = readCsvRecords(lines[0] ?? '');
  const fields = read.ok ? (read.records[0]?.fields.length ?? 0) : 0;
  return fields < CSV_COLUMNS.length
    ? CSV_COLUMNS.filter((c) => !OPTIONAL_COLUMNS.includes(c))
    : CSV_COLUMNS;
}

/** A file of our CSV format: version line, header, the given lines, CRLF. */
export const dispensingCsv = (...lines: string[]) =>
  Buffer.from([`${CSV_FORMAT_MARK},1`, headerOf(lines).join(','), ...lines].join('\r\n'));

/** Sends a file as the store's uploader does. */
export async function uploadFile(
  t: TestApp,
  storeCode: string,
  body: Buffer,
  fileName = 'dispensing.csv',
  key?: string,
) {
  const c = await deviceCredentials(t, storeCode);
  const response = await fetch(`${t.baseUrl}/uploader/v1/files`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${c.user}:${key ?? c.key}`).toString('base64')}`,
      'content-type': 'application/octet-stream',
      'x-file-name': encodeURIComponent(fileName),
    },
    body,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: (await response.json()) as any };
}

/** Sends CSV lines (in CSV_COLUMNS order) as one file of the store. */
export const uploadAs = (t: TestApp, storeCode: string, lines: string[]) =>
  uploadFile(t, storeCode, dispensingCsv(...lines));
