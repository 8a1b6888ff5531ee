import type { MapSettings } from '@pharmalytics/domain';
import type { LayerSpecification, StyleSpecification } from 'react-map-gl/maplibre';
import type { Boundaries } from './boundaries.ts';

/** Colours of the base map: sea, land and the outlines over them. */
export const BASE_MAP_COLOURS = {
  sea: '#d6e5e8',
  land: '#f4f3ee',
  prefectureLine: '#8d8d8d',
  municipalityLine: '#b5b5b5',
} as const;

/** From `from` to `to` the sea's colour turns into the land's (see the background layer). */
export const COASTLINE_FADE_ZOOM = { from: 11, to: 13 } as const;

/** Municipality outlines from this zoom (the prefectures' are always drawn). */
export const MUNICIPALITY_MIN_ZOOM = 7;

const LAND: LayerSpecification = {
  id: 'land',
  type: 'fill',
  source: 'prefectures',
  paint: { 'fill-color': BASE_MAP_COLOURS.land },
};
const TILES: LayerSpecification = { id: 'tiles', type: 'raster', source: 'tiles' };
const OUTLINES: LayerSpecification[] = [
  {
    id: 'municipality-lines',
    type: 'line',
    source: 'municipalities',
    minzoom: MUNICIPALITY_MIN_ZOOM,
    paint: {
      'line-color': BASE_MAP_COLOURS.municipalityLine,
      'line-width': 0.8,
      'line-dasharray': [3, 2],
    },
  },
  {
    id: 'prefecture-lines',
    type: 'line',
    source: 'prefectures',
    paint: { 'line-color': BASE_MAP_COLOURS.prefectureLine, 'line-width': 1.2 },
  },
];

/** The attribution is HTML: the configured credit is written as text. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The outline layers, whose drawn features show the base map is there. */
export const OUTLINE_LAYER_IDS = OUTLINES.map((layer) => layer.id);

/**
 * The base of every map: sea, land and outlines from the bundled boundaries, with the pale
 * tiles over the land when they can be reached, so every overlay reads with or without them.
 */
export function baseMapStyle(
  boundaries: Boundaries | null,
  tiles: MapSettings | null,
): StyleSpecification {
  return {
    version: 8,
    sources: {
      ...(boundaries && {
        prefectures: { type: 'geojson', data: boundaries.prefectures },
        municipalities: { type: 'geojson', data: boundaries.municipalities },
      }),
      ...(tiles && {
        tiles: {
          type: 'raster',
          tiles: [tiles.tileUrl],
          tileSize: 256,
          minzoom: 2,
          maxzoom: 18,
          attribution: `<a href="${encodeURI(tiles.tileAttributionUrl)}" target="_blank" rel="noopener noreferrer">${escapeHtml(tiles.tileAttribution)}</a>`,
        },
      }),
    },
    layers: [
      {
        id: 'sea',
        type: 'background',
        // The bundled coastline is simplified: near street level it would cut through the land,
        // so there the background takes the land's colour.
        paint: {
          'background-color': [
            'interpolate',
            ['linear'],
            ['zoom'],
            COASTLINE_FADE_ZOOM.from,
            BASE_MAP_COLOURS.sea,
            COASTLINE_FADE_ZOOM.to,
            BASE_MAP_COLOURS.land,
          ],
        },
      },
      ...(boundaries ? [LAND] : []),
      ...(tiles ? [TILES] : []),
      ...(boundaries ? OUTLINES : []),
    ],
  };
}
