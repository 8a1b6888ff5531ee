import {
  mapsContracts,
  type DateRange,
  type MarketShareResponse,
  type MeshEstimate,
} from '@pharmalytics/domain';
import { call, isAbort } from '../../../api/index.ts';

export const marketShareKeys = {
  all: ['marketShare'] as const,
  map: (period: DateRange, storeCode: string, devApi: boolean) =>
    ['marketShare', 'map', period.from, period.to, storeCode, devApi] as const,
  estimate: (period: DateRange, meshCode: string, devApi: boolean) =>
    ['marketShare', 'estimate', period.from, period.to, meshCode, devApi] as const,
};

/**
 * Spec 02 §8: a failed call is logged, not announced, and answers nothing. The global handling
 * has already dealt with the API's own errors (session expiry and the like); an aborted call is
 * not a failure.
 */
function nothingOnError(error: unknown): null {
  if (isAbort(error)) throw error;
  console.error(error);
  return null;
}

/**
 * GET /v3/market_share/ (or its /v2/ twin under the dev-API flag): the store and the meshes of
 * its trade area over the period; null when the call fails.
 */
export async function fetchMarketShare(
  period: DateRange,
  storeCode: string,
  signal?: AbortSignal,
): Promise<MarketShareResponse | null> {
  try {
    return await call(
      mapsContracts.marketShare,
      { query: { from: period.from, to: period.to, store_code: storeCode } },
      { signal, devSwap: true },
    );
  } catch (error) {
    return nothingOnError(error);
  }
}

/**
 * GET /v3/estimate_count/ (or its /v2/ twin): one mesh's estimate over the period, for a mesh the
 * map's answer does not hold (its count is 0); null when the call fails or answers no mesh.
 */
export async function fetchEstimateCount(
  period: DateRange,
  meshCode: string,
  signal?: AbortSignal,
): Promise<MeshEstimate | null> {
  try {
    const estimates = await call(
      mapsContracts.estimateCount,
      { query: { from: period.from, to: period.to, mesh_code: meshCode } },
      { signal, devSwap: true },
    );
    return estimates[0] ?? null;
  } catch (error) {
    return nothingOnError(error);
  }
}
