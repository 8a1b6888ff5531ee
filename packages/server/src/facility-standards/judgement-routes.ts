import {
  DEFAULT_ALERT_SETTINGS,
  facilityStandardsContracts as contracts,
  todayInJapan,
  urbanAreaOf,
  type AlertSettings,
} from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import type { AuthContext } from '../access/auth-context.ts';
import { groupScope, memberScope } from '../access/analysis-scope.ts';
import { browsableStoreIdByCode, browsableStoreIds } from '../access/browsable-stores.ts';
import type { AnalyticsRouteDeps } from '../analytics/metric-cache.ts';
import type { Database } from '../db/connection.ts';
import { contractRoute } from '../http/contract-route.ts';
import { notFound } from '../http/errors.ts';
import { judgeStores, storeFactsOf } from './judgements.ts';

/** The alert distances of a corporation, the defaults until an administrator sets them. */
export async function alertSettingsOf(db: Database, corporationId: number): Promise<AlertSettings> {
  const row = await db
    .selectFrom('facility_alert_settings')
    .select(['receptions_margin', 'rate_margin'])
    .where('corporation_id', '=', corporationId)
    .executeTakeFirst();
  return row
    ? { receptionsMargin: row.receptions_margin, rateMargin: Number(row.rate_margin) }
    : { ...DEFAULT_ALERT_SETTINGS };
}

async function browsableStores(db: Database, auth: AuthContext) {
  return db
    .selectFrom('stores as s')
    .innerJoin('prefectures as p', 'p.id', 's.prefecture_id')
    .select(['s.id', 's.store_code', 's.name', 's.city', 'p.name as prefecture'])
    .where('s.corporation_id', '=', auth.corporationId)
    .where('s.id', 'in', browsableStoreIds(db, auth))
    .orderBy('s.store_code')
    .execute();
}

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
      const stores = await browsableStores(db, request.auth);
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
        const storeId = await browsableStoreIdByCode(db, request.auth, request.params.storeCode);
        if (storeId === undefined) throw notFound();
        const row = { ...request.body, updated_at: new Date() };
        await db
          .insertInto('store_facility_facts')
          .values({ corporation_id: request.auth.corporationId, store_id: storeId, ...row })
          .onConflict((oc) => oc.columns(['corporation_id', 'store_id']).doUpdateSet(row))
          .execute();
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
        const row = {
          receptions_margin: request.body.receptionsMargin,
          rate_margin: request.body.rateMargin,
          updated_at: new Date(),
        };
        await db
          .insertInto('facility_alert_settings')
          .values({ corporation_id: request.auth.corporationId, ...row })
          .onConflict((oc) => oc.column('corporation_id').doUpdateSet(row))
          .execute();
        return reply.code(204).send();
      },
    );
  };
}
