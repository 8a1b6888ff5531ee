import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** Bundled boundaries (国土数値情報 行政区域, simplified), served beside the app. */
const PREFECTURES_URL = `${import.meta.env.BASE_URL}geo/prefectures.topo.json`;
const MUNICIPALITIES_URL = `${import.meta.env.BASE_URL}geo/fukuoka-municipalities.geo.json`;

export const BOUNDARIES_CREDIT = '国土数値情報（行政区域データ）（国土交通省）を加工して作成';

export interface AreaLabel {
  name: string;
  longitude: number;
  latitude: number;
  level: 'prefecture' | 'municipality';
}

export interface Boundaries {
  prefectures: FeatureCollection;
  municipalities: FeatureCollection;
  labels: AreaLabel[];
}

type NamedProperties = Record<string, string | null>;

/** The outer rings of a polygon or multipolygon. */
function outerRings(geometry: Geometry): Position[][] {
  if (geometry.type === 'Polygon') return [geometry.coordinates[0]!];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates.map((p) => p[0]!);
  return [];
}

/** Shoelace area of a ring in degrees² (only compared between rings). */
function ringArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += (ring[j]![0]! + ring[i]![0]!) * (ring[j]![1]! - ring[i]![1]!);
  }
  return Math.abs(sum / 2);
}

/** Where a name goes: the centre of the bounding box of the area's largest ring. */
export function labelPoint(geometry: Geometry): [number, number] | null {
  const rings = outerRings(geometry);
  if (rings.length === 0) return null;
  const largest = rings.reduce((a, b) => (ringArea(b) > ringArea(a) ? b : a));
  const xs = largest.map((p) => p[0]!);
  const ys = largest.map((p) => p[1]!);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}

/** A municipality's name: the city, and its ward when it has one (福岡市中央区). */
export function municipalityName(properties: NamedProperties): string {
  return [properties.N03_003, properties.N03_004].filter(Boolean).join('');
}

function labelsOf(
  features: readonly Feature<Geometry, NamedProperties>[],
  level: AreaLabel['level'],
  name: (properties: NamedProperties) => string,
): AreaLabel[] {
  return features.flatMap((f) => {
    const point = labelPoint(f.geometry);
    const text = name(f.properties);
    return point && text ? [{ name: text, longitude: point[0], latitude: point[1], level }] : [];
  });
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

let loading: Promise<Boundaries> | null = null;

/** Prefectures and Fukuoka's municipalities as GeoJSON with their label points, loaded once. */
export function loadBoundaries(): Promise<Boundaries> {
  loading ??= (async () => {
    const [topology, municipalities] = await Promise.all([
      fetchJson<Topology<{ prefectures: GeometryCollection<NamedProperties> }>>(PREFECTURES_URL),
      fetchJson<FeatureCollection<Geometry, NamedProperties>>(MUNICIPALITIES_URL),
    ]);
    const prefectures = feature(topology, topology.objects.prefectures) as FeatureCollection<
      Geometry,
      NamedProperties
    >;
    return {
      prefectures,
      municipalities,
      labels: [
        ...labelsOf(prefectures.features, 'prefecture', (p) => p.N03_001 ?? ''),
        ...labelsOf(municipalities.features, 'municipality', municipalityName),
      ],
    };
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
