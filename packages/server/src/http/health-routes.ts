import { healthContracts } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import type { Database } from '../db/connection.ts';
import { contractRoute } from './contract-route.ts';

/** Liveness, and readiness: the database answers. */
export function healthRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    const health = { access: access.public };
    contractRoute(app, healthContracts.live, health, async () => ({ status: 'ok' as const }));
    contractRoute(app, healthContracts.ready, health, async (_request, reply) => {
      try {
        await db.selectFrom('prefectures').select('id').limit(1).execute();
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable' });
      }
    });
  };
}
