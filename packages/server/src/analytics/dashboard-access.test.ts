import {
  DASHBOARD_METRIC_SLUGS,
  FORM_MESSAGES,
  comparisonRange,
  type DateRange,
} from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../testing/http-client.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { generatedWorld, uploadGeneratedMonths } from '../testing/generated-history.ts';

let t: TestApp;
let admin: HttpClient;
let sysadmin: HttpClient;
beforeAll(async () => {
  t = await startTestApp();
  // Two months of generated history for three stores, sent as their uploaders would.
  await uploadGeneratedMonths(
    t,
    generatedWorld(7),
    ['1001', '1002', '1003'],
    ['2026-09', '2026-10'],
  );
  admin = t.client();
  await admin.login('admin@example.com');
  sysadmin = t.client();
  await sysadmin.login('sysadmin@example.com');
}, 120_000);
afterAll(() => t.close());

const query = (base: DateRange, comparison: DateRange, axis: number, stores: string[]) =>
  new URLSearchParams({
    baseFrom: base.from,
    baseTo: base.to,
    comparisonTargetFrom: comparison.from,
    comparisonTargetTo: comparison.to,
    periodCode: String(axis),
    storeCodes: stores.join(','),
  });

/** A small deterministic generator, so that a failing condition can be replayed. */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
}

const day = (offset: number) => {
  const d = new Date(Date.UTC(2026, 8, 1 + offset));
  return d.toISOString().slice(0, 10);
};

describe('v2 (raw facts) and v3 (engine) agree', () => {
  it('on random periods, axes, comparison types and store sets, for every metric', async () => {
    const pick = random(20261121);
    const storeSets = [['1001'], ['1002', '1003'], ['1001', '1002', '1003']];
    for (let i = 0; i < 12; i++) {
      const start = pick(55);
      const base = { from: day(start), to: day(start + pick(61 - start)) };
      const comparison = comparisonRange(base, (1 + pick(2)) as 1 | 2);
      const q = query(base, comparison, 1 + pick(4), storeSets[pick(3)]!);
      for (const slug of DASHBOARD_METRIC_SLUGS) {
        const [v2, v3] = await Promise.all([
          sysadmin.get(`/v2/dashboard/${slug}?${q}`),
          sysadmin.get(`/v3/dashboard/${slug}?${q}`),
        ]);
        expect(v3.status, `${slug} ${q}`).toBe(200);
        expect(v3.body, `${slug} ${q}`).toEqual(v2.body);
      }
    }
  }, 120_000);

  it('sees the loaded history: about fifty sheets a store a day at about 9,400 yen', async () => {
    const reply = await admin.get(
      `/v3/dashboard/prescription_unit_price?${query({ from: '2026-10-01', to: '2026-10-31' }, { from: '2026-09-01', to: '2026-09-30' }, 2, ['1001'])}`,
    );
    expect(reply.body.source.total).toBeGreaterThan(7000);
    expect(reply.body.source.total).toBeLessThan(12000);
  });
});

describe('dashboard access', () => {
  const week = query(
    { from: '2026-10-01', to: '2026-10-07' },
    { from: '2026-09-24', to: '2026-09-30' },
    3,
    ['1001'],
  );

  it('refuses a role-user member a store outside its browsable stores', async () => {
    const user = t.client();
    await user.login('user@example.com'); // browses 1001 and 1002
    expect((await user.get(`/v3/dashboard/dispensing_sales?${week}`)).status).toBe(200);
    const outside = week.toString().replace('storeCodes=1001', 'storeCodes=1001%2C1003');
    expect((await user.get(`/v3/dashboard/dispensing_sales?${outside}`)).status).toBe(403);
    expect((await user.get(`/v2/dashboard/dispensing_sales?${outside}`)).status).toBe(403);
  });

  it('keeps the development twin (/v2) to system administrators', async () => {
    expect((await sysadmin.get(`/v2/dashboard/dispensing_sales?${week}`)).status).toBe(200);
    expect((await admin.get(`/v2/dashboard/dispensing_sales?${week}`)).status).toBe(403);
  });

  it('refuses stores of another corporation and unknown codes', async () => {
    const other = week.toString().replace('storeCodes=1001', 'storeCodes=3001');
    expect((await admin.get(`/v3/dashboard/dispensing_sales?${other}`)).status).toBe(403);
  });

  it('is closed to the free plan and to visitors without a session', async () => {
    const free = t.client();
    await free.login('free@example.com');
    expect((await free.get(`/v3/dashboard/dispensing_sales?${week}`)).status).toBe(403);
    expect((await t.client().get(`/v3/dashboard/dispensing_sales?${week}`)).status).toBe(401);
  });

  it('answers a bad condition with the period menu’s messages and changes nothing', async () => {
    const noStore = week.toString().replace('storeCodes=1001', 'storeCodes=');
    const a = await admin.get(`/v3/dashboard/dispensing_sales?${noStore}`);
    expect(a.status).toBe(400);
    expect(a.body.message).toBe(FORM_MESSAGES.storeRequired);
    const reversed = query(
      { from: '2026-10-07', to: '2026-10-01' },
      { from: '2026-09-24', to: '2026-09-30' },
      3,
      ['1001'],
    );
    const b = await admin.get(`/v3/dashboard/dispensing_sales?${reversed}`);
    expect(b.status).toBe(400);
    expect(b.body.message).toBe('開始日は終了日より後には設定できません');
    const long = query(
      { from: '2024-01-01', to: '2026-01-01' },
      { from: '2022-01-01', to: '2024-01-01' },
      3,
      ['1001'],
    );
    const c = await admin.get(`/v3/dashboard/dispensing_sales?${long}`);
    expect(c.status).toBe(400);
    expect(c.body.message).toBe('日次で2年以上は選択できません');
    const unknown = await admin.get(`/v3/dashboard/no_such_metric?${week}`);
    expect(unknown.status).toBe(400);
  });
});
