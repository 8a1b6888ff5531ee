import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { STORE_MAP } from '@pharmalytics/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AttributionControl,
  Map,
  Marker,
  NavigationControl,
  ScaleControl,
  type ErrorEvent,
  type MapRef,
  type StyleSpecification,
} from 'react-map-gl/maplibre';
import type { StoreMapProps } from './types.ts';

const BACKGROUND = '#e8efee';

let tileProbe: Promise<boolean> | null = null;

/**
 * Whether the base tiles can be reached, tried once per page load with a single tile: where
 * they cannot (offline, blocked), the maps never ask for them.
 */
function tilesReachable(): Promise<boolean> {
  tileProbe ??= new Promise<boolean>((resolve) => {
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
  return tileProbe;
}

/** A plain background with the pale base map above it; without tiles the pin still shows. */
function mapStyle(withTiles: boolean): StyleSpecification {
  return {
    version: 8,
    sources: withTiles
      ? {
          base: {
            type: 'raster',
            tiles: [STORE_MAP.tileUrl],
            tileSize: 256,
            minzoom: 2,
            maxzoom: 18,
            attribution: `<a href="${STORE_MAP.tileAttributionUrl}" target="_blank" rel="noopener noreferrer">${STORE_MAP.tileAttribution}</a>`,
          },
        }
      : {},
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': BACKGROUND } },
      ...(withTiles ? [{ id: 'base', type: 'raster' as const, source: 'base' }] : []),
    ],
  };
}

function PinIcon({ draggable }: { draggable: boolean }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 44"
      aria-hidden="true"
      sx={{
        width: 32,
        height: 44,
        display: 'block',
        cursor: draggable ? 'grab' : 'default',
        filter: 'drop-shadow(0 2px 3px rgba(0,0,0,0.35))',
      }}
    >
      <path
        d="M16 0C7.2 0 0 7.2 0 16c0 11.6 16 28 16 28s16-16.4 16-28C32 7.2 24.8 0 16 0z"
        fill="#f57c00"
      />
      <circle cx="16" cy="16" r="6.5" fill="#ffffff" />
    </Box>
  );
}

/**
 * The store's position on a small MapLibre map. When tiles cannot be loaded the map keeps a
 * plain background (and stops asking for tiles); when the map itself cannot start, a short
 * note replaces it. The coordinates are shown by the caller either way.
 */
export default function StoreMap({ pin, zoom, height, onMove, label }: StoreMapProps) {
  const { t } = useTranslation();
  const ref = useRef<MapRef>(null);
  const [tiles, setTiles] = useState(false);
  const [failed, setFailed] = useState(false);
  const style = useMemo(() => mapStyle(tiles), [tiles]);
  const draggable = Boolean(onMove);
  const latitude = pin?.latitude;
  const longitude = pin?.longitude;

  useEffect(() => {
    let mounted = true;
    void tilesReachable().then((reachable) => {
      if (mounted && reachable) setTiles(true);
    });
    return () => {
      mounted = false;
    };
  }, []);

  // Follow the pin when it moves from outside (address search, geocoding).
  useEffect(() => {
    const map = ref.current;
    if (!map || latitude == null || longitude == null) return;
    const center = map.getCenter();
    if (Math.abs(center.lat - latitude) < 1e-6 && Math.abs(center.lng - longitude) < 1e-6) return;
    map.easeTo({ center: [longitude, latitude], zoom, duration: 600 });
  }, [latitude, longitude, zoom]);

  const onError = (event: ErrorEvent) => {
    if (event.target === null) {
      setFailed(true);
      return;
    }
    // Base tiles unreachable: keep drawing the background and the pin without them.
    setTiles(false);
  };

  if (failed) {
    return (
      <Box
        role="img"
        aria-label={label}
        sx={{
          height,
          display: 'grid',
          placeItems: 'center',
          bgcolor: BACKGROUND,
          borderRadius: 1,
          border: '1px solid',
          borderColor: 'divider',
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('storeForm.mapUnavailable')}
        </Typography>
      </Box>
    );
  }

  return (
    <Box
      role="group"
      aria-label={label}
      data-testid="store-map"
      sx={{
        height,
        width: '100%',
        minWidth: 0,
        borderRadius: 1,
        overflow: 'hidden',
        border: '1px solid',
        borderColor: 'divider',
        '& .maplibregl-ctrl-attrib': { fontSize: 11 },
      }}
    >
      <Map
        ref={ref}
        workerUrl={workerUrl}
        initialViewState={
          pin ? { latitude: pin.latitude, longitude: pin.longitude, zoom } : STORE_MAP.initialView
        }
        mapStyle={style}
        style={{ width: '100%', height: '100%' }}
        attributionControl={false}
        dragRotate={false}
        touchPitch={false}
        maxZoom={18}
        cursor={draggable ? 'crosshair' : undefined}
        onError={onError}
        onClick={(event) => onMove?.(event.lngLat.lat, event.lngLat.lng)}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <ScaleControl position="bottom-left" />
        <AttributionControl position="bottom-right" compact={false} />
        {pin && (
          <Marker
            latitude={pin.latitude}
            longitude={pin.longitude}
            anchor="bottom"
            draggable={draggable}
            onDragEnd={(event) => onMove?.(event.lngLat.lat, event.lngLat.lng)}
          >
            <PinIcon draggable={draggable} />
          </Marker>
        )}
      </Map>
    </Box>
  );
}
