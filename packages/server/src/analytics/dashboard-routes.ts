import {
  analyticsContracts,
  type DashboardQuery,
  type DashboardResponse,
  type TimeAxisValue,
} from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthContext } from '../access/auth-context.ts';
import { periodComplete } from './coverage.ts';
import { requestPeriod } from './period.ts';
import { contractRoute } from '../http/contract-route.ts';
import type { MetricQuery, MetricSeries } from './engine.ts';
import type { AnalyticsRouteDeps } from './metric-cache.ts';
import { computeDashboardFromFacts } from './raw-dashboard.ts';
import { memberScope } from '../access/analysis-scope.ts';
import { access } from '../access/access-policy.ts';

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

export function dashboardRoutes(deps: AnalyticsRouteDeps): FastifyPluginAsyncZod {
  const { db, metrics } = deps;
  return async (app) => {
    contractRoute(
      app,
      analyticsContracts.dashboard,
      { access: access.route('Dashboard') },
      async (request) => {
        const { metric } = request.params;
        return dashboardMetric(
          deps,
          request.auth,
          request.query,
          async (query) => (await metrics.metric(metric, query))[0]!,
        );
      },
    );
    // The development twin: the same numbers counted straight from the raw facts, for system
    // administrators who switch the development API on.
    contractRoute(
      app,
      analyticsContracts.dashboardTwin,
      { access: access.route('Dashboard', { roles: ['system_admin'] }) },
      async (request) => {
        const { metric } = request.params;
        return dashboardMetric(deps, request.auth, request.query, (query) =>
          computeDashboardFromFacts(db, metric, query),
        );
      },
    );
  };
}
