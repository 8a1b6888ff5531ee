import { FORM_MESSAGES, geocodingContracts } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/connection.ts';
import { contractRoute } from '../http/contract-route.ts';
import { badRequest } from '../http/errors.ts';
import { prefectureName } from './queries.ts';
import { townGeocoder } from './town-geocoder.ts';
import { lookupZip, normalizeZip } from './zip-lookup.ts';
import { access } from '../access/access-policy.ts';

/** Offline address services for the store form: zip → address, address → coordinates. */
export function geocodingRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    contractRoute(app, geocodingContracts.zipCode, { access: access.member }, async (request) => {
      const zip = normalizeZip(request.params.zipCode);
      if (!zip) throw badRequest('invalid zip code');
      return { zipCode: zip, addresses: lookupZip(zip) };
    });

    contractRoute(app, geocodingContracts.address, { access: access.member }, async (request) => {
      const { prefectureId, city, block } = request.query;
      const prefecture = await prefectureName(db, prefectureId);
      if (prefecture === undefined) throw badRequest(FORM_MESSAGES.storePrefectureRequired);
      return townGeocoder().geocode(prefecture, city, block);
    });
  };
}
