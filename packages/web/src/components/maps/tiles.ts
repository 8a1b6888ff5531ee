import { STORE_MAP } from '@pharmalytics/domain';

let probe: Promise<boolean> | null = null;

/**
 * Whether the base tiles can be reached, tried once per page load with a single tile: where
 * they cannot (offline, blocked), the maps never ask for them and draw the bundled outlines.
 */
export function tilesReachable(): Promise<boolean> {
  probe ??= new Promise<boolean>((resolve) => {
    const image = new Image();
    const timer = window.setTimeout(() => resolve(false), 5000);
    image.onload = () => {
      window.clearTimeout(timer);
      resolve(true);
    };
    image.onerror = () => {
      window.clearTimeout(timer);
      resolve(false);
    };
    image.src = STORE_MAP.tileUrl.replace('{z}', '5').replace('{x}', '28').replace('{y}', '12');
  });
  return probe;
}
