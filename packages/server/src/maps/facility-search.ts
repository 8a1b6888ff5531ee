import {
  FACILITY_LIMIT,
  viewportCentre,
  type FacilityItem,
  type FacilityMastersResponse,
  type MarkerCategory,
  type Viewport,
} from '@pharmalytics/domain';
import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';

/**
 * The facilities of one type inside a viewport (edges included), at most `limit`, nearest the
 * viewport's centre first (distance on the local plane: longitude degrees shrink with the cosine
 * of the latitude), ties in the order they were stored. `truncated` tells that more lie inside.
 * The viewport is checked by the caller (viewportProblem); the index on (type, latitude,
 * longitude) narrows the rows to the latitude band.
 */
export async function facilitiesInViewport(
  db: Database,
  type: MarkerCategory,
  viewport: Viewport,
  limit = FACILITY_LIMIT,
): Promise<FacilityMastersResponse> {
  const centre = viewportCentre(viewport);
  const shrink = Math.cos((centre.lat * Math.PI) / 180);
  const rows = await db
    .selectFrom('facility_master')
    .select([
      'latitude',
      'longitude',
      'name',
      'address',
      'prescription_patients',
      'outpatients',
      'homecare_patients',
      'capacity',
      'total_users',
    ])
    .where('type', '=', type)
    .where('latitude', '>=', viewport.south_west_lat)
    .where('latitude', '<=', viewport.north_east_lat)
    .where('longitude', '>=', viewport.south_west_lng)
    .where('longitude', '<=', viewport.north_east_lng)
    .orderBy(
      sql`power(latitude - ${centre.lat}::float8, 2)
        + power((longitude - ${centre.lng}::float8) * ${shrink}::float8, 2)`,
    )
    .orderBy('id')
    .limit(limit + 1)
    .execute();
  const items: FacilityItem[] = rows.slice(0, limit).map((r) => ({
    lat: r.latitude,
    lng: r.longitude,
    name: r.name,
    address: r.address,
    prescriptionPatients: r.prescription_patients,
    outpatients: r.outpatients,
    homecarePatients: r.homecare_patients,
    capacity: r.capacity,
    totalUsers: r.total_users,
  }));
  return { items, limit, truncated: rows.length > limit };
}
