import { halfMeshBounds, type MeshEstimate } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { meshCentre, meshFeatures } from './meshLayer.ts';

const mesh = (
  meshCode: string,
  count: number,
  estimate: number,
  estimateRate: number | '-',
): MeshEstimate => ({ meshCode, ageRangeName: '合計', count, estimate, estimateRate, details: [] });

const MESHES = [
  mesh('503033023', 3, 935, 0.32),
  mesh('503033024', 0, 100, 0),
  mesh('503033014', 1, 125, 0.8),
  mesh('533946201', 1, 0, '-'),
];

describe('meshFeatures', () => {
  it('draws each mesh as its rectangle', () => {
    const [tenjin] = meshFeatures(MESHES, [], 0.8, 15).features;
    const b = halfMeshBounds('503033023');
    expect(tenjin!.geometry.coordinates).toEqual([
      [
        [b.west, b.south],
        [b.east, b.south],
        [b.east, b.north],
        [b.west, b.north],
        [b.west, b.south],
      ],
    ]);
  });

  it('shades by the rate against the highest, full without estimate, none at 0', () => {
    const opacity = meshFeatures(MESHES, [], 0.8, 15).features.map((f) => f.properties.opacity);
    // 0.1 + 0.6 × 0.32 / 0.8 = 0.34
    expect(opacity).toEqual([0.34, 0, 0.7, 1]);
  });

  it('below zoom 13 keeps only the meshes with patients', () => {
    const visible = (zoom: number) =>
      meshFeatures(MESHES, [], 0.8, zoom).features.map((f) => f.properties.visible);
    expect(visible(13)).toEqual([true, true, true, true]);
    expect(visible(12)).toEqual([true, false, true, true]);
  });

  it('marks the chosen meshes and adds those outside the answer, unshaded', () => {
    const features = meshFeatures(MESHES, ['503033014', '503033031'], 0.8, 12).features;
    expect(features.map((f) => [f.properties.meshCode, f.properties.selected])).toEqual([
      ['503033023', false],
      ['503033024', false],
      ['503033014', true],
      ['533946201', false],
      ['503033031', true],
    ]);
    expect(features.at(-1)!.properties).toEqual({
      meshCode: '503033031',
      count: 0,
      opacity: 0,
      selected: true,
      visible: false,
    });
  });
});

describe('meshCentre', () => {
  it('is the middle of the rectangle', () => {
    const b = halfMeshBounds('503033023');
    expect(meshCentre('503033023')).toEqual({
      latitude: (b.south + b.north) / 2,
      longitude: (b.west + b.east) / 2,
    });
  });
});
