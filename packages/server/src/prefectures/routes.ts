import { prefectureContracts } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import type { Database } from '../db/connection.ts';
import { contractRoute } from '../http/contract-route.ts';

export function prefectureRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    // Public: the sign-up form needs it before an account exists.
    contractRoute(app, prefectureContracts.list, { access: access.public }, async () =>
      db.selectFrom('prefectures').select(['id', 'name']).orderBy('id').execute(),
    );
  };
}
