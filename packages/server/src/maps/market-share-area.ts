import {
  degreesAround,
  distanceMeters,
  halfMeshBounds,
  halfMeshCode,
  MESH_CELL_SECONDS,
} from '@pharmalytics/domain';

const SECONDS_PER_DEGREE = 3600;
const LATITUDE_STEP = MESH_CELL_SECONDS.latitude / SECONDS_PER_DEGREE;
const LONGITUDE_STEP = MESH_CELL_SECONDS.longitude / SECONDS_PER_DEGREE;

/** The centre of a 1/2 mesh. */
export function meshCentre(meshCode: string): { latitude: number; longitude: number } {
  const b = halfMeshBounds(meshCode);
  return { latitude: (b.south + b.north) / 2, longitude: (b.west + b.east) / 2 };
}

/**
 * The 1/2 meshes whose centre lies within `radiusMeters` of a point: the cells of the bounding
 * box of the circle, walked by the mesh's own steps, kept by the distance of their centres.
 */
export function meshCodesAround(
  centre: { latitude: number; longitude: number },
  radiusMeters: number,
): string[] {
  const { lat: latitudeReach, lng: longitudeReach } = degreesAround(centre, radiusMeters);
  const rows = [
    Math.floor((centre.latitude - latitudeReach) / LATITUDE_STEP),
    Math.floor((centre.latitude + latitudeReach) / LATITUDE_STEP),
  ] as const;
  const columns = [
    Math.floor((centre.longitude - longitudeReach) / LONGITUDE_STEP),
    Math.floor((centre.longitude + longitudeReach) / LONGITUDE_STEP),
  ] as const;
  const codes: string[] = [];
  for (let row = rows[0]; row <= rows[1]; row++) {
    for (let column = columns[0]; column <= columns[1]; column++) {
      // The centre of the cell: far from every boundary, so its code is exact.
      const cell = {
        latitude: (row + 0.5) * LATITUDE_STEP,
        longitude: (column + 0.5) * LONGITUDE_STEP,
      };
      if (distanceMeters(centre, cell) <= radiusMeters) {
        codes.push(halfMeshCode(cell.latitude, cell.longitude));
      }
    }
  }
  return codes;
}
