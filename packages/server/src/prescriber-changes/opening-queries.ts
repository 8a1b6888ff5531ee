import {
  degreesAround,
  distanceMeters,
  NEARBY_OPENING_METERS,
  type NearbyOpening,
  type Place,
} from '@pharmalytics/domain';
import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';

/**
 * Clinics of the facility master first seen within [from, to] within NEARBY_OPENING_METERS of a
 * place, nearest first. A facility seen in the first load of its source is no opening (the
 * master cannot tell how long it was there): only one first seen after the earliest first-seen
 * day of its source counts. The master is public data, shared by every corporation.
 */
export async function nearbyOpenings(
  db: Database,
  place: Place,
  from: string,
  to: string,
): Promise<NearbyOpening[]> {
  const around = degreesAround(place, NEARBY_OPENING_METERS);
  const { rows } = await sql<{
    name: string;
    address: string;
    latitude: number;
    longitude: number;
    first_seen_on: string;
  }>`
    select f.name, f.address, f.latitude, f.longitude, f.first_seen_on
    from facility_master f
    where f.type = 'clinic' and f.first_seen_on between ${from} and ${to}
      and f.latitude between ${place.latitude - around.lat} and ${place.latitude + around.lat}
      and f.longitude between ${place.longitude - around.lng} and ${place.longitude + around.lng}
      and f.first_seen_on > (select min(o.first_seen_on) from facility_master o
        where o.source = f.source)`.execute(db);
  return rows
    .map((r) => ({
      name: r.name,
      address: r.address,
      distanceMeters: Math.round(distanceMeters(place, r)),
      firstSeenOn: String(r.first_seen_on),
    }))
    .filter((o) => o.distanceMeters <= NEARBY_OPENING_METERS)
    .sort((a, b) => a.distanceMeters - b.distanceMeters || a.name.localeCompare(b.name));
}
