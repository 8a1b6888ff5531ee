import {
  facilityAlertsOf,
  facilityStandardsContracts as contracts,
  todayInJapan,
  type FacilityAlert,
} from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import type { AuthContext } from '../access/auth-context.ts';
import { allBrowsableScope, groupScope } from '../access/analysis-scope.ts';
import { browsableStoreIdByCode } from '../access/browsable-stores.ts';
import type { AnalyticsRouteDeps } from '../analytics/metric-cache.ts';
import { contractRoute } from '../http/contract-route.ts';
import { notFound } from '../http/errors.ts';
import { alertSettingsOf } from './judgement-routes.ts';
import { judgeStores } from './judgements.ts';

/**
 * The 施設基準 alerts of every store a member may browse on `today`, under its corporation's
 * alert settings, less those the member dismissed.
 */
export async function memberFacilityAlerts(
  deps: AnalyticsRouteDeps,
  auth: AuthContext,
  today: string,
): Promise<FacilityAlert[]> {
  const { db } = deps;
  const [scope, group, settings] = await Promise.all([
    allBrowsableScope(db, auth),
    groupScope(db, auth),
    alertSettingsOf(db, auth.corporationId),
  ]);
  if (scope.storeIds.length === 0) return [];
  const [judged, dismissed] = await Promise.all([
    judgeStores(deps, { auth, scope, group, today }),
    db
      .selectFrom('facility_alert_dismissals as d')
      .innerJoin('stores as s', (join) =>
        join.onRef('s.id', '=', 'd.store_id').onRef('s.corporation_id', '=', 'd.corporation_id'),
      )
      .select(['s.store_code', 'd.alert_key'])
      .where('d.member_id', '=', auth.memberId)
      .where('d.corporation_id', '=', auth.corporationId)
      .execute(),
  ]);
  const closed = new Set(dismissed.map((d) => `${d.store_code}\n${d.alert_key}`));
  return facilityAlertsOf(judged.stores, settings).filter(
    (alert) => !closed.has(`${alert.storeCode}\n${alert.key}`),
  );
}

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
        const { auth } = request;
        const storeId = await browsableStoreIdByCode(db, auth, request.body.storeCode);
        if (storeId === undefined) throw notFound();
        await db
          .insertInto('facility_alert_dismissals')
          .values({
            corporation_id: auth.corporationId,
            member_id: auth.memberId,
            store_id: storeId,
            alert_key: request.body.key,
          })
          .onConflict((oc) => oc.columns(['member_id', 'store_id', 'alert_key']).doNothing())
          .execute();
        return reply.code(204).send();
      },
    );
  };
}
