import {
  isMetricAvailable,
  pageMetrics,
  type AnalysisPageDef,
  type Metric,
  type PlanCode,
} from '@pharmalytics/domain';
import type { SearchCondition } from '../../search-condition/index.ts';

export interface MetricOption {
  metric: Metric;
  /** Not in the plan: shown disabled with a lock (spec 02 §6). */
  locked: boolean;
}

/** The page's metric dropdown on a plan. */
export function metricOptions(page: AnalysisPageDef, plan: PlanCode): MetricOption[] {
  return pageMetrics(page).map((metric) => ({ metric, locked: !isMetricAvailable(metric, plan) }));
}

/**
 * The metric a page shows: the one last chosen on it, else the page's default (spec 02 §9), else
 * the first the plan opens.
 */
export function chosenMetric(
  page: AnalysisPageDef,
  metrics: SearchCondition['metrics'],
  plan: PlanCode,
): Metric {
  const open = metricOptions(page, plan)
    .filter((o) => !o.locked)
    .map((o) => o.metric);
  const saved = metrics[page.family];
  return (
    open.find((m) => m.slug === saved) ??
    open.find((m) => m.slug === page.defaultMetric) ??
    open[0] ??
    pageMetrics(page)[0]!
  );
}
