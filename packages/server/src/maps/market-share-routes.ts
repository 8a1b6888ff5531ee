import {
  estimateCountQuerySchema,
  estimateCountResponseSchema,
  marketShareQuerySchema,
  MARKET_SHARE_PATHS,
  marketShareResponseSchema,
  type MarketShareQuery,
} from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import { memberScope } from '../access/analysis-scope.ts';
import type { AuthContext } from '../access/auth-context.ts';
import { executorOf, recordsExecutor } from '../analytics/executors.ts';
import type { AnalyticsRouteDeps } from '../analytics/metric-cache.ts';
import { requestPeriod } from '../analytics/period.ts';
import { acquiredPatients } from './market-share-acquired.ts';
import { marketShare, meshEstimateOnly, type AcquiredSource } from './market-share-service.ts';

const SYSTEM_ADMIN_TWIN = { roles: ['system_admin'] } as const;

/**
 * The patient acquisition rate map's calls (spec 02 §7), open to whoever the route table lets
 * open the MarketShare screen (the advanced plan, every role; a role user for its browsable
 * stores only):
 * - GET /v3/market_share/?from&to&store_code: the store's meshes with acquired patients,
 *   estimates and rates (acquired counts cached by the corporation's data version, counted on the
 *   analytics replica when it has caught up); its /v2/market_share/market_share/ twin counts from
 *   the system of record, for system administrators who switch the development API on.
 * - GET /v3/estimate_count/?from&to&mesh_code: one mesh's estimate (count 0), and its
 *   /v2/market_share/estimate_by_mesh_code/ twin.
 * Periods follow the analysis calls' rules (order, calendar, length; the free plan's calendar).
 */
export function marketShareRoutes({ db, metrics }: AnalyticsRouteDeps): FastifyPluginAsyncZod {
  const cached: AcquiredSource = (query, scope) =>
    metrics.answer('marketShareAcquired', scope, [query.from, query.to], (on) =>
      acquiredPatients(executorOf(on), query),
    );
  const fromFacts: AcquiredSource = (query) => acquiredPatients(recordsExecutor(db), query);

  const answer = async (auth: AuthContext, q: MarketShareQuery, acquired: AcquiredSource) => {
    const period = requestPeriod(q.from, q.to);
    const scope = await memberScope(db, auth, { storeCodes: [q.store_code], from: q.from });
    return marketShare(db, scope, period, acquired);
  };

  return async (app) => {
    const marketShareSchema = {
      tags: ['maps'],
      querystring: marketShareQuerySchema,
      response: { 200: marketShareResponseSchema },
    };
    const estimateSchema = {
      tags: ['maps'],
      querystring: estimateCountQuerySchema,
      response: { 200: estimateCountResponseSchema },
    };

    app.get(
      MARKET_SHARE_PATHS.marketShare,
      { config: { access: access.route('MarketShare') }, schema: marketShareSchema },
      (request) => answer(request.auth, request.query, cached),
    );
    app.get(
      MARKET_SHARE_PATHS.marketShareDev,
      {
        config: { access: access.route('MarketShare', SYSTEM_ADMIN_TWIN) },
        schema: marketShareSchema,
      },
      (request) => answer(request.auth, request.query, fromFacts),
    );

    for (const [path, twin] of [
      [MARKET_SHARE_PATHS.estimateCount, {}],
      [MARKET_SHARE_PATHS.estimateCountDev, SYSTEM_ADMIN_TWIN],
    ] as const) {
      app.get(
        path,
        { config: { access: access.route('MarketShare', twin) }, schema: estimateSchema },
        async (request) => {
          const { from, to, mesh_code: meshCode } = request.query;
          const period = requestPeriod(from, to);
          return meshEstimateOnly(db, meshCode, period);
        },
      );
    }
  };
}
