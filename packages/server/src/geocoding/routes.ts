import {
  boundedText,
  decimalInteger,
  FIELD_LABELS,
  FORM_MESSAGES,
  INPUT_LIMITS,
  LIMITS,
} from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/connection.ts';
import { badRequest } from '../http/errors.ts';
import { townGeocoder } from './town-geocoder.ts';
import { lookupZip, normalizeZip } from './zip-lookup.ts';
import { access } from '../access/access-policy.ts';

/** Offline address services for the store form: zip → address, address → coordinates. */
export function geocodingRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v3/geocoding/zip_codes/:zipCode',
      {
        config: { access: access.member },
        schema: {
          tags: ['geocoding'],
          params: z.object({ zipCode: boundedText({ label: FIELD_LABELS.zipCode, max: 20 }) }),
        },
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
        config: { access: access.member },
        schema: {
          tags: ['geocoding'],
          querystring: z.object({
            prefectureId: decimalInteger({
              label: FIELD_LABELS.prefecture,
              min: 1,
              max: INPUT_LIMITS.prefectureCount,
              error: FORM_MESSAGES.storePrefectureRequired,
            }),
            city: boundedText({ label: FIELD_LABELS.city, max: LIMITS.cityMax }).default(''),
            block: boundedText({ label: FIELD_LABELS.block, max: LIMITS.blockMax }).default(''),
          }),
        },
      },
      async (request) => {
        const { prefectureId, city, block } = request.query;
        const prefecture = await db
          .selectFrom('prefectures')
          .select('name')
          .where('id', '=', prefectureId)
          .executeTakeFirst();
        if (!prefecture) throw badRequest(FORM_MESSAGES.storePrefectureRequired);
        return townGeocoder().geocode(prefecture.name, city, block);
      },
    );
  };
}
