import {
  DASHBOARD_METRICS,
  type DashboardMetricSlug,
  type DateRange,
  percentChange,
} from '@pharmalytics/domain';
import type { AnalysisScope } from '../access/analysis-scope.ts';
import type { Database } from '../db/connection.ts';
import { computeMetric } from '../analytics/engine.ts';

export interface ReportLine {
  slug: DashboardMetricSlug;
  label: string;
  unit: string;
  source: number | null;
  destination: number | null;
  /** Change in percent to one decimal; null when the comparison is zero or absent. */
  change: number | null;
}

/** The dashboard's eleven totals for a base and a comparison period within a scope. */
export async function dashboardReport(
  db: Database,
  scope: AnalysisScope,
  base: DateRange,
  comparison: DateRange,
): Promise<ReportLine[]> {
  const lines: ReportLine[] = [];
  for (const metric of DASHBOARD_METRICS) {
    const slug = metric.slug as DashboardMetricSlug;
    const common = { scope, axis: 2 as const };
    const [[source], [destination]] = await Promise.all([
      computeMetric(db, slug, { ...common, ...base }),
      computeMetric(db, slug, { ...common, ...comparison }),
    ]);
    lines.push({
      slug,
      label: metric.label,
      unit: metric.unit,
      source: source!.total,
      destination: destination!.total,
      change: percentChange(source!.total, destination!.total),
    });
  }
  return lines;
}
