import { halfMeshCode, roundCoordinate } from '@pharmalytics/domain';
import { townGeocoder } from '../geocoding/town-geocoder.ts';
import { lookupZip } from '../geocoding/zip-lookup.ts';

export interface PatientHome {
  prefecture: string | null;
  city: string | null;
  town: string | null;
  latitude: number | null;
  longitude: number | null;
  meshCode: string | null;
}

const UNKNOWN: PatientHome = {
  prefecture: null,
  city: null,
  town: null,
  latitude: null,
  longitude: null,
  meshCode: null,
};
const PREFECTURE = /^(東京都|北海道|(?:京都|大阪)府|.{2,3}県)/;

/**
 * Where a patient lives, at town level only: the address (or, failing that, the zip code) is
 * geocoded offline, the point rounded to about 100 m and given its 1/2 mesh code.
 */
export function locatePatientHome(address: string | null, zip: string | null): PatientHome {
  let prefecture: string | undefined;
  let rest = '';
  const match = address ? PREFECTURE.exec(address.normalize('NFKC')) : null;
  if (address && match) {
    prefecture = match[1];
    rest = address.normalize('NFKC').slice(match[0].length);
  } else if (zip) {
    const [found] = lookupZip(zip);
    if (found) {
      prefecture = found.prefecture;
      rest = found.city + found.town;
    }
  }
  if (!prefecture) return UNKNOWN;
  const result = townGeocoder().geocode(prefecture, rest, '');
  if (result.latitude === null || result.longitude === null || result.level === 'prefecture') {
    return UNKNOWN;
  }
  const latitude = roundCoordinate(result.latitude);
  const longitude = roundCoordinate(result.longitude);
  return {
    prefecture,
    city: result.city ?? null,
    town: result.town ?? null,
    latitude,
    longitude,
    meshCode: halfMeshCode(latitude, longitude),
  };
}

/** One lookup per distinct address within a file. */
export function patientHomeLocator() {
  const cache = new Map<string, PatientHome>();
  return (address: string | null, zip: string | null) => {
    const key = `${address ?? ''}|${zip ?? ''}`;
    let home = cache.get(key);
    if (!home) cache.set(key, (home = locatePatientHome(address, zip)));
    return home;
  };
}
