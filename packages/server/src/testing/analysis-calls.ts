import {
  isMetricAvailable,
  metricBySlug,
  presetRange,
  route,
  todayInJapan,
  type AnalysisPage,
  type DateRange,
  type MetricSlug,
} from '@pharmalytics/domain';

/** The seven days ending yesterday: a period every plan's calendar allows, the free plan's too. */
export function recentWeek(): DateRange {
  return presetRange('last7Days', todayInJapan());
}

/** The page's first metric that every plan the route table opens the page to may ask for. */
export function metricOfEveryPlan(page: AnalysisPage): MetricSlug {
  const plans = route(page.route).plans ?? [];
  const metric = page.metrics.find((slug) =>
    plans.every((plan) => isMetricAvailable(metricBySlug(slug)!, plan)),
  );
  if (!metric) throw new Error(`${page.family}: no metric every plan of the page may ask for`);
  return metric;
}
