import {
  DASHBOARD_METRIC_SLUGS,
  type DashboardMetricSlug,
  type TimeAxisValue,
} from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext } from '../access/auth-context.ts';
import type { Database } from '../db/connection.ts';
import { isoDate, requestPeriod } from './period.ts';
import { computeMetric, type MetricQuery, type MetricSeries } from './engine.ts';
import { computeDashboardFromFacts } from './raw-dashboard.ts';
import { storeScope } from './scope.ts';

export const dashboardQuery = z.object({
  baseFrom: isoDate,
  baseTo: isoDate,
  comparisonTargetFrom: isoDate,
  comparisonTargetTo: isoDate,
  periodCode: z.coerce.number().int().min(1).max(4).default(3),
  storeCodes: z.string().default(''),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export interface DashboardResult {
  source: { rows: MetricSeries['rows']; total: number | null };
  destination: { rows: MetricSeries['rows']; total: number | null };
}

/** A dashboard metric for the base (source) and comparison (destination) periods. */
export async function dashboardMetric(
  db: Database,
  auth: AuthContext,
  slug: DashboardMetricSlug,
  q: DashboardQuery,
  compute: (query: MetricQuery) => Promise<MetricSeries>,
): Promise<DashboardResult> {
  const axis = q.periodCode as TimeAxisValue;
  const base = requestPeriod(q.baseFrom, q.baseTo, axis);
  const comparison = requestPeriod(q.comparisonTargetFrom, q.comparisonTargetTo, axis);
  const storeIds = await storeScope(db, auth, q.storeCodes.split(','));
  const common = { corporationId: auth.corporationId, storeIds, axis };
  const [source, destination] = await Promise.all([
    compute({ ...common, ...base }),
    compute({ ...common, ...comparison }),
  ]);
  return {
    source: { rows: source.rows, total: source.total },
    destination: { rows: destination.rows, total: destination.total },
  };
}

export function dashboardRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    const params = z.object({ metric: z.enum(DASHBOARD_METRIC_SLUGS) });
    const schema = { tags: ['dashboard'], params, querystring: dashboardQuery };
    app.get(
      '/v3/dashboard/:metric',
      { onRequest: app.requireRoute('Dashboard'), schema },
      async (request) => {
        const { metric } = request.params;
        return dashboardMetric(db, request.auth, metric, request.query, async (query) => {
          const [series] = await computeMetric(db, metric, query);
          return series!;
        });
      },
    );
    // The development twin: the same numbers counted straight from the raw facts.
    app.get(
      '/v2/dashboard/:metric',
      { onRequest: app.requireRoute('Dashboard'), schema },
      async (request) => {
        const { metric } = request.params;
        return dashboardMetric(db, request.auth, metric, request.query, (query) =>
          computeDashboardFromFacts(db, metric, query),
        );
      },
    );
  };
}
