import {
  MESSAGES,
  plansFrom,
  PRESCRIBER_CHANGES_CSV,
  prescriberChangesContracts,
  type PrescriberChangesQuery,
  type PrescriberChangesResponse,
} from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import type { AuthContext } from '../access/auth-context.ts';
import type { AnalyticsRouteDeps, AnswerSource } from '../analytics/metric-cache.ts';
import { scopeStores } from '../analytics/queries.ts';
import { contractRoute } from '../http/contract-route.ts';
import { periodScope } from '../retention/scope.ts';
import { sendCsv } from '../retention/routes.ts';
import { prescriberChangesCsv } from './csv.ts';
import { storePlaces } from './store-queries.ts';
import { nearbyOpenings } from './opening-queries.ts';
import { changePeriods, prescriberChanges, type StoreOfScope } from './service.ts';

const ROUTE = 'PrescriberChanges';

/**
 * 処方元の変化's call (docs/metrics.md) for whoever the route table lets open the page (the
 * advanced plan; a role user for its browsable stores): /v3 through the answer cache, on the
 * analytics replica once it holds the call's facts; the /v2 twin on the system of record for
 * system administrators; the CSV from the cached answer. The clinics opened nearby come from the
 * facility master (public data, on the system of record) in both.
 */
export function prescriberChangeRoutes({ db, metrics }: AnalyticsRouteDeps): FastifyPluginAsyncZod {
  const answer = async (
    auth: AuthContext,
    q: PrescriberChangesQuery,
    source: 'cached' | 'records',
  ): Promise<PrescriberChangesResponse> => {
    const scope = await periodScope(db, auth, q);
    if (!scope) {
      const periods = changePeriods({ from: q.from, to: q.to });
      return { periods, floor: q.floor, stores: [], notices: [] };
    }
    const [stores, places] = await Promise.all([scopeStores(db, scope), storePlaces(db, scope)]);
    const yearStart = new Date(Date.parse(`${q.to}T00:00:00Z`) - 364 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const openingsOf = async (store: StoreOfScope) => {
      const place = places.get(store.id);
      return place ? nearbyOpenings(db, place, yearStart, q.to) : [];
    };
    const compute = (on: AnswerSource) => prescriberChanges(on, scope, q, stores, openingsOf);
    if (source === 'records') return compute(db);
    return metrics.answer('prescriberChanges', scope, [q.from, q.to, q.floor], compute);
  };

  return async (app) => {
    contractRoute(
      app,
      prescriberChangesContracts.prescriberChanges,
      { access: access.route(ROUTE) },
      (request) => answer(request.auth, request.query, 'cached'),
    );
    contractRoute(
      app,
      prescriberChangesContracts.prescriberChangesTwin,
      { access: access.route(ROUTE, { roles: ['system_admin'] }) },
      (request) => answer(request.auth, request.query, 'records'),
    );
    contractRoute(
      app,
      prescriberChangesContracts.prescriberChangesCsv,
      {
        access: access.route(ROUTE, {
          plans: plansFrom('advanced'),
          refusal: MESSAGES.csvFailed,
        }),
      },
      async (request, reply) => {
        const changes = await answer(request.auth, request.query, 'cached');
        return sendCsv(reply, PRESCRIBER_CHANGES_CSV.fileName, prescriberChangesCsv(changes));
      },
    );
  };
}
