import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import Box from '@mui/material/Box';
import { MAP_CONTROL_LOCALE, type MapSettings } from '@pharmalytics/domain';
import { forwardRef, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  AttributionControl,
  Map,
  Marker,
  type ErrorEvent,
  type MapProps,
  type MapRef,
} from 'react-map-gl/maplibre';
import { baseMapStyle, OUTLINE_LAYER_IDS } from './baseMapStyle.ts';
import {
  BOUNDARIES_CREDIT,
  loadBoundaries,
  type AreaLabel,
  type Boundaries,
} from './boundaries.ts';
import { reachableTiles } from './tiles.ts';

/** Prefecture names below this zoom, municipality names from it. */
export const MUNICIPALITY_LABEL_MIN_ZOOM = 9;

export interface BaseMapProps extends Omit<
  MapProps,
  'mapStyle' | 'workerUrl' | 'attributionControl' | 'onError'
> {
  /** The map itself could not start (no WebGL): the caller shows a note instead. */
  onFailed?: () => void;
  children?: ReactNode;
}

function AreaName({ label }: { label: AreaLabel }) {
  return (
    <Marker longitude={label.longitude} latitude={label.latitude} anchor="center">
      <Box
        component="span"
        aria-hidden="true"
        data-area-label={label.level}
        sx={{
          pointerEvents: 'none',
          whiteSpace: 'nowrap',
          fontSize: label.level === 'prefecture' ? 13 : 11,
          fontWeight: label.level === 'prefecture' ? 700 : 500,
          color: 'text.secondary',
          textShadow: '0 0 2px #fff, 0 0 2px #fff, 0 0 3px #fff',
        }}
      >
        {label.name}
      </Box>
    </Marker>
  );
}

/**
 * A MapLibre map on the product's base: sea, land, prefecture and municipality outlines and
 * their names from the bundled boundaries, under the pale tiles when they can be reached. Every
 * map of the product draws on it, so overlays read even without a tile server.
 */
export const BaseMap = forwardRef<MapRef, BaseMapProps>(function BaseMap(
  { onFailed, children, onZoom, onIdle, initialViewState, ...props },
  ref,
) {
  const [boundaries, setBoundaries] = useState<Boundaries | null>(null);
  const [tiles, setTiles] = useState<MapSettings | null>(null);
  const [zoom, setZoom] = useState(initialViewState?.zoom ?? 0);
  // How many outline features the map has drawn, once it is idle: tests and tools read it from
  // the container, as the canvas itself says nothing.
  const [drawnOutlines, setDrawnOutlines] = useState(0);
  const style = useMemo(() => baseMapStyle(boundaries, tiles), [boundaries, tiles]);

  useEffect(() => {
    let mounted = true;
    loadBoundaries().then(
      (loaded) => mounted && setBoundaries(loaded),
      // Without the outlines the map still shows the sea colour and every overlay.
      (error: unknown) => console.warn('map boundaries unavailable', error),
    );
    void reachableTiles().then((settings) => mounted && setTiles(settings));
    return () => {
      mounted = false;
    };
  }, []);

  const level = zoom >= MUNICIPALITY_LABEL_MIN_ZOOM ? 'municipality' : 'prefecture';
  const labels = boundaries?.labels.filter((l) => l.level === level) ?? [];

  const onError = (event: ErrorEvent) => {
    if (event.target === null) onFailed?.();
    // Tiles that fail after the probe: keep the outlines and overlays without them.
    else setTiles(null);
  };

  return (
    <Map
      ref={ref}
      {...props}
      initialViewState={initialViewState}
      workerUrl={workerUrl}
      mapStyle={style}
      attributionControl={false}
      locale={MAP_CONTROL_LOCALE}
      onError={onError}
      onZoom={(event) => {
        setZoom(event.viewState.zoom);
        onZoom?.(event);
      }}
      onIdle={(event) => {
        const layers = OUTLINE_LAYER_IDS.filter((id) => event.target.getLayer(id));
        setDrawnOutlines(
          layers.length > 0 ? event.target.queryRenderedFeatures({ layers }).length : 0,
        );
        onIdle?.(event);
      }}
    >
      <span hidden data-drawn-outlines={drawnOutlines} />
      {labels.map((label) => (
        <AreaName key={`${label.level}:${label.name}`} label={label} />
      ))}
      <AttributionControl
        position="bottom-right"
        compact={false}
        customAttribution={BOUNDARIES_CREDIT}
      />
      {children}
    </Map>
  );
});
