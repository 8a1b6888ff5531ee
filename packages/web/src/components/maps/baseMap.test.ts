import type { FeatureCollection } from 'geojson';
import { describe, expect, it } from 'vitest';
import { baseMapStyle, OUTLINE_LAYER_IDS } from './baseMapStyle.ts';
import { labelPoint, municipalityName, type Boundaries } from './boundaries.ts';

const square = (x: number, y: number, size: number) => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];

describe('area names', () => {
  it('sit at the centre of the largest part of an area', () => {
    expect(
      labelPoint({ type: 'MultiPolygon', coordinates: [[square(0, 0, 1)], [square(10, 10, 4)]] }),
    ).toEqual([12, 12]);
    expect(labelPoint({ type: 'Polygon', coordinates: [square(130, 33, 2)] })).toEqual([131, 34]);
    expect(labelPoint({ type: 'Point', coordinates: [1, 2] })).toBeNull();
  });

  it('name a ward with its city', () => {
    expect(municipalityName({ N03_003: '福岡市', N03_004: '中央区' })).toBe('福岡市中央区');
    expect(municipalityName({ N03_003: '糸島市', N03_004: null })).toBe('糸島市');
  });
});

const TILES = {
  tileUrl: 'https://tiles.example.jp/{z}/{x}/{y}.png',
  tileAttribution: '例<タイル>',
  tileAttributionUrl: 'https://tiles.example.jp/about',
};

describe('base map style', () => {
  const empty: FeatureCollection = { type: 'FeatureCollection', features: [] };
  const boundaries: Boundaries = { prefectures: empty, municipalities: empty, labels: [] };
  const ids = (style: ReturnType<typeof baseMapStyle>) => style.layers.map((l) => l.id);

  it('draws land and outlines without tiles, the tiles between them when reachable', () => {
    expect(ids(baseMapStyle(boundaries, null))).toEqual(['sea', 'land', ...OUTLINE_LAYER_IDS]);
    expect(ids(baseMapStyle(boundaries, TILES))).toEqual([
      'sea',
      'land',
      'tiles',
      ...OUTLINE_LAYER_IDS,
    ]);
    expect(baseMapStyle(boundaries, TILES).sources.tiles).toEqual({
      type: 'raster',
      tiles: [TILES.tileUrl],
      tileSize: 256,
      minzoom: 2,
      maxzoom: 18,
      attribution:
        '<a href="https://tiles.example.jp/about" target="_blank" rel="noopener noreferrer">例&#60;タイル&#62;</a>',
    });
  });

  it('still draws a background while the boundaries load', () => {
    expect(ids(baseMapStyle(null, null))).toEqual(['sea']);
  });
});
