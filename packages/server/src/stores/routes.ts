import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { browsableStoreIds } from '../access/browsable-stores.ts';
import type { Database } from '../db/connection.ts';
import { toStoreView } from './store-view.ts';

export function storeRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    /** Stores the caller may see; active ones unless includeInactive=true. */
    app.get(
      '/v3/branches',
      {
        preHandler: app.requireMember,
        schema: {
          tags: ['stores'],
          querystring: z.object({ includeInactive: z.stringbool().default(false) }),
        },
      },
      async (request) => {
        const { auth } = request;
        const rows = await db
          .selectFrom('stores as s')
          .innerJoin('prefectures as p', 'p.id', 's.prefecture_id')
          .selectAll('s')
          .select(['p.name as prefecture_name', 'p.area_name'])
          .select((eb) =>
            eb
              .exists(
                eb
                  .selectFrom('client_devices as d')
                  .whereRef('d.store_id', '=', 's.id')
                  .whereRef('d.corporation_id', '=', 's.corporation_id'),
              )
              .$castTo<boolean>()
              .as('connected'),
          )
          .where('s.corporation_id', '=', auth.corporationId)
          .where('s.id', 'in', browsableStoreIds(db, auth, request.query.includeInactive))
          .orderBy('p.area_order')
          .orderBy('s.prefecture_id')
          .orderBy('s.store_code')
          .execute();
        return rows.map(toStoreView);
      },
    );
  };
}
