import {
  MAP_CLUSTER,
  PATIENT_ICON_SIZE_PX,
  type PatientDistributionResponse,
} from '@pharmalytics/domain';
import type { FeatureCollection, Point } from 'geojson';
import { SERIES_PALETTE } from '../../../components/charts/seriesPalette.ts';

/**
 * Patients at one point of one category: the category's rank (index into the response's
 * categories) and how many. Patients stand at their town's point, so a few thousand such points
 * carry tens of thousands of patients, and the map clusters those instead.
 */
export interface PatientProps {
  c: number;
  n: number;
}

/** The colour of the category of rank `index`: the series palette, then a dark grey (不明 of age). */
export function categoryColour(index: number): string {
  return SERIES_PALETTE[index] ?? '#37474f';
}

/** The patients as points: one per point and category, with its rank and its patients. */
export function patientFeatures(
  response: PatientDistributionResponse,
): FeatureCollection<Point, PatientProps> {
  const rank = new Map(response.categories.map((c, i) => [c.name, i]));
  const points = new Map<string, { lng: number; lat: number; c: number; n: number }>();
  for (const { location, categoryName } of response.patients) {
    const c = rank.get(categoryName) ?? response.categories.length;
    const key = `${location.lng},${location.lat},${c}`;
    const point = points.get(key);
    if (point) point.n += 1;
    else points.set(key, { lng: location.lng, lat: location.lat, c, n: 1 });
  }
  return {
    type: 'FeatureCollection',
    features: [...points.values()].map(({ lng, lat, c, n }) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lng, lat] },
      properties: { c, n },
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
 * What a cluster adds up (a GeoJSON source's clusterProperties): `n`, its patients, and n0, n1,
 * … its patients of each category rank, the last one for a category past the palette.
 */
export function clusterCategoryProperties(categoryCount: number) {
  return {
    n: ['+', ['get', 'n']],
    ...Object.fromEntries(
      Array.from({ length: categoryCount + 1 }, (_, i) => [
        `n${i}`,
        ['+', ['case', ['==', ['get', 'c'], i], ['get', 'n'], 0]],
      ]),
    ),
  };
}

/** The radius of a marker of `n` patients: the 12 px marker for one, larger for more. */
export const MARKER_RADIUS = [
  'step',
  ['get', 'n'],
  PATIENT_ICON_SIZE_PX / 2,
  2,
  14,
  10,
  17,
  100,
  21,
  1000,
  26,
];

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
