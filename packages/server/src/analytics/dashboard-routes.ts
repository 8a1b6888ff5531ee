import { analyticsContracts } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import { contractRoute } from '../http/contract-route.ts';
import { dashboardMetric } from './dashboard-service.ts';
import type { AnalyticsRouteDeps } from './metric-cache.ts';
import { computeDashboardFromFacts } from './raw-dashboard.ts';

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
          async (query) => (await metrics.dashboard(query))[metric][0]!,
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
