import {
  halfMeshBounds,
  isMeshRectangleVisible,
  meshOpacity,
  type MeshEstimate,
} from '@pharmalytics/domain';
import type { Feature, FeatureCollection, Polygon } from 'geojson';
import type { MeshSelection } from './selection.ts';

/** What each mesh rectangle of the map carries for its layers' paint and filter. */
export interface MeshProperties {
  meshCode: string;
  count: number;
  /** Fill opacity by its rate against the highest rate (spec 02 §9). */
  opacity: number;
  selected: boolean;
  /** Whether it is drawn at the map's zoom (spec 02 §5). */
  visible: boolean;
}

export type MeshFeatures = FeatureCollection<Polygon, MeshProperties>;

function rectangle(meshCode: string, properties: MeshProperties): Feature<Polygon, MeshProperties> {
  const { south, west, north, east } = halfMeshBounds(meshCode);
  return {
    type: 'Feature',
    properties,
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [west, south],
          [east, south],
          [east, north],
          [west, north],
          [west, south],
        ],
      ],
    },
  };
}

/**
 * The mesh rectangles of the map: every mesh of the answer shaded by its rate, and any chosen
 * mesh outside the answer (unshaded: none of the store's patients live there), each marked
 * visible or not at `zoom`.
 */
export function meshFeatures(
  meshes: readonly MeshEstimate[],
  selection: MeshSelection,
  maxRate: number,
  zoom: number,
): MeshFeatures {
  const chosen = new Set(selection);
  const answered = new Set(meshes.map((mesh) => mesh.meshCode));
  const features = meshes.map((mesh) =>
    rectangle(mesh.meshCode, {
      meshCode: mesh.meshCode,
      count: mesh.count,
      opacity: meshOpacity(
        {
          count: mesh.count,
          estimate: mesh.estimate,
          estimateRate: typeof mesh.estimateRate === 'number' ? mesh.estimateRate : 0,
        },
        maxRate,
      ),
      selected: chosen.has(mesh.meshCode),
      visible: isMeshRectangleVisible(zoom, mesh.count),
    }),
  );
  for (const meshCode of selection) {
    if (answered.has(meshCode)) continue;
    features.push(
      rectangle(meshCode, {
        meshCode,
        count: 0,
        opacity: 0,
        selected: true,
        visible: isMeshRectangleVisible(zoom, 0),
      }),
    );
  }
  return { type: 'FeatureCollection', features };
}

/** The centre of a mesh, where its selection number is drawn. */
export function meshCentre(meshCode: string): { latitude: number; longitude: number } {
  const { south, west, north, east } = halfMeshBounds(meshCode);
  return { latitude: (south + north) / 2, longitude: (west + east) / 2 };
}
