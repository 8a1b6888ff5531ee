import { DASHBOARD_METRICS, MESSAGES, type DashboardMetricSlug } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
// The dashboard card's own figures, so that this compares what the two screens really print.
import { cardFigures } from '../../../web/src/features/analytics/dashboard/figures.ts';
import { dashboardReportMail, type ReportMail } from './report-mail.ts';

const metric = (slug: DashboardMetricSlug) => DASHBOARD_METRICS.find((m) => m.slug === slug)!;

function mailInput(
  slug: DashboardMetricSlug,
  source: number | null,
  destination: number | null,
  comparisonComplete = true,
): ReportMail {
  const { label, unit } = metric(slug);
  return {
    to: 'admin@example.com',
    corporationName: 'はかた薬局',
    memberName: '管理 太郎',
    base: { from: '2026-04-01', to: '2026-04-30' },
    comparison: { from: '2025-04-01', to: '2025-04-30' },
    comparisonLabel: '前年同期',
    storeNames: ['天神店'],
    // The mail writes the change from the figures; the line's own change is what the mail call had.
    lines: [
      { slug, label, unit, source, destination, change: null, changeUnit: '%', comparisonComplete },
    ],
    dashboardUrl: 'https://example.com/service/dashboard',
    unsubscribeUrl: 'https://example.com/v2/mails/unsubscribe?token=x',
  };
}

const mailOf = (slug: DashboardMetricSlug, source: number | null, destination: number | null) =>
  dashboardReportMail(mailInput(slug, source, destination));

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

  it('writes a rate of 12 as 12.0% and its change in points, as the card does', () => {
    expect(card('generic_dispensing_rates', 12, 10).base).toBe('12.0%');
    expect(mailOf('generic_dispensing_rates', 12, 10).text).toContain(
      '後発医薬品調剤割合: 12.0%（比較 10.0%、増減 +2.0pt）',
    );
  });

  it('writes no change and the note when the stores lack data for part of the comparison', () => {
    const mail = dashboardReportMail(mailInput('dispensing_sales', 1200, 1000, false));
    expect(mail.text).toContain('調剤売上: 1,200円（比較 1,000円、増減 -）');
    expect(mail.text).toContain(`※ ${MESSAGES.comparisonIncomplete}`);
    expect(mail.html).toContain(`※ ${MESSAGES.comparisonIncomplete}`);
    expect(mailOf('dispensing_sales', 1200, 1000).text).not.toContain(
      MESSAGES.comparisonIncomplete,
    );
  });
});

describe('the report mail of an administrator', () => {
  const alert = {
    key: '1001/basic_fee/crossing/basic_2/2027-06-01',
    storeCode: '1001',
    storeName: '天神<本>店',
    ruleSet: 'basic_fee' as const,
    kind: 'crossing' as const,
    message:
      '天神<本>店: 2027年6月からの調剤基本料が 調剤基本料1 から 調剤基本料2 に変わる見込みです（集中率 86.1%、基準 85%超）',
  };
  const withAlerts = (alerts: (typeof alert)[]) =>
    dashboardReportMail({
      ...mailInput('dispensing_sales', 1, 1),
      alerts,
      facilityStandardsUrl: 'https://example.com/service/facility-standards',
    });

  it('lists its 施設基準 alerts in text and in escaped HTML', () => {
    const mail = withAlerts([alert]);
    expect(mail.text).toContain(
      [
        '■ 施設基準の見込み',
        `・${alert.message}`,
        '施設基準を見る: https://example.com/service/facility-standards',
      ].join('\n'),
    );
    expect(mail.html).toContain('<h2');
    expect(mail.html).toContain('<li>天神&#60;本&#62;店: 2027年6月からの調剤基本料が');
    expect(mail.html).not.toContain('天神<本>店');
  });

  it('has no section without alerts', () => {
    const mail = withAlerts([]);
    expect(mail.text).not.toContain('施設基準の見込み');
    expect(mail.html).not.toContain('施設基準の見込み');
  });
});
