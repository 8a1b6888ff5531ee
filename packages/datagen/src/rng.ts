/**
 * Seeded pseudo-random numbers for the demo data: sfc32 seeded through a string hash, so that the
 * same seed and the same inputs always give the same numbers on every platform (only 32-bit
 * integer arithmetic and Math functions with exact results are used for the state).
 */

/** 32-bit hash of a string (murmur-style mixing of the UTF-16 code units). */
export function hashString(text: string, seed = 0): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    h ^= h >>> 13;
  }
  return fmix32(h ^ text.length);
}

/** Final avalanche of murmur3: every input bit affects every output bit. */
export function fmix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const stringHashes = new Map<string, number>();

function cachedHash(text: string): number {
  let h = stringHashes.get(text);
  if (h === undefined) {
    h = hashString(text);
    if (stringHashes.size < 100_000) stringHashes.set(text, h);
  }
  return h;
}

/** A 32-bit seed derived from several parts, order-sensitive ('a', 'b' ≠ 'b', 'a'). */
export function deriveSeed(...parts: readonly (string | number)[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    const v =
      typeof part === 'number'
        ? fmix32((part | 0) ^ Math.floor(part / 4294967296) ^ 0x5bd1e995)
        : cachedHash(part);
    h = fmix32((h ^ v) + 0x6d2b79f5 + (h << 6) + (h >>> 2));
  }
  return h >>> 0;
}

/** Cumulative weights for repeated weighted picks (binary search per pick). */
export class WeightedTable {
  readonly cumulative: Float64Array;
  readonly total: number;

  constructor(weights: ArrayLike<number>) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    for (let i = 0; i < weights.length; i++) {
      const w = weights[i]!;
      sum += w > 0 ? w : 0;
      this.cumulative[i] = sum;
    }
    this.total = sum;
  }

  /** Index for a uniform number u in [0, 1); -1 when every weight is zero. */
  indexOf(u: number): number {
    if (this.total <= 0) return -1;
    const target = u * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/** sfc32 generator with the helpers the generator needs. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | null = null;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** Next 32-bit unsigned integer. */
  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Uniform in [min, max). */
  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Index drawn with the given (non-negative) weights. */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w > 0 ? w : 0;
    if (total <= 0) throw new Error('weights are all zero');
    let target = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      const w = weights[i]! > 0 ? weights[i]! : 0;
      if (target < w) return i;
      target -= w;
    }
    return weights.length - 1;
  }

  /** Item drawn from [item, weight] pairs. */
  weighted<T>(pairs: readonly (readonly [T, number])[]): T {
    return pairs[this.weightedIndex(pairs.map((p) => p[1]))]![0];
  }

  /** Index from a prepared table. */
  fromTable(table: WeightedTable): number {
    return table.indexOf(this.next());
  }

  /** Normal distribution (Box–Muller, the spare value kept for the next call). */
  normal(mean = 0, sd = 1): number {
    if (this.spareNormal !== null) {
      const z = this.spareNormal;
      this.spareNormal = null;
      return mean + sd * z;
    }
    let u = 0;
    while (u === 0) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = r * Math.sin(2 * Math.PI * v);
    return mean + sd * r * Math.cos(2 * Math.PI * v);
  }

  /** Log-normal: exp(N(mu, sigma)). */
  logNormal(mu: number, sigma: number): number {
    return Math.exp(this.normal(mu, sigma));
  }

  /** Exponential with the given mean. */
  exponential(mean: number): number {
    let u = 0;
    while (u === 0) u = this.next();
    return -Math.log(u) * mean;
  }

  /** Poisson count (Knuth below 30, rounded normal approximation above). */
  poisson(lambda: number): number {
    if (lambda <= 0) return 0;
    if (lambda > 30) return Math.max(0, Math.round(this.normal(lambda, Math.sqrt(lambda))));
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }

  /** Random bytes. */
  bytes(length: number): Uint8Array {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i += 4) {
      const v = this.uint32();
      for (let j = 0; j < 4 && i + j < length; j++) out[i + j] = (v >>> (8 * j)) & 0xff;
    }
    return out;
  }
}

export function createRng(seed: number): Rng {
  return new Rng(seed);
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url without padding (24 bytes → 32 characters). */
export function base64url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i]!;
    const b1 = bytes[i + 1];
    const b2 = bytes[i + 2];
    out += BASE64URL[b0 >> 2];
    out += BASE64URL[((b0 & 3) << 4) | ((b1 ?? 0) >> 4)];
    if (b1 !== undefined) out += BASE64URL[((b1 & 15) << 2) | ((b2 ?? 0) >> 6)];
    if (b2 !== undefined) out += BASE64URL[b2 & 63];
  }
  return out;
}
