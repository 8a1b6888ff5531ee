import type { DashboardQuery, DashboardResponse, TimeAxisValue } from '@pharmalytics/domain';
import type { AuthContext } from '../access/auth-context.ts';
import { periodComplete } from './coverage.ts';
import { requestPeriod } from './period.ts';
import type { MetricQuery, MetricSeries } from './engine.ts';
import type { AnalyticsRouteDeps } from './metric-cache.ts';
import { memberScope } from '../access/analysis-scope.ts';

/**
 * A dashboard metric for the base (source) and comparison (destination) periods, within the
 * member's scope for the requested stores, and whether their facts cover the comparison period.
 */
export async function dashboardMetric(
  { db, metrics }: AnalyticsRouteDeps,
  auth: AuthContext,
  q: DashboardQuery,
  compute: (query: MetricQuery) => Promise<MetricSeries>,
): Promise<DashboardResponse> {
  const axis = q.periodCode as TimeAxisValue;
  const base = requestPeriod(q.baseFrom, q.baseTo, axis);
  const comparison = requestPeriod(q.comparisonTargetFrom, q.comparisonTargetTo, axis);
  const scope = await memberScope(db, auth, { storeCodes: q.storeCodes.split(',') });
  const common = { scope, axis };
  const [baseSeries, comparisonSeries, comparisonComplete] = await Promise.all([
    compute({ ...common, ...base }),
    compute({ ...common, ...comparison }),
    periodComplete(metrics, scope, comparison),
  ]);
  return {
    source: { rows: baseSeries.rows, total: baseSeries.total },
    destination: { rows: comparisonSeries.rows, total: comparisonSeries.total },
    comparisonComplete,
  };
}
