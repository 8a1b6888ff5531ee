import { DASHBOARD_METRICS, type DashboardMetricSlug } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
// The dashboard card's own figures, so that this compares what the two screens really print.
import { cardFigures } from '../../../web/src/features/analytics/dashboard/figures.ts';
import { dashboardReportMail } from './report-mail.ts';

const metric = (slug: DashboardMetricSlug) => DASHBOARD_METRICS.find((m) => m.slug === slug)!;

function mailOf(slug: DashboardMetricSlug, source: number | null, destination: number | null) {
  const { label, unit } = metric(slug);
  return dashboardReportMail({
    to: 'admin@example.com',
    corporationName: 'はかた薬局',
    memberName: '管理 太郎',
    base: { from: '2026-04-01', to: '2026-04-30' },
    comparison: { from: '2025-04-01', to: '2025-04-30' },
    comparisonLabel: '前年同期',
    storeNames: ['天神店'],
    lines: [{ slug, label, unit, source, destination, change: null }],
    dashboardUrl: 'https://example.com/service/dashboard',
    unsubscribeUrl: 'https://example.com/v2/mails/unsubscribe?token=x',
  });
}

const card = (slug: DashboardMetricSlug, source: number | null, destination: number | null) =>
  cardFigures(metric(slug), {
    source: { rows: [], total: source },
    destination: { rows: [], total: destination },
  });

describe('the report mail', () => {
  it.each<[DashboardMetricSlug, number, number | null]>([
    ['generic_dispensing_rates', 12, 10],
    ['dispensing_sales', 1_234_567, 1_000_000],
    ['prescription_counts', 2, 1],
    ['patient_counts', 80, null],
  ])('writes %s as the dashboard card does', (slug, source, destination) => {
    const figures = card(slug, source, destination);
    const line = `${metric(slug).label}: ${figures.base}（比較 ${figures.comparison}、増減 ${figures.change}）`;
    const mail = mailOf(slug, source, destination);
    expect(mail.text).toContain(line);
    expect(mail.html).toContain(`>${figures.base}</td>`);
  });

  it('writes a rate of 12 as 12.0%, as the card does', () => {
    expect(card('generic_dispensing_rates', 12, 10).base).toBe('12.0%');
    expect(mailOf('generic_dispensing_rates', 12, 10).text).toContain(
      '後発医薬品調剤割合: 12.0%（比較 10.0%、増減 +20.0%）',
    );
  });
});
