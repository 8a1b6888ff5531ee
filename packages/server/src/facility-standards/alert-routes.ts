import { facilityStandardsContracts as contracts, todayInJapan } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import { requireStore } from '../access/require.ts';
import type { AnalyticsRouteDeps } from '../analytics/metric-cache.ts';
import { contractRoute } from '../http/contract-route.ts';
import { saveAlertDismissal } from './alert-queries.ts';
import { memberFacilityAlerts } from './service.ts';

/** GET the alerts of an administrator's stores; POST one it closed, so it stays closed. */
export function facilityAlertRoutes(deps: AnalyticsRouteDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    contractRoute(app, contracts.alerts, { access: access.adminOnPaidPlan }, async (request) => ({
      alerts: await memberFacilityAlerts(deps, request.auth, todayInJapan()),
    }));

    contractRoute(
      app,
      contracts.dismissAlert,
      { access: access.adminOnPaidPlan },
      async (request, reply) => {
        const store = await requireStore(db, request.auth, request.body.storeCode);
        await saveAlertDismissal(db, request.auth, store.id, request.body.key);
        return reply.code(204).send();
      },
    );
  };
}
