import { expect, type Page } from '@playwright/test';
import { CSV_COLUMNS, CSV_FORMAT_MARK, type DispensingCsvColumn } from '@pharmalytics/domain';

/** One line of our dispensing CSV, by column name; columns left out are empty. */
export type CsvLine = Partial<Record<DispensingCsvColumn, string | number>>;

/** A dispensing file of our CSV format (version line, header, lines; CRLF). */
export function dispensingCsv(lines: readonly CsvLine[]): string {
  const row = (line: CsvLine) => CSV_COLUMNS.map((c) => String(line[c] ?? '')).join(',');
  return [`${CSV_FORMAT_MARK},1`, CSV_COLUMNS.join(','), ...lines.map(row)].join('\r\n');
}

/**
 * Sends a file as a store's uploader, with the device credentials its administrator sees (the
 * page must be signed in as an administrator of the store's corporation). A file sent before is
 * answered as a duplicate, so tests may send the same file again.
 */
export async function uploadAsStore(
  page: Page,
  storeCode: string,
  fileName: string,
  text: string,
): Promise<void> {
  const store = (await (await page.request.get(`/v3/branches/${storeCode}`)).json()) as {
    clientDeviceUser: { name: string; plainTextPassword: string };
  };
  const { name, plainTextPassword } = store.clientDeviceUser;
  const reply = await page.request.post('/uploader/v1/files', {
    headers: {
      authorization: `Basic ${Buffer.from(`${name}:${plainTextPassword}`).toString('base64')}`,
      'content-type': 'application/octet-stream',
      'x-file-name': encodeURIComponent(fileName),
    },
    data: Buffer.from(text),
  });
  expect(reply.status()).toBe(200);
  expect(['loaded', 'duplicate']).toContain(((await reply.json()) as { status: string }).status);
}
