import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/connection.ts';
import { access } from '../access/access-policy.ts';

export function prefectureRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    // Public: the sign-up form needs it before an account exists.
    app.get(
      '/v2/prefectures',
      { config: { access: access.public }, schema: { tags: ['prefectures'] } },
      async () => db.selectFrom('prefectures').select(['id', 'name']).orderBy('id').execute(),
    );
  };
}
