import { degreesAround, distanceMeters, type Place } from '../geo.ts';
import type { StoreLocation } from './store-judgement.ts';

/**
 * The distances the R8 location rules measure (特掲診療料の施設基準等 第十五 一 (2) ハ, 五の六):
 * another pharmacy within 500 m, pharmacies within 50 m of the store and of its neighbours, and
 * hospitals of 200 beds or more with pharmacies within 100 m of them. The master holds one point
 * per facility, so "within 100 m of the site boundary" is measured from the hospital's point.
 */
export const LOCATION_RULES = {
  nearbyPharmacyMeters: 500,
  crowdedPharmacyMeters: 50,
  hospitalZoneMeters: 100,
  largeHospitalBeds: 200,
  /** A pharmacy of the master this close to the store is the store itself. */
  samePlaceMeters: 5,
} as const;

export interface MasterHospital extends Place {
  beds: number | null;
}

/** Degrees of latitude and longitude that surely hold every point within `meters` of a place. */
export function boundingDegrees(place: Place, meters: number): { lat: number; lng: number } {
  const { lat, lng } = degreesAround(place, meters);
  return { lat: lat * 1.01, lng: lng * 1.01 };
}

/**
 * A store's place among the pharmacies and hospitals of the master around it, or every measure
 * unknown when the store has no coordinates. `pharmacies` are the other pharmacies (the store's
 * own entry, at its point, is left out); `hospitals` those around it with their beds.
 */
export function locationMeasures(
  store: Place | null,
  pharmacies: readonly Place[],
  hospitals: readonly MasterHospital[],
): StoreLocation {
  if (store === null) {
    return {
      other_pharmacies_within_500m: null,
      other_pharmacies_within_50m: null,
      neighbour_pharmacies_within_50m: null,
      large_hospital_zone_pharmacies: null,
      near_large_hospital: null,
    };
  }
  const R = LOCATION_RULES;
  const others = pharmacies.filter((p) => distanceMeters(store, p) > R.samePlaceMeters);
  const within = (place: Place, meters: number, among: readonly Place[]) =>
    among.filter((p) => p !== place && distanceMeters(place, p) <= meters);
  const near50 = within(store, R.crowdedPharmacyMeters, others);
  // For a neighbour, the store itself is one of its "other pharmacies".
  const neighbourCrowding = near50.map(
    (n) => within(n, R.crowdedPharmacyMeters, [...others, store]).length,
  );
  const largeHospitals = hospitals.filter(
    (h) =>
      h.beds !== null &&
      h.beds >= R.largeHospitalBeds &&
      distanceMeters(store, h) <= R.hospitalZoneMeters,
  );
  const zonePharmacies = largeHospitals.map((h) => within(h, R.hospitalZoneMeters, others).length);
  return {
    other_pharmacies_within_500m: within(store, R.nearbyPharmacyMeters, others).length,
    other_pharmacies_within_50m: near50.length,
    neighbour_pharmacies_within_50m: Math.max(0, ...neighbourCrowding),
    large_hospital_zone_pharmacies: Math.max(0, ...zonePharmacies),
    near_large_hospital: largeHospitals.length > 0,
  };
}
