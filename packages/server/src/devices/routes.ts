import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { browsableStoreIds } from '../access/browsable-stores.ts';
import type { Database } from '../db/connection.ts';
import { access } from '../access/access-policy.ts';

export function deviceRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    /** Uploader installations that have contacted the service, for the caller's stores. */
    app.get(
      '/v3/client_devices',
      { config: { access: access.member }, schema: { tags: ['devices'] } },
      async (request) => {
        const { auth } = request;
        const rows = await db
          .selectFrom('client_devices as d')
          .innerJoin('stores as s', (join) =>
            join
              .onRef('s.id', '=', 'd.store_id')
              .onRef('s.corporation_id', '=', 'd.corporation_id'),
          )
          .select(['d.id', 'd.name', 's.store_code', 'd.last_contact_at'])
          .where('d.corporation_id', '=', auth.corporationId)
          .where('d.store_id', 'in', browsableStoreIds(db, auth))
          .orderBy('s.store_code')
          .execute();
        return rows.map((r) => ({
          deviceId: r.id,
          name: r.name,
          storeCode: r.store_code,
          lastContactAt: r.last_contact_at.toISOString(),
        }));
      },
    );
  };
}
