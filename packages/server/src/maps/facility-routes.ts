import { mapsContracts, viewportProblem } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import type { Database } from '../db/connection.ts';
import { contractRoute } from '../http/contract-route.ts';
import { badRequest } from '../http/errors.ts';
import { facilitiesInViewport } from './facility-search.ts';

/**
 * GET /v3/facility_masters (spec 02 §7): the clinics, care facilities or other pharmacies of the
 * map's viewport, one type a call, for whoever may open either map screen. The master is public
 * data shared by every corporation; a viewport wider than FACILITY_VIEWPORT_MAX_DEGREES or turned
 * inside out is refused with its message before any query.
 */
export function facilityRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    contractRoute(
      app,
      mapsContracts.facilityMasters,
      { access: access.route(['PatientDistribution', 'MarketShare']) },
      async (request) => {
        const { type, ...viewport } = request.query;
        const problem = viewportProblem(viewport);
        if (problem) throw badRequest(problem);
        return facilitiesInViewport(db, type, viewport);
      },
    );
  };
}
