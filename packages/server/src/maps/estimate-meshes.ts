import { daysInRange, type DateRange } from '@pharmalytics/domain';
import type { Database } from '../db/connection.ts';
import { meshEstimator } from './estimate-model.ts';
import { estimateModelFor } from './estimate-parameters.ts';
import { meshPeople } from './estimate-population.ts';

/** The estimate by band of meshes with census population over a period, and their people. */
export interface MeshEstimates {
  /** Whole persons by band (AGE_BANDS order) of each mesh the census has a row for. */
  byMesh: Map<string, number[]>;
  /** The census population of those meshes. */
  people: Map<string, number>;
}

/**
 * Estimated treated patients of meshes over a period, by the model version of the period's end
 * (read from the database on every call, so a changed parameter applies at once). Meshes the
 * census has no row for are left out (nobody lives there): they estimate 0.
 */
export async function estimateMeshes(
  db: Database,
  meshCodes: readonly string[],
  period: DateRange,
): Promise<MeshEstimates> {
  const byMesh = new Map<string, number[]>();
  const people = new Map<string, number>();
  if (meshCodes.length === 0) return { byMesh, people };
  const [model, census] = await Promise.all([
    estimateModelFor(db, period.to),
    meshPeople(db, meshCodes),
  ]);
  const estimate = meshEstimator(model, daysInRange(period));
  for (const mesh of census.values()) {
    byMesh.set(mesh.meshCode, estimate(mesh.people, mesh.groupCounts));
    people.set(mesh.meshCode, mesh.people);
  }
  return { byMesh, people };
}
