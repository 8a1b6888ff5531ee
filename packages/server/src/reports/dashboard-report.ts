import {
  DASHBOARD_METRICS,
  metricChange,
  type ChangeUnit,
  type DashboardMetricSlug,
  type DateRange,
} from '@pharmalytics/domain';
import type { AnalysisScope } from '../access/analysis-scope.ts';
import { periodComplete } from '../analytics/coverage.ts';
import type { MetricCache } from '../analytics/metric-cache.ts';

export interface ReportLine {
  slug: DashboardMetricSlug;
  label: string;
  unit: string;
  source: number | null;
  destination: number | null;
  /** The change as the dashboard gives it: a rate's in points, an amount's or count's in %. */
  change: number | null;
  changeUnit: ChangeUnit;
  /** Whether the stores' facts cover the whole comparison period. */
  comparisonComplete: boolean;
}

/**
 * The dashboard's eleven totals for a base and a comparison period within a scope: the same
 * answers as the dashboard's (the analytics cache), so a mail reads as the screen does.
 */
export async function dashboardReport(
  metrics: MetricCache,
  scope: AnalysisScope,
  base: DateRange,
  comparison: DateRange,
): Promise<ReportLine[]> {
  const comparisonComplete = await periodComplete(metrics, scope, comparison);
  const lines: ReportLine[] = [];
  for (const metric of DASHBOARD_METRICS) {
    const slug = metric.slug as DashboardMetricSlug;
    const common = { scope, axis: 2 as const };
    const [[source], [destination]] = await Promise.all([
      metrics.metric(slug, { ...common, ...base }),
      metrics.metric(slug, { ...common, ...comparison }),
    ]);
    const { change, changeUnit } = metricChange(metric.unit, source!.total, destination!.total);
    lines.push({
      slug,
      label: metric.label,
      unit: metric.unit,
      source: source!.total,
      destination: destination!.total,
      change: comparisonComplete ? change : null,
      changeUnit,
      comparisonComplete,
    });
  }
  return lines;
}
