/**
 * Japanese standard regional mesh (地域メッシュ, JIS X 0410) down to the 1/2 mesh (500 m:
 * 15″ latitude × 22.5″ longitude), whose 9-digit code the census population uses.
 */

// Cell sizes in tenths of an arc-second, so every boundary is an integer.
const LAT = { first: 24000, second: 3000, third: 300, half: 150 };
const LNG = { first: 36000, second: 4500, third: 450, half: 225 };
const TENTHS_PER_DEGREE = 36000;

export interface MeshBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** The 1/2 mesh containing a point (points on a boundary belong to the cell north/east of it). */
export function halfMeshCode(latitude: number, longitude: number): string {
  // The small offset keeps points exactly on a boundary from falling south/west through rounding.
  const lat = Math.floor(latitude * TENTHS_PER_DEGREE + 1e-6);
  const lng = Math.floor((longitude - 100) * TENTHS_PER_DEGREE + 1e-6);
  const p = Math.floor(lat / LAT.first);
  const u = Math.floor(lng / LNG.first);
  const q = Math.floor((lat % LAT.first) / LAT.second);
  const v = Math.floor((lng % LNG.first) / LNG.second);
  const r = Math.floor((lat % LAT.second) / LAT.third);
  const w = Math.floor((lng % LNG.second) / LNG.third);
  const s = Math.floor((lat % LAT.third) / LAT.half);
  const x = Math.floor((lng % LNG.third) / LNG.half);
  return `${p}${u}${q}${v}${r}${w}${s * 2 + x + 1}`;
}

/** South-west corner and extent of a 1/2 mesh code. */
export function halfMeshBounds(code: string): MeshBounds {
  if (!/^\d{8}[1-4]$/.test(code)) throw new Error(`not a 1/2 mesh code: ${code}`);
  const digit = (i: number) => Number(code[i]);
  const quarter = digit(8) - 1;
  const lat =
    Number(code.slice(0, 2)) * LAT.first +
    digit(4) * LAT.second +
    digit(6) * LAT.third +
    Math.floor(quarter / 2) * LAT.half;
  const lng =
    Number(code.slice(2, 4)) * LNG.first +
    digit(5) * LNG.second +
    digit(7) * LNG.third +
    (quarter % 2) * LNG.half;
  const south = lat / TENTHS_PER_DEGREE;
  const west = 100 + lng / TENTHS_PER_DEGREE;
  return {
    south,
    west,
    north: south + LAT.half / TENTHS_PER_DEGREE,
    east: west + LNG.half / TENTHS_PER_DEGREE,
  };
}

/** Rounds a coordinate to 3 decimals (about 100 m), which is all a patient's home keeps. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1000) / 1000;
}
