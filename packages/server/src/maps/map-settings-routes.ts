import { mapSettingsResponseSchema, type MapSettings } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';

/** GET /v3/map_settings: the tiles the browser draws over the bundled outlines (MAP_TILE_URL). */
export function mapSettingsRoutes(settings: MapSettings): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v3/map_settings',
      {
        config: { access: access.member },
        schema: { tags: ['maps'], response: { 200: mapSettingsResponseSchema } },
      },
      () => settings,
    );
  };
}
