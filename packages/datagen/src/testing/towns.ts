/**
 * Test helper: the real town points of one prefecture from the server's town table (gzip CSV,
 * header prefecture,city,town,koaza,lat,lng), one row per (city, town), each with the postal code
 * the server gives the demo world's towns.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { townZipCodes } from '../../../server/src/geocoding/zip-lookup.ts';
import type { DemoTown } from '../world.ts';

const TOWN_TABLE = new URL(
  '../../../server/assets/geocoding/japanese-towns.csv.gz',
  import.meta.url,
);

const cache = new Map<string, DemoTown[]>();

export function townsOf(prefecture: string): DemoTown[] {
  const cached = cache.get(prefecture);
  if (cached) return cached;
  const text = gunzipSync(readFileSync(TOWN_TABLE)).toString('utf8');
  const zipOf = townZipCodes(prefecture);
  const seen = new Set<string>();
  const towns: DemoTown[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${prefecture},`)) continue;
    const [, city, town, , lat, lng] = line.trim().split(',');
    if (!city || !town || !lat || !lng) continue;
    const key = `${city}\u0000${town}`;
    if (seen.has(key)) continue;
    seen.add(key);
    towns.push({
      city,
      town,
      latitude: Number(lat),
      longitude: Number(lng),
      zip: zipOf(city, town),
    });
  }
  cache.set(prefecture, towns);
  return towns;
}

export function fukuokaTowns(): DemoTown[] {
  return townsOf('福岡県');
}
