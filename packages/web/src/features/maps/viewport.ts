import type { Viewport } from '@pharmalytics/domain';
import type { MapRef } from 'react-map-gl/maplibre';

/** The map's visible box as the facility search takes it. */
export function mapViewport(map: MapRef): Viewport {
  const bounds = map.getBounds();
  return {
    north_east_lat: bounds.getNorth(),
    north_east_lng: bounds.getEast(),
    south_west_lat: bounds.getSouth(),
    south_west_lng: bounds.getWest(),
  };
}
