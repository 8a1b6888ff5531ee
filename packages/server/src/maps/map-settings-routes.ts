import { mapsContracts, type MapSettings } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import { contractRoute } from '../http/contract-route.ts';

/** GET /v3/map_settings: the tiles the browser draws over the bundled outlines (MAP_TILE_URL). */
export function mapSettingsRoutes(settings: MapSettings): FastifyPluginAsyncZod {
  return async (app) => {
    contractRoute(app, mapsContracts.mapSettings, { access: access.member }, () => settings);
  };
}
