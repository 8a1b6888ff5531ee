import { mapsContracts, type MapSettings } from '@pharmalytics/domain';
import { call } from '../../api/index.ts';

/** Tile coordinates of one tile over Kyushu, fetched to learn whether the server answers. */
const PROBE_TILE = { z: '5', x: '28', y: '12' };

function imageLoads(url: string): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
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
    image.src = url;
  });
}

let probe: Promise<MapSettings | null> | null = null;

/**
 * The configured tiles (GET /v3/map_settings) when one of them can be loaded, tried once per
 * page load; null when they cannot (offline, blocked), and the maps then never ask for tiles
 * and draw on the bundled outlines alone.
 */
export function reachableTiles(): Promise<MapSettings | null> {
  probe ??= (async () => {
    try {
      const settings = await call(mapsContracts.mapSettings, {}, { silent: true });
      const url = settings.tileUrl
        .replace('{z}', PROBE_TILE.z)
        .replace('{x}', PROBE_TILE.x)
        .replace('{y}', PROBE_TILE.y);
      return (await imageLoads(url)) ? settings : null;
    } catch {
      return null;
    }
  })();
  return probe;
}
