import {
  degreesAround,
  distanceMeters,
  NEARBY_OPENING_METERS,
  type NearbyClosing,
  type NearbyOpening,
  type Place,
} from '@pharmalytics/domain';
import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';

/** The clinics of the facility master within the box of NEARBY_OPENING_METERS around a place. */
const within = (place: Place) => {
  const around = degreesAround(place, NEARBY_OPENING_METERS);
  return sql`f.type = 'clinic'
      and f.latitude between ${place.latitude - around.lat} and ${place.latitude + around.lat}
      and f.longitude between ${place.longitude - around.lng} and ${place.longitude + around.lng}`;
};

/** Rows within NEARBY_OPENING_METERS of the place, nearest first (then by name). */
function nearest<T extends { name: string; latitude: number; longitude: number }>(
  place: Place,
  rows: readonly T[],
): (T & { distanceMeters: number })[] {
  return rows
    .map((r) => ({ ...r, distanceMeters: Math.round(distanceMeters(place, r)) }))
    .filter((r) => r.distanceMeters <= NEARBY_OPENING_METERS)
    .sort((a, b) => a.distanceMeters - b.distanceMeters || a.name.localeCompare(b.name));
}

interface FacilityRow {
  id: number;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  day: string;
}

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
  const { rows } = await sql<FacilityRow>`
    select f.id, f.name, f.address, f.latitude, f.longitude, f.first_seen_on as day
    from facility_master f
    where ${within(place)} and f.first_seen_on between ${from} and ${to}
      and f.first_seen_on > (select min(o.first_seen_on) from facility_master o
        where o.source = f.source)`.execute(db);
  return nearest(place, rows).map((r) => ({
    facilityId: r.id,
    name: r.name,
    address: r.address,
    distanceMeters: r.distanceMeters,
    firstSeenOn: String(r.day),
  }));
}

/**
 * Clinics of the facility master within NEARBY_OPENING_METERS of a place that closed: last listed
 * within [from, to], and a later load of their source listed clinics but not them (their last-seen
 * day lies before the latest last-seen day of the source's clinics). Nearest first.
 */
export async function nearbyClosings(
  db: Database,
  place: Place,
  from: string,
  to: string,
): Promise<NearbyClosing[]> {
  const { rows } = await sql<FacilityRow>`
    select f.id, f.name, f.address, f.latitude, f.longitude, f.last_seen_on as day
    from facility_master f
    where ${within(place)} and f.last_seen_on between ${from} and ${to}
      and f.last_seen_on < (select max(o.last_seen_on) from facility_master o
        where o.source = f.source and o.type = f.type)`.execute(db);
  return nearest(place, rows).map((r) => ({
    facilityId: r.id,
    name: r.name,
    address: r.address,
    distanceMeters: r.distanceMeters,
    lastSeenOn: String(r.day),
  }));
}
