/** A point in WGS 84 degrees. */
export interface Place {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_METERS = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres between two points (haversine). */
export function distanceMeters(a: Place, b: Place): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The degrees of latitude and of longitude `meters` spans around a place. */
export function degreesAround(place: Place, meters: number): { lat: number; lng: number } {
  const lat = (meters / EARTH_RADIUS_METERS) * (180 / Math.PI);
  return { lat, lng: lat / Math.max(Math.cos(radians(place.latitude)), 1e-6) };
}
