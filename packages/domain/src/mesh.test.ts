import { describe, expect, it } from 'vitest';
import { halfMeshBounds, halfMeshCode, roundCoordinate } from './mesh.ts';

describe('1/2 mesh', () => {
  it('codes a point in Fukuoka city (first mesh 5030)', () => {
    // 天神: 33.5914 N, 130.4004 E.
    const code = halfMeshCode(33.5914, 130.4004);
    expect(code.slice(0, 4)).toBe('5030');
    const b = halfMeshBounds(code);
    expect(33.5914).toBeGreaterThanOrEqual(b.south);
    expect(33.5914).toBeLessThan(b.north);
    expect(130.4004).toBeGreaterThanOrEqual(b.west);
    expect(130.4004).toBeLessThan(b.east);
  });

  it('matches hand-computed codes', () => {
    // Tokyo Station lies in the well-known third mesh 53394611, north-west quarter (3).
    expect(halfMeshCode(35.681236, 139.767125)).toBe('533946113');
    // The south-west corner of first mesh 5030 is 33°20′N 130°E and belongs to quarter 1.
    expect(halfMeshCode(33 + 20 / 60, 130)).toBe('503000001');
  });

  it('has cells of 15″ × 22.5″ that tile without gaps', () => {
    const b = halfMeshBounds('503033724');
    expect((b.north - b.south) * 3600).toBeCloseTo(15, 9);
    expect((b.east - b.west) * 3600).toBeCloseTo(22.5, 9);
    expect(halfMeshCode(b.south, b.west)).toBe('503033724');
    expect(halfMeshCode(b.north, b.west)).not.toBe('503033724');
    expect(halfMeshCode(b.south, b.east)).not.toBe('503033724');
  });

  it('refuses a code that is not a 1/2 mesh', () => {
    expect(() => halfMeshBounds('50303372')).toThrow();
    expect(() => halfMeshBounds('503033725')).toThrow();
  });

  it('rounds homes to about 100 m', () => {
    expect(roundCoordinate(33.591449)).toBe(33.591);
    expect(roundCoordinate(130.40051)).toBe(130.401);
  });
});
