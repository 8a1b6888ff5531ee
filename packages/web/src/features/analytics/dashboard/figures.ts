import {
  bucketText,
  metricChange,
  metricTotalsText,
  periodBuckets,
  type DateRange,
  type MetricDef,
  type MetricTotalsText,
  type TimeAxisValue,
} from '@pharmalytics/domain';
// The change's direction alone (no component): the server's tests read these figures too.
import { changeStyle, type ChangeStyle } from '../change/changeStyle.ts';

/** One period of a dashboard chart response. */
export interface DashboardSeries {
  rows: { date: string; value: number | null }[];
  total: number | null;
}

/** GET /v3/dashboard/{slug}: source is the base period, destination the comparison period. */
export interface DashboardMetricData {
  source: DashboardSeries;
  destination: DashboardSeries;
  /** false when the stores have no data for part of the comparison period; absent reads true. */
  comparisonComplete?: boolean;
}

export interface CardFigures extends MetricTotalsText {
  /**
   * The change as written: a rate's in points, anything else's in percent, one decimal; null
   * when it cannot be computed or the comparison is incomplete.
   */
  changeValue: number | null;
  style: ChangeStyle;
}

export function cardFigures(
  metric: Pick<MetricDef, 'unit'>,
  data: DashboardMetricData,
): CardFigures {
  const base = data.source.total;
  const comparison = data.destination.total;
  const complete = data.comparisonComplete ?? true;
  const changeValue = complete ? metricChange(metric.unit, base, comparison).change : null;
  return {
    ...metricTotalsText(metric.unit, base, comparison, complete),
    changeValue,
    style: changeStyle(changeValue),
  };
}

const present = (value: number | null | undefined) => value != null && value !== 0;

/** Whether anything was dispensed in either period (otherwise the card shows no data). */
export function hasData(data: DashboardMetricData): boolean {
  return [data.source, data.destination].some(
    (series) => present(series.total) || series.rows.some((row) => present(row.value)),
  );
}

export interface ChartData {
  /** Base-period bucket labels, the x axis. */
  labels: string[];
  base: (number | null)[];
  comparison: (number | null)[];
}

function valuesOn(buckets: readonly string[], series: DashboardSeries): (number | null)[] {
  const byDate = new Map(series.rows.map((row) => [row.date, row.value]));
  const matched = buckets.some((bucket) => byDate.has(bucket));
  // Rows the buckets do not name (an unexpected label format) are shown in their order.
  if (!matched && series.rows.length > 0) return series.rows.map((row) => row.value);
  return buckets.map((bucket) => byDate.get(bucket) ?? null);
}

/**
 * Both periods on one x axis: bucket i of the base period against bucket i of the
 * comparison period, labelled with the base period's dates.
 */
export function chartData(
  data: DashboardMetricData,
  base: DateRange,
  comparison: DateRange,
  axis: TimeAxisValue,
): ChartData {
  const baseBuckets = periodBuckets(base, axis);
  const comparisonBuckets = periodBuckets(comparison, axis);
  const baseValues = valuesOn(baseBuckets, data.source);
  const comparisonValues = valuesOn(comparisonBuckets, data.destination);
  const length = Math.max(baseValues.length, comparisonValues.length);
  const at = <T>(list: readonly T[], i: number): T | null => (i < list.length ? list[i]! : null);
  const indices = Array.from({ length }, (_, i) => i);
  return {
    labels: indices.map((i) => {
      const bucket = at(baseBuckets, i);
      return bucket === null ? '' : bucketText(bucket, axis);
    }),
    base: indices.map((i) => at(baseValues, i)),
    comparison: indices.map((i) => at(comparisonValues, i)),
  };
}
