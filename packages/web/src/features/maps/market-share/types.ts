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
   * Facility markers (医療機関・施設・その他の薬局), drawn over the meshes. Rendered inside the
   * map, so the layer may use react-map-gl's `useMap()` for the map and its bounds. Clicks on
   * them do not pick meshes.
   */
  facilityMarkers?: ReactNode;
  /**
   * The "このエリアで再検索" button, placed at the top centre of the map, inside the map (so it may
   * use `useMap()` to read the viewport). Clicks on it do not pick meshes.
   */
  areaSearchButton?: ReactNode;
}
