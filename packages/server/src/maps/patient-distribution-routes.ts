import {
  mapsContracts,
  type PatientDistributionQuery,
  type PatientDistributionResponse,
  type TimeAxisValue,
} from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import { memberScope, type AnalysisScope } from '../access/analysis-scope.ts';
import type { AuthContext } from '../access/auth-context.ts';
import type { AnalyticsRouteDeps } from '../analytics/metric-cache.ts';
import { requestPeriod } from '../analytics/period.ts';
import type { Database } from '../db/connection.ts';
import { contractRoute } from '../http/contract-route.ts';
import {
  computePatientDistribution,
  distributionPatients,
  type DistributionAnswer,
  type DistributionQuery,
} from './patient-distribution.ts';
import { browsableStoreCodes, storesOnMap } from './patient-distribution-queries.ts';

/**
 * The stores of a distribution call, as an analysis call's: the period checked first (the
 * period menu's rules), then the stores, all of the member's browsable active stores when none
 * are named; a store outside them is refused (403), and the free plan's calendar applies. Null
 * when the member has no store to show.
 */
async function distributionScope(
  db: Database,
  auth: AuthContext,
  q: PatientDistributionQuery,
): Promise<AnalysisScope | null> {
  requestPeriod(q.from, q.to, q.periodCode as TimeAxisValue | undefined);
  let storeCodes = q.storeCodes.split(',').filter((code) => code !== '');
  if (storeCodes.length === 0) {
    storeCodes = await browsableStoreCodes(db, auth);
    if (storeCodes.length === 0) return null;
  }
  return memberScope(db, auth, { storeCodes, from: q.from });
}

const distributionQuery = (
  q: PatientDistributionQuery,
  scope: AnalysisScope,
): DistributionQuery => ({
  scope,
  from: q.from,
  to: q.to,
  category: q.addressCategory,
  institutionCodes: [...q.medicalInstitutionFilters].sort(),
});

const NOTHING: PatientDistributionResponse = { patients: [], pharmacies: [], categories: [] };

/**
 * GET /v3/patient_distribution (spec 02 §7) and its development twin
 * GET /v2/address/patient_distribution, for whoever the route table lets open the patient
 * distribution screen (the twin: system administrators only). Both run one statement
 * (patient-distribution.ts): /v3 through the answer cache, on the analytics replica once it holds
 * the call's facts; the twin on the system of record every time, uncached, so the two engines can
 * be held equal as the chart calls' twins are. The stores on the map are read fresh each call.
 */
export function patientDistributionRoutes({
  db,
  metrics,
}: AnalyticsRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const answer = async (
      auth: AuthContext,
      q: PatientDistributionQuery,
      compute: (query: DistributionQuery) => Promise<DistributionAnswer>,
    ): Promise<PatientDistributionResponse> => {
      const scope = await distributionScope(db, auth, q);
      if (!scope) return NOTHING;
      const distribution = await compute(distributionQuery(q, scope));
      return {
        patients: distributionPatients(distribution),
        pharmacies: await storesOnMap(db, scope),
        categories: distribution.categories,
      };
    };

    contractRoute(
      app,
      mapsContracts.patientDistribution,
      { access: access.route('PatientDistribution') },
      async (request) =>
        answer(request.auth, request.query, (query) => {
          const { scope, ...question } = query;
          return metrics.answer('patientDistribution', scope, question, (on) =>
            computePatientDistribution(on, query),
          );
        }),
    );
    contractRoute(
      app,
      mapsContracts.patientDistributionTwin,
      { access: access.route('PatientDistribution', { roles: ['system_admin'] }) },
      async (request) =>
        answer(request.auth, request.query, (query) => computePatientDistribution(db, query)),
    );
  };
}
