import { describe, expect, it } from 'vitest';
import { SERIES_PALETTE } from '../../../components/charts/seriesPalette.ts';
import {
  categoryColour,
  CLUSTER_RADIUS,
  clusterCategoryProperties,
  clusterColourExpression,
  patientFeatures,
} from './patientLayers.ts';

describe('patient markers', () => {
  it('gathers the patients of a point by category, with the rank, past the ranks the last', () => {
    const features = patientFeatures({
      patients: [
        { location: { lat: 33.59, lng: 130.4 }, categoryName: 'B医院' },
        { location: { lat: 33.58, lng: 130.42 }, categoryName: 'A医院' },
        { location: { lat: 33.58, lng: 130.42 }, categoryName: '知らない医院' },
        { location: { lat: 33.58, lng: 130.42 }, categoryName: 'A医院' },
      ],
      pharmacies: [],
      categories: [
        { name: 'A医院', count: 1 },
        { name: 'B医院', count: 1 },
      ],
    });
    expect(features.features.map((f) => [f.geometry.coordinates, f.properties])).toEqual([
      [[130.4, 33.59], { c: 1, n: 1 }],
      [[130.42, 33.58], { c: 0, n: 2 }],
      [[130.42, 33.58], { c: 2, n: 1 }],
    ]);
  });

  it('colours the ten ranks from the series palette and anything further in one dark grey', () => {
    expect(Array.from({ length: 10 }, (_, i) => categoryColour(i))).toEqual([...SERIES_PALETTE]);
    expect(categoryColour(10)).toBe('#37474f');
  });

  it('clusters within 40 px of a 300-pixel tile, in MapLibre’s 512 units', () => {
    expect(CLUSTER_RADIUS).toBe(68);
  });
});

describe('clusters', () => {
  it('count their patients, and those of each rank', () => {
    expect(clusterCategoryProperties(2)).toEqual({
      n: ['+', ['get', 'n']],
      n0: ['+', ['case', ['==', ['get', 'c'], 0], ['get', 'n'], 0]],
      n1: ['+', ['case', ['==', ['get', 'c'], 1], ['get', 'n'], 0]],
      n2: ['+', ['case', ['==', ['get', 'c'], 2], ['get', 'n'], 0]],
    });
  });

  it('take the colour of the rank with most patients, the higher rank on a tie', () => {
    const expression = clusterColourExpression(2) as unknown[];
    // Evaluates the case expression for given counts, as MapLibre would.
    const evaluate = (n: number[]) => {
      const get = (e: unknown[]) => n[Number(String(e[1]).slice(1))]!;
      for (let i = 1; i < expression.length - 1; i += 2) {
        const [, ...conditions] = expression[i] as unknown[][];
        const holds = conditions.every(([op, a, b]) =>
          op === '>'
            ? get(a as unknown[]) > get(b as unknown[])
            : get(a as unknown[]) >= get(b as unknown[]),
        );
        if (holds) return expression[i + 1];
      }
      return expression.at(-1);
    };
    expect(evaluate([3, 1, 0])).toBe(categoryColour(0));
    expect(evaluate([1, 3, 0])).toBe(categoryColour(1));
    expect(evaluate([2, 2, 0])).toBe(categoryColour(0));
    expect(evaluate([0, 1, 5])).toBe(categoryColour(2));
  });
});
