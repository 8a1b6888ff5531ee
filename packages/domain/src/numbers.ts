// Removes binary noise (0.29 * 100 = 28.999…, 1.25 stored as 1.2499…) before cutting digits.
function clean(x: number): number {
  return Number(x.toPrecision(12));
}

/** Cuts towards zero to the given number of decimals. */
export function truncateTo(x: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.trunc(clean(x * factor)) / factor || 0;
}

/** Rounds down to the given number of decimals. */
export function floorTo(x: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.floor(clean(x * factor)) / factor || 0;
}

/** Rounds half away from zero to the given number of decimals. */
export function roundTo(x: number, digits: number): number {
  const factor = 10 ** digits;
  return (Math.sign(x) * Math.round(clean(Math.abs(x) * factor))) / factor || 0;
}
