import { DASHBOARD_METRIC_SLUGS } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { defaultCondition, type SearchCondition } from '../../search-condition/index.ts';
import type { DashboardMetricData } from './figures.ts';
import { canSendMail, isMailPeriod, mailBody, type LoadedMetrics } from './mail.ts';

const lastMonthVsLastYear: SearchCondition = {
  ...defaultCondition('2026-11-21'),
  preset: 2,
  base: { from: '2026-10-01', to: '2026-10-31' },
  comparisonType: 2,
};

const metric = (base: number | null, comparison: number | null): DashboardMetricData => ({
  source: { rows: [], total: base },
  destination: { rows: [], total: comparison },
});

const allLoaded: LoadedMetrics = Object.fromEntries(
  DASHBOARD_METRIC_SLUGS.map((slug) => [slug, metric(110, 100)]),
);

describe('the send-mail rule', () => {
  it('needs last month against the previous year', () => {
    expect(isMailPeriod(lastMonthVsLastYear)).toBe(true);
    expect(isMailPeriod({ ...lastMonthVsLastYear, comparisonType: 1 })).toBe(false);
    expect(isMailPeriod({ ...lastMonthVsLastYear, preset: 99 })).toBe(false);
    expect(isMailPeriod(defaultCondition('2026-11-21'))).toBe(false);
  });

  it('needs all eleven metrics loaded', () => {
    expect(canSendMail(lastMonthVsLastYear, allLoaded)).toBe(true);
    const { dispensing_sales: _dropped, ...ten } = allLoaded;
    expect(canSendMail(lastMonthVsLastYear, ten)).toBe(false);
    expect(canSendMail(lastMonthVsLastYear, {})).toBe(false);
    expect(canSendMail({ ...lastMonthVsLastYear, comparisonType: 1 }, allLoaded)).toBe(false);
  });
});

describe('mailBody', () => {
  it('sends both periods and each metric with its change and direction', () => {
    const loaded: LoadedMetrics = {
      ...allLoaded,
      dispensing_sales: metric(1_200_000, 1_000_000),
      prescription_counts: metric(90, 100),
      prescription_unit_price: metric(5000, 5000),
      generic_dispensing_rates: metric(85.5, null),
      medicine_note_rates: metric(40, 0),
      prescription_concentration_rates: metric(72.4, 74.9),
      patient_counts: { ...metric(120, 100), comparisonComplete: false },
    };
    const body = mailBody(lastMonthVsLastYear, loaded)!;
    expect(body).toMatchObject({
      base_from: '2026-10-01',
      base_to: '2026-10-31',
      comparison_target_from: '2025-10-01',
      comparison_target_to: '2025-10-31',
    });
    const metrics = body.metrics ?? [];
    expect(metrics.map((m) => m.slug)).toEqual([...DASHBOARD_METRIC_SLUGS]);
    const bySlug = Object.fromEntries(metrics.map((m) => [m.slug, m]));
    expect(bySlug.dispensing_sales).toEqual({
      slug: 'dispensing_sales',
      sourceValue: 1_200_000,
      destinationValue: 1_000_000,
      comparisonRatio: 20,
      rationStyle: 'up',
    });
    expect(bySlug.prescription_counts).toMatchObject({ comparisonRatio: -10, rationStyle: 'down' });
    expect(bySlug.prescription_unit_price).toMatchObject({
      comparisonRatio: 0,
      rationStyle: 'flat',
    });
    expect(bySlug.generic_dispensing_rates).toMatchObject({
      destinationValue: null,
      comparisonRatio: null,
      rationStyle: 'none',
    });
    // A rate's change is sent in points, as the card writes it: 40.0 % against 0 % is +40.0pt.
    expect(bySlug.medicine_note_rates).toMatchObject({
      comparisonRatio: 40,
      rationStyle: 'up',
    });
    expect(bySlug.prescription_concentration_rates).toMatchObject({
      comparisonRatio: -2.5,
      rationStyle: 'down',
    });
    // The card writes no change for an incomplete comparison; neither does the mail.
    expect(bySlug.patient_counts).toMatchObject({
      sourceValue: 120,
      destinationValue: 100,
      comparisonRatio: null,
      rationStyle: 'none',
    });
  });

  it('is null until every metric has loaded', () => {
    expect(mailBody(lastMonthVsLastYear, { dispensing_sales: metric(1, 1) })).toBeNull();
  });
});
