import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../testing/http-client.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { uploadAs } from '../testing/upload.ts';
import { dataVersion } from './data-version.ts';

/**
 * The dashboard keeps its answers by data version: an answer is served again while the
 * corporation's facts stand, and replaced by the next call once an upload of new facts commits.
 * Store 1001 (保険薬局コード 4041100018); a sheet's sales are its fee points × 10 + medicine yen.
 */
function sheet(date: string, reception: string, patient: string, feePoints: number, yen: number) {
  const common = `4041100018,${date},09:00,${reception},1,P-${patient},2,1950-01,,,社保,外来,再来,1,4011000011,Xクリニック,,内科,,`;
  return [
    `${common},FEE,120000110,調剤基本料,調剤基本料,${feePoints},1,,,`,
    `${common},MEDICINE,620000001,薬,,${yen / 10},1,10,錠,${yen}`,
  ];
}

let t: TestApp;
let admin: HttpClient;
let corporationId: number;
beforeAll(async () => {
  t = await startTestApp();
  ({ id: corporationId } = await t.db
    .selectFrom('stores')
    .select('corporation_id as id')
    .where('store_code', '=', '1001')
    .executeTakeFirstOrThrow());
  const reply = await uploadAs(t, '1001', sheet('2026-04-01', 'R1', 'A', 45, 280));
  expect(reply.body).toMatchObject({ status: 'loaded', prescriptionsLoaded: 1 });
  admin = t.client();
  await admin.login('admin@example.com');
});
afterAll(() => t.close());

const QUERY = new URLSearchParams({
  baseFrom: '2026-04-01',
  baseTo: '2026-04-03',
  comparisonTargetFrom: '2026-03-29',
  comparisonTargetTo: '2026-03-31',
  periodCode: '3',
  storeCodes: '1001',
});

/** [total, 04-01, 04-02, 04-03] of the base period. */
async function base(slug: string) {
  const reply = await admin.get<{ source: { total: number; rows: { value: number }[] } }>(
    `/v3/dashboard/${slug}?${QUERY}`,
  );
  expect(reply.status).toBe(200);
  return [reply.body.source.total, ...reply.body.source.rows.map((r) => r.value)];
}

describe('dashboard answers and uploads', () => {
  it('serves a kept answer while the facts stand and the new one after an upload commits', async () => {
    expect(await base('dispensing_sales')).toEqual([730, 730, 0, 0]);
    expect(await base('patient_counts')).toEqual([1, 1, 0, 0]);

    // A change that bypasses the loader leaves the data version (and the change log that the
    // analytics replica follows), so the kept answer is served: the answers are indeed kept.
    const bypass = (yen: number) =>
      sql`update prescriptions set sales_yen = sales_yen + ${yen}
        where corporation_id = ${corporationId}`.execute(t.db);
    await bypass(1_000_000);
    expect(await base('dispensing_sales')).toEqual([730, 730, 0, 0]);
    await bypass(-1_000_000);

    // An upload commits new facts: the next call answers them.
    const version = await dataVersion(t.db, corporationId);
    const reply = await uploadAs(t, '1001', sheet('2026-04-02', 'R2', 'B', 45, 500));
    expect(reply.body).toMatchObject({ status: 'loaded', prescriptionsLoaded: 1 });
    expect(await dataVersion(t.db, corporationId)).toBe(version + 1);
    expect(await base('dispensing_sales')).toEqual([1680, 730, 950, 0]);
    expect(await base('patient_counts')).toEqual([2, 1, 1, 0]);
  });

  it('keeps the version for a file that loads no facts', async () => {
    const version = await dataVersion(t.db, corporationId);
    // The same file again is a duplicate; a file of another pharmacy's lines is refused.
    const duplicate = await uploadAs(t, '1001', sheet('2026-04-02', 'R2', 'B', 45, 500));
    expect(duplicate.body).toMatchObject({ status: 'duplicate' });
    const foreign = sheet('2026-04-03', 'R3', 'C', 45, 500).map((line) =>
      line.replace(/^4041100018/, '4041100026'),
    );
    const refused = await uploadAs(t, '1001', foreign);
    expect(refused.body).toMatchObject({ status: 'loaded', prescriptionsLoaded: 0 });
    expect(await dataVersion(t.db, corporationId)).toBe(version);
    expect(await base('dispensing_sales')).toEqual([1680, 730, 950, 0]);
  });
});
