import { facilityStandardsContracts } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import type { Database } from '../db/connection.ts';
import { contractRoute } from '../http/contract-route.ts';
import { loadFacilityStandardRules } from './rules-queries.ts';

/**
 * GET /v3/facility_standards/rules: the 施設基準 rules of every fee revision with their sources
 * and confidence (docs/facility-standards.md). Public reference data, the same for every
 * corporation, so any signed-in member may read it.
 */
export function facilityStandardRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    contractRoute(app, facilityStandardsContracts.rules, { access: access.member }, async () => ({
      revisions: await loadFacilityStandardRules(db),
    }));
  };
}
