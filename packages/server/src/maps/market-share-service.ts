import {
  MARKET_SHARE_RADIUS_METERS,
  storeLocation,
  type DateRange,
  type MarketShareQuery,
  type MarketShareResponse,
  type MeshEstimate,
} from '@pharmalytics/domain';
import { memberScope, type AnalysisScope } from '../access/analysis-scope.ts';
import type { AuthContext } from '../access/auth-context.ts';
import { executorOf } from '../analytics/executors.ts';
import type { MetricCache } from '../analytics/metric-cache.ts';
import { requestPeriod } from '../analytics/period.ts';
import type { Database } from '../db/connection.ts';
import { estimateMeshes } from './estimate-meshes.ts';
import {
  acquiredPatients,
  type AcquiredByMesh,
  type AcquiredQuery,
} from './market-share-acquired.ts';
import { meshCodesAround } from './market-share-area.ts';
import { maxMesh, meshEstimate } from './market-share-response.ts';

/** Acquired patients by mesh of a store over a period (cached or counted from the facts). */
export type AcquiredSource = (
  query: AcquiredQuery,
  scope: AnalysisScope,
) => Promise<AcquiredByMesh>;

/**
 * Acquired patients kept in the analytics answer cache by the corporation's data version, counted
 * on the analytics replica when it has caught up.
 */
export function cachedAcquired(metrics: MetricCache): AcquiredSource {
  return (query, scope) =>
    metrics.answer('marketShareAcquired', scope, [query.from, query.to], (on) =>
      acquiredPatients(executorOf(on), query),
    );
}

/** The map of the store asked, its period and stores checked as the analysis calls' are. */
export async function storeMarketShare(
  db: Database,
  auth: AuthContext,
  q: Pick<MarketShareQuery, 'from' | 'to' | 'store_code'>,
  acquired: AcquiredSource,
): Promise<{ scope: AnalysisScope; period: DateRange; answer: MarketShareResponse }> {
  const period = requestPeriod(q.from, q.to);
  const scope = await memberScope(db, auth, { storeCodes: [q.store_code], from: q.from });
  return { scope, period, answer: await marketShare(db, scope, period, acquired) };
}

/**
 * The acquisition-rate map of one store (GET /v3/market_share/): the store, and every mesh
 * where its patients of the period live or whose centre lies within MARKET_SHARE_RADIUS_METERS
 * of the store and has census population, in mesh code order, each with its acquired patients,
 * estimate and rates by band, and the mesh of the highest rate. A store without coordinates
 * gets the meshes of its patients only.
 */
export async function marketShare(
  db: Database,
  scope: AnalysisScope,
  period: DateRange,
  acquired: AcquiredSource,
): Promise<MarketShareResponse> {
  const storeId = scope.storeIds[0]!;
  const store = await db
    .selectFrom('stores')
    .select(['store_code', 'name', 'latitude', 'longitude'])
    .where('corporation_id', '=', scope.corporationId)
    .where('id', '=', storeId)
    .executeTakeFirstOrThrow();
  const patients = await acquired(
    { corporationId: scope.corporationId, storeId, ...period },
    scope,
  );
  const location = storeLocation(store);
  const around = location ? meshCodesAround(location, MARKET_SHARE_RADIUS_METERS) : [];
  const patientMeshes = Object.keys(patients);
  const estimates = await estimateMeshes(db, [...new Set([...patientMeshes, ...around])], period);
  const populatedAround = around.filter((code) => (estimates.people.get(code) ?? 0) > 0);
  const meshCodes = [...new Set([...patientMeshes, ...populatedAround])].sort();
  const meshes = meshCodes.map((code) =>
    meshEstimate(code, patients[code], estimates.byMesh.get(code)),
  );
  return {
    branches: [
      {
        storeCode: store.store_code,
        name: store.name,
        latitude: store.latitude,
        longitude: store.longitude,
      },
    ],
    estimatedPatientCounts: meshes,
    maxMesh: maxMesh(meshes),
  };
}

/**
 * One mesh's estimate (GET /v3/estimate_count/), for a mesh the map had not loaded: no store's
 * patients are counted (count 0); a mesh without census data estimates 0 in every band.
 */
export async function meshEstimateOnly(
  db: Database,
  meshCode: string,
  period: DateRange,
): Promise<MeshEstimate[]> {
  return [...(await meshEstimatesOnly(db, [meshCode], period)).values()];
}

/** The estimates of several meshes as meshEstimateOnly answers each, by mesh code. */
export async function meshEstimatesOnly(
  db: Database,
  meshCodes: readonly string[],
  period: DateRange,
): Promise<Map<string, MeshEstimate>> {
  if (meshCodes.length === 0) return new Map();
  const estimates = await estimateMeshes(db, [...meshCodes], period);
  return new Map(
    meshCodes.map((code) => [code, meshEstimate(code, undefined, estimates.byMesh.get(code))]),
  );
}
