export interface StoreMapProps {
  pin: { latitude: number; longitude: number } | null;
  zoom: number;
  height: number;
  /** Makes the pin draggable and the map clickable; called with the new position. */
  onMove?: (latitude: number, longitude: number) => void;
  /** Accessible name of the map. */
  label: string;
}
