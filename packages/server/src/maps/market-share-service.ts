import {
  MARKET_SHARE_RADIUS_METERS,
  storeLocation,
  type DateRange,
  type MarketShareResponse,
  type MeshEstimate,
} from '@pharmalytics/domain';
import type { AnalysisScope } from '../access/analysis-scope.ts';
import type { Database } from '../db/connection.ts';
import { estimateMeshes } from './estimate-meshes.ts';
import type { AcquiredByMesh, AcquiredQuery } from './market-share-acquired.ts';
import { meshCodesAround } from './market-share-area.ts';
import { maxMesh, meshEstimate } from './market-share-response.ts';

/** Acquired patients by mesh of a store over a period (cached or counted from the facts). */
export type AcquiredSource = (
  query: AcquiredQuery,
  scope: AnalysisScope,
) => Promise<AcquiredByMesh>;

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
  const estimates = await estimateMeshes(db, [meshCode], period);
  return [meshEstimate(meshCode, undefined, estimates.byMesh.get(meshCode))];
}
