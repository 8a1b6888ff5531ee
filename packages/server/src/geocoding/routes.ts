import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/connection.ts';
import { badRequest } from '../http/errors.ts';
import { townGeocoder } from './town-geocoder.ts';
import { lookupZip, normalizeZip } from './zip-lookup.ts';

/** Offline address services for the store form: zip → address, address → coordinates. */
export function geocodingRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v3/geocoding/zip_codes/:zipCode',
      {
        onRequest: app.requireMember,
        schema: { tags: ['geocoding'], params: z.object({ zipCode: z.string().max(20) }) },
      },
      async (request) => {
        const zip = normalizeZip(request.params.zipCode);
        if (!zip) throw badRequest('invalid zip code');
        return { zipCode: zip, addresses: lookupZip(zip) };
      },
    );

    app.get(
      '/v3/geocoding/address',
      {
        onRequest: app.requireMember,
        schema: {
          tags: ['geocoding'],
          querystring: z.object({
            prefectureId: z.coerce.number().int().min(1).max(47),
            city: z.string().max(50).default(''),
            block: z.string().max(50).default(''),
          }),
        },
      },
      async (request) => {
        const { prefectureId, city, block } = request.query;
        const prefecture = await db
          .selectFrom('prefectures')
          .select('name')
          .where('id', '=', prefectureId)
          .executeTakeFirstOrThrow();
        return townGeocoder().geocode(prefecture.name, city, block);
      },
    );
  };
}
