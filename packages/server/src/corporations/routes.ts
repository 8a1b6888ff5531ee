import { planById } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/connection.ts';

export function corporationRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    /** The current plan, for the plan-change page (system_admin only, per the route table). */
    app.get(
      '/v2/corporations/service_plan',
      {
        preHandler: app.requireRoute('CorporationServicePlanSelectSetting'),
        schema: { tags: ['corporations'] },
      },
      async (request) => {
        const row = await db
          .selectFrom('corporations')
          .select('plan_id')
          .where('id', '=', request.auth.corporationId)
          .executeTakeFirstOrThrow();
        return { plan: planById(row.plan_id)!.code };
      },
    );
  };
}
