import {
  alertSettingsSchema,
  DEFAULT_ALERT_SETTINGS,
  FACILITY_JUDGEMENT_API_PATHS,
  FACILITY_SETTINGS_API_PATHS,
  facilityJudgementsQuerySchema,
  facilityJudgementsResponseSchema,
  storeFactsResponseSchema,
  storeCodeParamsSchema,
  storeFactsSchema,
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
import { notFound } from '../http/errors.ts';
import { judgeStores, storeFactsOf } from './judgements.ts';

const tags = ['facility-standards'];

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
    app.get(
      FACILITY_JUDGEMENT_API_PATHS.judgements,
      {
        config: { access: access.paidMember },
        schema: {
          tags,
          querystring: facilityJudgementsQuerySchema,
          response: { 200: facilityJudgementsResponseSchema },
        },
      },
      async (request) => {
        const scope = await memberScope(db, request.auth, {
          storeCodes: request.query.storeCodes.split(','),
        });
        const group = await groupScope(db, request.auth);
        return judgeStores(deps, { auth: request.auth, scope, group, today: todayInJapan() });
      },
    );

    app.get(
      FACILITY_SETTINGS_API_PATHS.storeFacts,
      {
        config: { access: access.paidMember },
        schema: { tags, response: { 200: storeFactsResponseSchema } },
      },
      async (request) => {
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
      },
    );

    app.put(
      FACILITY_SETTINGS_API_PATHS.storeFact,
      {
        config: { access: access.adminOnPaidPlan },
        schema: { tags, params: storeCodeParamsSchema, body: storeFactsSchema },
      },
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

    app.get(
      FACILITY_SETTINGS_API_PATHS.alertSettings,
      {
        config: { access: access.paidMember },
        schema: { tags, response: { 200: alertSettingsSchema } },
      },
      async (request) => alertSettingsOf(db, request.auth.corporationId),
    );

    app.put(
      FACILITY_SETTINGS_API_PATHS.alertSettings,
      {
        config: { access: access.adminOnPaidPlan },
        schema: { tags, body: alertSettingsSchema },
      },
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
