import {
  facilityStandardsContracts as contracts,
  todayInJapan,
  urbanAreaOf,
} from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import { groupScope, memberScope } from '../access/analysis-scope.ts';
import { requireStore } from '../access/require.ts';
import type { AnalyticsRouteDeps } from '../analytics/metric-cache.ts';
import { contractRoute } from '../http/contract-route.ts';
import { storeFactsOf } from './judgement-queries.ts';
import { judgeStores } from './judgements.ts';
import {
  alertSettingsOf,
  browsableStoresWithPlace,
  saveAlertSettings,
  saveStoreFacts,
} from './settings-queries.ts';

/**
 * The 施設基準 judgements of a member's stores, and what an administrator tells us for them:
 * the facts of each store and the distances under which a margin raises an alert.
 */
export function facilityJudgementRoutes(deps: AnalyticsRouteDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    contractRoute(app, contracts.judgements, { access: access.paidMember }, async (request) => {
      const scope = await memberScope(db, request.auth, {
        storeCodes: request.query.storeCodes.split(','),
      });
      const group = await groupScope(db, request.auth);
      return judgeStores(deps, { auth: request.auth, scope, group, today: todayInJapan() });
    });

    contractRoute(app, contracts.storeFacts, { access: access.paidMember }, async (request) => {
      const stores = await browsableStoresWithPlace(db, request.auth);
      const facts = await storeFactsOf(
        db,
        request.auth.corporationId,
        stores.map((s) => s.id),
      );
      return {
        stores: stores.map((s) => ({
          storeCode: s.store_code,
          storeName: s.name,
          ...facts.get(s.id)!,
          urbanAreaFromCity: urbanAreaOf(s.prefecture, s.city),
        })),
      };
    });

    contractRoute(
      app,
      contracts.saveStoreFacts,
      { access: access.adminOnPaidPlan },
      async (request, reply) => {
        const store = await requireStore(db, request.auth, request.params.storeCode);
        await saveStoreFacts(db, request.auth, store.id, request.body);
        return reply.code(204).send();
      },
    );

    contractRoute(app, contracts.alertSettings, { access: access.paidMember }, async (request) =>
      alertSettingsOf(db, request.auth.corporationId),
    );

    contractRoute(
      app,
      contracts.saveAlertSettings,
      { access: access.adminOnPaidPlan },
      async (request, reply) => {
        await saveAlertSettings(db, request.auth, request.body);
        return reply.code(204).send();
      },
    );
  };
}
