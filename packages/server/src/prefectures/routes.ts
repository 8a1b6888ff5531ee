import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/connection.ts';

export function prefectureRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    // Public: the sign-up form needs it before an account exists.
    app.get('/v2/prefectures', { schema: { tags: ['prefectures'] } }, async () =>
      db.selectFrom('prefectures').select(['id', 'name']).orderBy('id').execute(),
    );
  };
}
