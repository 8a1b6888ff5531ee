/**
 * Exact decimal arithmetic for points and yen. Values are scaled integers (bigint) so that
 * 0.1 + 0.2 never becomes 0.30000000000000004 on the way to an amount.
 */

export interface Decimal {
  /** The value × 10^scale. */
  units: bigint;
  scale: number;
}

/** Parses `-12`, `3.5`, `0.25`… with at most `maxScale` decimals; null otherwise. */
export function parseDecimal(value: string, maxScale: number): Decimal | null {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!m) return null;
  const fraction = m[3] ?? '';
  if (fraction.length > maxScale) return null;
  const units = BigInt(`${m[2]}${fraction}`);
  return { units: m[1] === '-' ? -units : units, scale: fraction.length };
}

/** The decimal from a JS number known to carry at most `scale` decimals (e.g. a master price). */
export function decimalFromNumber(value: number, scale: number): Decimal {
  return parseDecimal(value.toFixed(scale), scale) ?? { units: 0n, scale: 0 };
}

/** The units of `d` expressed at a larger (or equal) scale. */
export function unitsAt(d: Decimal, scale: number): bigint {
  if (scale < d.scale) throw new RangeError('unitsAt cannot lower the scale');
  return d.units * 10n ** BigInt(scale - d.scale);
}

export function multiply(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** The shortest decimal text of units / 10^scale, turned into a number. */
export function scaledToNumber(units: bigint, scale: number): number {
  if (scale === 0) return Number(units);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole;
  return Number(negative ? `-${text}` : text);
}

export function toNumber(d: Decimal): number {
  return scaledToNumber(d.units, d.scale);
}

/** n / d rounded half away from zero (d > 0). */
export function roundDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  if (n >= 0n) return 2n * r >= d ? q + 1n : q;
  return -2n * r >= d ? q - 1n : q;
}

/**
 * Whole yen of `points` × `count` × 10 (1点 = 10円), rounded half away from zero when the points
 * carry decimals that do not make whole yen (12.34点 × 1 → 123円).
 */
export function yenOfPoints(points: Decimal, count: number): number {
  return Number(roundDiv(unitsAt(points, 2) * BigInt(count), 10n));
}

/**
 * Points of one 所定単位 of 薬剤料 from its price in yen (調剤報酬点数表 第3節):
 * up to 15円 → 1点; above → 1点 + 1点 per 10円 or part of 10円 beyond 15円
 * (the 五捨五超入 rule: 35.0円 → 3点, 35.1円 → 4点, 105.2円 → 11点). 0円 → 0点.
 */
export function drugUnitPoints(yen: Decimal): number {
  if (yen.units <= 0n) return 0;
  const one = 10n ** BigInt(yen.scale);
  const fifteen = 15n * one;
  if (yen.units <= fifteen) return 1;
  const ten = 10n * one;
  const over = yen.units - fifteen;
  return Number(1n + (over + ten - 1n) / ten);
}

/**
 * Splits `total` (integer units) into integer shares proportional to `weights` (largest
 * remainder; ties go to the earlier share). The shares always add up to `total`. All-zero
 * weights split evenly.
 */
export function allocate(total: bigint, weights: readonly bigint[]): bigint[] {
  if (weights.length === 0) return [];
  const sumWeights = weights.reduce((a, b) => a + b, 0n);
  const effective = sumWeights > 0n ? weights : weights.map(() => 1n);
  const sum = sumWeights > 0n ? sumWeights : BigInt(weights.length);
  const negative = total < 0n;
  const abs = negative ? -total : total;
  const shares = effective.map((w) => (abs * w) / sum);
  const remainders = effective.map((w, i) => ({ i, r: (abs * w) % sum }));
  let left = abs - shares.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    shares[i] = (shares[i] ?? 0n) + 1n;
    left -= 1n;
  }
  return negative ? shares.map((s) => -s) : shares;
}
