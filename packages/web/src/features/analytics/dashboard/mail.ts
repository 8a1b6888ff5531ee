import {
  COMPARISON_TYPES,
  DASHBOARD_MAIL_PERIOD,
  DASHBOARD_METRIC_SLUGS,
  durationPreset,
  metricBySlug,
  type DashboardMailBody,
  type DashboardMetricSlug,
} from '@pharmalytics/domain';
import { comparisonOf, type SearchCondition } from '../../search-condition/index.ts';
import { cardFigures, type DashboardMetricData } from './figures.ts';

/** The body of POST /v2/mails/dashboard, as the contract reads it. */
export type { DashboardMailBody };
/** One metric of it. */
type DashboardMailMetric = NonNullable<DashboardMailBody['metrics']>[number];

export type LoadedMetrics = Partial<Record<DashboardMetricSlug, DashboardMetricData>>;

const MAIL_PRESET = durationPreset(DASHBOARD_MAIL_PERIOD.durationPreset).value;
const MAIL_COMPARISON = COMPARISON_TYPES.find(
  (c) => c.key === DASHBOARD_MAIL_PERIOD.comparisonType,
)!.value;

/** The period is last month against the same month a year earlier (spec 02 §6). */
export function isMailPeriod(condition: SearchCondition): boolean {
  return condition.preset === MAIL_PRESET && condition.comparisonType === MAIL_COMPARISON;
}

/** Enabled for last month vs previous year once all eleven metrics have loaded. */
export function canSendMail(condition: SearchCondition, loaded: LoadedMetrics): boolean {
  return isMailPeriod(condition) && DASHBOARD_METRIC_SLUGS.every((slug) => loaded[slug]);
}

/** The mail call's body; null until every metric has loaded. */
export function mailBody(
  condition: SearchCondition,
  loaded: LoadedMetrics,
): DashboardMailBody | null {
  const metrics: DashboardMailMetric[] = [];
  for (const slug of DASHBOARD_METRIC_SLUGS) {
    const data = loaded[slug];
    if (!data) return null;
    const figures = cardFigures(metricBySlug(slug)!, data);
    metrics.push({
      slug,
      sourceValue: data.source.total,
      destinationValue: data.destination.total,
      comparisonRatio: figures.changeValue,
      rationStyle: figures.style,
    });
  }
  const comparison = comparisonOf(condition);
  return {
    base_from: condition.base.from,
    base_to: condition.base.to,
    comparison_target_from: comparison.from,
    comparison_target_to: comparison.to,
    metrics,
  };
}
