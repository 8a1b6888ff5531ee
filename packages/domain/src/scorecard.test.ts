import { describe, expect, it } from 'vitest';
import { DASHBOARD_METRIC_SLUGS } from './metrics.ts';
import { analysisPageByRoute, pageOffersMetric } from './pages.ts';
import { DASHBOARD_DEFINED_METRICS, metricDefinition, SCORECARD_KPIS } from './scorecard.ts';

describe('the scorecard KPIs', () => {
  it('are the eleven dashboard metrics, then per pharmacist, 技術料単価 and 薬剤料比率', () => {
    expect(SCORECARD_KPIS.map((k) => k.key)).toEqual([
      ...DASHBOARD_METRIC_SLUGS,
      'prescriptions_per_pharmacist',
      'technical_fee_unit_price',
      'medicine_fee_ratio',
    ]);
  });

  it('open an analysis page that offers the metric they name', () => {
    for (const kpi of SCORECARD_KPIS) {
      const page = analysisPageByRoute(kpi.opens.route);
      expect(page, kpi.key).toBeDefined();
      expect(pageOffersMetric(page!, kpi.opens.metric), kpi.key).toBe(true);
    }
  });

  it('say how each is counted', () => {
    for (const kpi of SCORECARD_KPIS) expect(kpi.definition.length, kpi.key).toBeGreaterThan(5);
  });

  it('lend the 集中率 dashboard cards the same definition as the scorecard column', () => {
    for (const slug of DASHBOARD_DEFINED_METRICS) {
      expect(metricDefinition(slug)).toBe(SCORECARD_KPIS.find((k) => k.key === slug)!.definition);
      expect(metricDefinition(slug)).toContain('加重平均');
    }
    expect(metricDefinition('unknown')).toBeUndefined();
  });
});
