import type { Database } from '../db/connection.ts';
import { censusGroupCounts } from './estimate-model.ts';

/** HTKSYORI of a mesh whose age groups are kept secret and counted in its HTKSAKI mesh. */
const SECRET_AGES = 2;
/** Age groups of a mesh whose describing row is not loaded: unknown, so the national profile. */
const NO_AGES = {
  age0to14: 0,
  age15to64: 0,
  age65plus: 0,
  age75plus: 0,
  age85plus: 0,
  age95plus: 0,
};

/** What the census says of one 1/2 mesh, ready for the estimate. */
export interface MeshPeople {
  meshCode: string;
  /** The mesh's own census population (人口総数). */
  people: number;
  /**
   * People of each census age group (CENSUS_AGE_GROUPS) describing the mesh's ages: its own row,
   * or, when its ages are secret, the row of the mesh they were merged into, whose age groups
   * then cover that mesh and every mesh merged into it.
   */
  groupCounts: number[];
}

/**
 * The census population of meshes (those without a row, which the census leaves out when nobody
 * lives there, are absent from the answer). In the census file a mesh of secrecy 2 keeps its
 * total and has its age groups counted in its HTKSAKI mesh (merged_into), whose age groups then
 * describe the merged meshes together: such a mesh takes that profile.
 */
export async function meshPeople(
  db: Database,
  meshCodes: readonly string[],
): Promise<Map<string, MeshPeople>> {
  const found = new Map<string, MeshPeople>();
  if (meshCodes.length === 0) return found;
  const rows = await db
    .selectFrom('mesh_population')
    .selectAll()
    .where('mesh_code', 'in', [...new Set(meshCodes)])
    .execute();
  const receivingCodes = [
    ...new Set(
      rows
        .filter((r) => r.secrecy === SECRET_AGES && r.merged_into !== null)
        .map((r) => r.merged_into!),
    ),
  ];
  const receiving = new Map(
    receivingCodes.length === 0
      ? []
      : (
          await db
            .selectFrom('mesh_population')
            .selectAll()
            .where('mesh_code', 'in', receivingCodes)
            .execute()
        ).map((r) => [r.mesh_code, r]),
  );
  for (const row of rows) {
    const describing =
      row.secrecy === SECRET_AGES && row.merged_into !== null
        ? receiving.get(row.merged_into)
        : row;
    found.set(row.mesh_code, {
      meshCode: row.mesh_code,
      people: row.total,
      groupCounts: censusGroupCounts(describing ?? NO_AGES),
    });
  }
  return found;
}
