import { halfMeshBounds, halfMeshCode, MESH_CELL_SECONDS } from '@pharmalytics/domain';

const EARTH_RADIUS_METERS = 6_371_008.8;
const SECONDS_PER_DEGREE = 3600;
const LATITUDE_STEP = MESH_CELL_SECONDS.latitude / SECONDS_PER_DEGREE;
const LONGITUDE_STEP = MESH_CELL_SECONDS.longitude / SECONDS_PER_DEGREE;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres between two points (haversine). */
export function distanceMeters(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

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
  const latitudeReach = (radiusMeters / EARTH_RADIUS_METERS) * (180 / Math.PI);
  const longitudeReach = latitudeReach / Math.max(Math.cos(radians(centre.latitude)), 1e-6);
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
