import {
  acquisitionRate,
  MARKET_SHARE_AGE_BANDS,
  MESH_ALL_AGES_LABEL,
  type MarketShareResponse,
  type MeshEstimate,
} from '@pharmalytics/domain';
import type { BandCounts } from './market-share-acquired.ts';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/**
 * A mesh on the wire: its acquired count and estimate per band of MARKET_SHARE_AGE_BANDS (不明
 * has no estimate), the all-ages figures as their sums, each rate by the spec's rule
 * (acquisitionRate: truncated to 2 decimals, '-' for patients without an estimate).
 */
export function meshEstimate(
  meshCode: string,
  counts: BandCounts | undefined,
  estimates: readonly number[] | undefined,
): MeshEstimate {
  const details = MARKET_SHARE_AGE_BANDS.map((ageRangeName, ageRange) => {
    const count = counts?.[ageRange] ?? 0;
    const estimate = estimates?.[ageRange] ?? 0;
    return {
      ageRange,
      ageRangeName,
      count,
      estimate,
      estimateRate: acquisitionRate(count, estimate),
    };
  });
  const count = sum(details.map((d) => d.count));
  const estimate = sum(details.map((d) => d.estimate));
  return {
    meshCode,
    ageRangeName: MESH_ALL_AGES_LABEL,
    count,
    estimate,
    estimateRate: acquisitionRate(count, estimate),
    details,
  };
}

/** The mesh of the highest numeric rate (the first of equals), or null when none has one. */
export function maxMesh(meshes: readonly MeshEstimate[]): MarketShareResponse['maxMesh'] {
  let best: MeshEstimate | undefined;
  for (const mesh of meshes) {
    if (typeof mesh.estimateRate !== 'number') continue;
    if (!best || mesh.estimateRate > (best.estimateRate as number)) best = mesh;
  }
  if (!best) return null;
  const { meshCode, count, estimate, estimateRate } = best;
  return { meshCode, count, estimate, estimateRate };
}
