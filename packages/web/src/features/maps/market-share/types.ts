import type { MeshEstimate } from '@pharmalytics/domain';
import type { ReactNode } from 'react';
import type { MeshSelection } from './selection.ts';

/** A store the map can centre on. */
export interface PlacedStore {
  name: string;
  latitude: number;
  longitude: number;
}

export interface MarketShareMapProps {
  store: PlacedStore;
  /** The meshes of the store's trade area (the map's answer). */
  meshes: readonly MeshEstimate[];
  /** The highest mesh rate: the darkest shade and the legend's end. */
  maxRate: number;
  selection: MeshSelection;
  /** The settings panel's 獲得率: mesh rectangles, numbers and legend. */
  showRates: boolean;
  /** A click on the map, with the 1/2 mesh under the pointer. */
  onToggleMesh: (meshCode: string) => void;
  height: number;
  /**
   * Facility markers (医療機関・施設・その他の薬局) with their search of the area, drawn over the
   * meshes inside the map (they use react-map-gl's `useMap()`). Clicks on them pick no mesh.
   */
  facilityMarkers?: ReactNode;
}
