import { mapsContracts, type MarketShareQuery } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import type { AuthContext } from '../access/auth-context.ts';
import { contractRoute } from '../http/contract-route.ts';
import { recordsExecutor } from '../analytics/executors.ts';
import type { AnalyticsRouteDeps } from '../analytics/metric-cache.ts';
import { requestPeriod } from '../analytics/period.ts';
import { acquiredPatients } from './market-share-acquired.ts';
import {
  cachedAcquired,
  meshEstimateOnly,
  storeMarketShare,
  type AcquiredSource,
} from './market-share-service.ts';

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
  const cached = cachedAcquired(metrics);
  const fromFacts: AcquiredSource = (query) => acquiredPatients(recordsExecutor(db), query);

  const answer = async (auth: AuthContext, q: MarketShareQuery, acquired: AcquiredSource) =>
    (await storeMarketShare(db, auth, q, acquired)).answer;

  return async (app) => {
    contractRoute(
      app,
      mapsContracts.marketShare,
      { access: access.route('MarketShare') },
      (request) => answer(request.auth, request.query, cached),
    );
    contractRoute(
      app,
      mapsContracts.marketShareTwin,
      { access: access.route('MarketShare', SYSTEM_ADMIN_TWIN) },
      (request) => answer(request.auth, request.query, fromFacts),
    );

    for (const [contract, twin] of [
      [mapsContracts.estimateCount, {}],
      [mapsContracts.estimateCountTwin, SYSTEM_ADMIN_TWIN],
    ] as const) {
      contractRoute(
        app,
        contract,
        { access: access.route('MarketShare', twin) },
        async (request) => {
          const { from, to, mesh_code: meshCode } = request.query;
          const period = requestPeriod(from, to);
          return meshEstimateOnly(db, meshCode, period);
        },
      );
    }
  };
}
