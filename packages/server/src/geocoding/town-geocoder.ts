import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { normalizeAddress, toKanjiNumber } from '@pharmalytics/domain';

export type GeocodeLevel = 'town' | 'city' | 'prefecture' | 'none';

export interface GeocodeResult {
  latitude: number | null;
  longitude: number | null;
  /** How deep the address matched: town (大字・町丁目), city, prefecture or none. */
  level: GeocodeLevel;
  city?: string;
  town?: string;
}

interface Point {
  lat: number;
  lng: number;
}
interface City extends Point {
  name: string;
  towns: Map<string, Point>;
  /** Town names longest first, for prefix matching. */
  townNames: string[];
}
interface Prefecture extends Point {
  cities: City[];
}

const TOWNS_FILE = new URL('../../assets/geocoding/japanese-towns.csv.gz', import.meta.url);

const mean = (points: Point[]): Point => ({
  lat: points.reduce((s, p) => s + p.lat, 0) / points.length,
  lng: points.reduce((s, p) => s + p.lng, 0) / points.length,
});

/**
 * Offline geocoder over the town-level point table (Geolonia 住所データ, CC BY 4.0): matches
 * prefecture → city → town and answers the deepest point found. City and prefecture points are
 * the mean of their towns.
 */
export class TownGeocoder {
  private constructor(private readonly prefectures: Map<string, Prefecture>) {}

  static fromCsv(csv: string): TownGeocoder {
    const byPref = new Map<string, Map<string, Map<string, Point>>>();
    for (const line of csv.split('\n').slice(1)) {
      if (!line) continue;
      const [pref = '', city = '', town = '', , lat, lng] = line.split(',');
      // A few recent towns are listed without a point ("null"): they cannot place anything.
      const point = { lat: Number(lat), lng: Number(lng) };
      if (!lat || !lng || !Number.isFinite(point.lat) || !Number.isFinite(point.lng)) continue;
      const cities = byPref.get(pref) ?? byPref.set(pref, new Map()).get(pref)!;
      const towns = cities.get(city) ?? cities.set(city, new Map()).get(city)!;
      const key = normalizeAddress(town);
      if (!towns.has(key)) towns.set(key, point);
    }
    const prefectures = new Map<string, Prefecture>();
    for (const [pref, cityMap] of byPref) {
      const cities = [...cityMap].map(([name, towns]): City => ({
        name,
        towns,
        townNames: [...towns.keys()].filter(Boolean).sort((a, b) => b.length - a.length),
        ...mean([...towns.values()]),
      }));
      prefectures.set(pref, { cities, ...mean(cities) });
    }
    return new TownGeocoder(prefectures);
  }

  static load(): TownGeocoder {
    return TownGeocoder.fromCsv(gunzipSync(readFileSync(TOWNS_FILE)).toString('utf8'));
  }

  /** Every town point of a prefecture (the demo world places patients on them). */
  townsOf(
    prefecture: string,
  ): { city: string; town: string; latitude: number; longitude: number }[] {
    return (this.prefectures.get(prefecture)?.cities ?? []).flatMap((city) =>
      [...city.towns].map(([town, p]) => ({
        city: city.name,
        town,
        latitude: p.lat,
        longitude: p.lng,
      })),
    );
  }

  geocode(prefecture: string, city = '', block = ''): GeocodeResult {
    const pref = this.prefectures.get(prefecture);
    if (!pref) return { latitude: null, longitude: null, level: 'none' };
    const rest = normalizeAddress(city + block);
    const match = this.matchCity(pref, rest);
    if (!match) return { latitude: pref.lat, longitude: pref.lng, level: 'prefecture' };
    const { city: found, remainder } = match;
    const town = this.matchTown(found, remainder);
    if (!town)
      return { latitude: found.lat, longitude: found.lng, level: 'city', city: found.name };
    const point = found.towns.get(town)!;
    return { latitude: point.lat, longitude: point.lng, level: 'town', city: found.name, town };
  }

  /** The longest city name the address starts with; '郡' may be left out ('粕屋町' for '糟屋郡粕屋町'). */
  private matchCity(pref: Prefecture, address: string) {
    let best: { city: City; remainder: string; length: number } | undefined;
    for (const city of pref.cities) {
      const names = [city.name, city.name.replace(/^.+?郡/, '')];
      for (const name of names) {
        if (address.startsWith(name) && (!best || name.length > best.length)) {
          best = { city, remainder: address.slice(name.length), length: name.length };
        }
      }
    }
    return best;
  }

  /** The longest town name the rest starts with; '天神2-8-38' is read as 天神二丁目 when that exists. */
  private matchTown(city: City, rest: string): string | undefined {
    const candidates = [rest];
    const chome = /^(\D+?)(\d+)[-‐－ー−の]/.exec(rest.replace(/番地?|号/g, '-'));
    if (chome) candidates.unshift(`${chome[1]}${toKanjiNumber(Number(chome[2]))}丁目`);
    for (const candidate of candidates) {
      const town = city.townNames.find((name) => candidate.startsWith(name));
      if (town) return town;
    }
    return undefined;
  }
}

let shared: TownGeocoder | undefined;
/** The table is 17 MB unpacked: read on first use, then kept. */
export function townGeocoder(): TownGeocoder {
  shared ??= TownGeocoder.load();
  return shared;
}
