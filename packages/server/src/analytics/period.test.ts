import {
  AXIS_MAX_YEARS,
  FORM_MESSAGES,
  INPUT_LIMITS,
  INPUT_MESSAGES,
  type DateRange,
} from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../testing/http-client.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let sysadmin: HttpClient;
beforeAll(async () => {
  t = await startTestApp();
  sysadmin = t.client();
  await sysadmin.login('sysadmin@example.com');
}, 120_000);
afterAll(() => t.close());

/** A date outside 1900–2100 is refused by the request schema, naming the field's rule. */
const expectOutOfRange = (body: { message: string; errors?: { message: string }[] }) => {
  const { dateYearMin, dateYearMax } = INPUT_LIMITS;
  expect(body.errors?.map((e) => e.message)).toContain(
    INPUT_MESSAGES.dateRange(dateYearMin, dateYearMax),
  );
};

const MONTHLY = 2;
const DAILY = 3;
const week = { from: '2026-10-01', to: '2026-10-07' };

const dashboard = (version: 'v2' | 'v3', base: DateRange, comparison: DateRange, axis: number) =>
  sysadmin.get<{ message: string }>(
    `/${version}/dashboard/patient_counts?${new URLSearchParams({
      baseFrom: base.from,
      baseTo: base.to,
      comparisonTargetFrom: comparison.from,
      comparisonTargetTo: comparison.to,
      periodCode: String(axis),
      storeCodes: '1001',
    })}`,
  );

/** The same condition on the engine (/v3) and on its development twin (/v2). */
const onBothTwins = (base: DateRange, comparison: DateRange, axis: number) =>
  Promise.all([dashboard('v2', base, comparison, axis), dashboard('v3', base, comparison, axis)]);

describe('periods are bounded before any query runs', () => {
  it('refuses year 0000 with 400, not a database error', async () => {
    for (const version of ['v2', 'v3'] as const) {
      const reply = await dashboard(version, { from: '0000-01-01', to: '2026-10-07' }, week, DAILY);
      expect(reply.status).toBe(400);
      expectOutOfRange(reply.body);
      const comparison = await dashboard(
        version,
        week,
        { from: '2026-10-01', to: '0000-12-31' },
        1,
      );
      expect(comparison.status).toBe(400);
    }
  });

  it('refuses monthly buckets from 0001 to 9999 at once', async () => {
    const started = performance.now();
    for (const reply of await onBothTwins(
      { from: '0001-01-01', to: '9999-12-31' },
      { from: '0001-01-01', to: '9999-12-31' },
      MONTHLY,
    )) {
      expect(reply.status).toBe(400);
      expectOutOfRange(reply.body);
    }
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses more than ten years on the monthly axis, within the calendar', async () => {
    const reply = await dashboard(
      'v3',
      { from: '2016-10-01', to: '2026-10-01' },
      { from: '2006-10-01', to: '2016-10-01' },
      MONTHLY,
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(FORM_MESSAGES.periodTooLong(AXIS_MAX_YEARS.monthly, '月次'));
    const tenYears = await dashboard(
      'v3',
      { from: '2016-10-02', to: '2026-10-01' },
      { from: '2006-10-02', to: '2016-10-01' },
      MONTHLY,
    );
    expect(tenYears.status).toBe(200);
  });

  it('refuses 731 days on the daily axis with the spec message', async () => {
    for (const reply of await onBothTwins(
      { from: '2024-10-07', to: '2026-10-07' },
      { from: '2022-10-07', to: '2024-10-06' },
      DAILY,
    )) {
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(FORM_MESSAGES.dailyAxisTooLong);
    }
  });

  it('bounds the periods of a report mail too', async () => {
    const reply = await sysadmin.request<{ message: string }>('POST', '/v2/mails/dashboard', {
      body: {
        base_from: '2026-10-01',
        base_to: '2026-10-31',
        comparison_target_from: '1800-10-01',
        comparison_target_to: '1800-10-31',
      },
    });
    expect(reply.status).toBe(400);
    expectOutOfRange(reply.body);
  });
});
