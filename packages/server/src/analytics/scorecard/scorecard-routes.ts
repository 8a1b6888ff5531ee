import { analyticsContracts } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../access/access-policy.ts';
import { contractRoute } from '../../http/contract-route.ts';
import type { AnalyticsRouteDeps } from '../metric-cache.ts';
import { storeScorecard } from './service.ts';

/** GET /v3/scorecard: the store scorecard (店舗別実績一覧), for the stores a member may browse. */
export function scorecardRoutes(deps: AnalyticsRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    contractRoute(
      app,
      analyticsContracts.scorecard,
      { access: access.route('StoreScorecard') },
      async (request) => storeScorecard(deps, request.auth, request.query),
    );
  };
}
