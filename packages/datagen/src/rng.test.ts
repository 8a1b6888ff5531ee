import { describe, expect, it } from 'vitest';
import { Rng, WeightedTable, base64url, deriveSeed, hashString } from './rng.ts';

describe('Rng', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const c = new Rng(43);
    const xs = Array.from({ length: 50 }, () => a.uint32());
    expect(Array.from({ length: 50 }, () => b.uint32())).toEqual(xs);
    expect(Array.from({ length: 50 }, () => c.uint32())).not.toEqual(xs);
  });

  it('keeps every helper in range', () => {
    const rng = new Rng(7);
    for (let i = 0; i < 300; i++) {
      const u = rng.next();
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThan(1);
      const n = rng.int(3, 5);
      expect(n === 3 || n === 4 || n === 5).toBe(true);
      expect(rng.poisson(4)).toBeGreaterThanOrEqual(0);
      expect(rng.logNormal(0, 0.5)).toBeGreaterThan(0);
    }
  });

  it('has the expected means', () => {
    const rng = new Rng(11);
    const n = 20_000;
    let normal = 0;
    let poisson = 0;
    let bigPoisson = 0;
    let exponential = 0;
    for (let i = 0; i < n; i++) {
      normal += rng.normal(10, 2);
      poisson += rng.poisson(3.5);
      bigPoisson += rng.poisson(120);
      exponential += rng.exponential(5);
    }
    expect(normal / n).toBeCloseTo(10, 1);
    expect(poisson / n).toBeCloseTo(3.5, 1);
    expect(bigPoisson / n).toBeGreaterThan(119);
    expect(bigPoisson / n).toBeLessThan(121);
    expect(exponential / n).toBeGreaterThan(4.8);
    expect(exponential / n).toBeLessThan(5.2);
  });

  it('picks by weight', () => {
    const rng = new Rng(3);
    const table = new WeightedTable([1, 0, 3]);
    const counts = [0, 0, 0];
    for (let i = 0; i < 8000; i++) counts[rng.fromTable(table)]!++;
    expect(counts[1]).toBe(0);
    expect(counts[2]! / counts[0]!).toBeGreaterThan(2.7);
    expect(counts[2]! / counts[0]!).toBeLessThan(3.3);
    expect(
      rng.weighted([
        ['a', 0],
        ['b', 1],
      ] as const),
    ).toBe('b');
  });
});

describe('seeds and keys', () => {
  it('derives order-sensitive seeds', () => {
    expect(deriveSeed(1, 'a', 2)).toBe(deriveSeed(1, 'a', 2));
    expect(deriveSeed(1, 'a', 2)).not.toBe(deriveSeed(1, 2, 'a'));
    expect(deriveSeed('1001', '2026-06')).not.toBe(deriveSeed('1001', '2026-07'));
    expect(hashString('天神')).toBe(hashString('天神'));
  });

  it('writes base64url without padding', () => {
    expect(base64url(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('-_-_');
    expect(base64url(new Uint8Array([0x66, 0x6f]))).toBe('Zm8');
    const key = base64url(new Rng(5).bytes(24));
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});
