import { MAP_CLUSTER, type PatientDistributionResponse } from '@pharmalytics/domain';
import type { FeatureCollection, Point } from 'geojson';
import { SERIES_PALETTE } from '../../../components/charts/seriesPalette.ts';

/** A patient on the map: its category's rank (index into the response's categories). */
export interface PatientProps {
  c: number;
}

/** The colour of the category of rank `index`: the series palette, then a dark grey (不明 of age). */
export function categoryColour(index: number): string {
  return SERIES_PALETTE[index] ?? '#37474f';
}

/** The patients as points, each with its category's rank. */
export function patientFeatures(
  response: PatientDistributionResponse,
): FeatureCollection<Point, PatientProps> {
  const rank = new Map(response.categories.map((c, i) => [c.name, i]));
  return {
    type: 'FeatureCollection',
    features: response.patients.map((p) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [p.location.lng, p.location.lat] },
      properties: { c: rank.get(p.categoryName) ?? response.categories.length },
    })),
  };
}

/**
 * The cluster radius in MapLibre's unit (512 is a tile's width) for the spec's clustering of
 * extent 300: a cluster gathers what lies within MAP_CLUSTER.radius pixels of a 300-pixel tile.
 */
export const CLUSTER_RADIUS = Math.round((MAP_CLUSTER.radius * 512) / MAP_CLUSTER.extent);

/** Opacity of a category's markers: all full, or the highlighted one full and the rest dimmed. */
export function categoryOpacity(highlighted: number | null, dimmed: number) {
  return highlighted === null ? 1 : ['case', ['==', ['get', 'c'], highlighted], 1, dimmed];
}

/** The colour expression of the patient markers, by category rank. */
export function categoryColourExpression(categoryCount: number) {
  const cases: (number | string)[] = [];
  for (let i = 0; i < categoryCount; i++) cases.push(i, categoryColour(i));
  return cases.length > 0
    ? ['match', ['get', 'c'], ...cases, categoryColour(categoryCount)]
    : categoryColour(0);
}

const clusterCount = (category: number) => ['get', `n${category}`];

/**
 * What a cluster adds up (a GeoJSON source's clusterProperties): n0, n1, … its patients of each
 * category rank, the last one for a category past the palette.
 */
export function clusterCategoryProperties(categoryCount: number) {
  return Object.fromEntries(
    Array.from({ length: categoryCount + 1 }, (_, i) => [
      `n${i}`,
      ['+', ['case', ['==', ['get', 'c'], i], 1, 0]],
    ]),
  );
}

/** A cluster's colour: that of the category with most of its patients (the higher rank on ties). */
export function clusterColourExpression(categoryCount: number) {
  const cases: unknown[] = [];
  for (let i = 0; i < categoryCount; i++) {
    const beatsOthers = Array.from({ length: categoryCount + 1 }, (_, j) => j)
      .filter((j) => j !== i)
      .map((j) => [j < i ? '>' : '>=', clusterCount(i), clusterCount(j)]);
    cases.push(['all', ...beatsOthers], categoryColour(i));
  }
  return cases.length > 0 ? ['case', ...cases, categoryColour(categoryCount)] : categoryColour(0);
}

/** A cluster dims, as a marker does, when it holds none of the highlighted category. */
export function clusterOpacity(highlighted: number | null, dimmed: number) {
  return highlighted === null ? 1 : ['case', ['>', clusterCount(highlighted), 0], 1, dimmed];
}
