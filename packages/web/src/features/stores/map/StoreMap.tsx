import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { STORE_MAP } from '@pharmalytics/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, NavigationControl, ScaleControl, type MapRef } from 'react-map-gl/maplibre';
import { BaseMap, StorePin } from '../../../components/maps/index.ts';
import type { StoreMapProps } from './types.ts';

const BACKGROUND = '#e8efee';

/**
 * The store's position on the product's base map (outlines and names drawn without tiles too);
 * when the map itself cannot start, a short note replaces it. The coordinates are shown by the
 * caller either way.
 */
export default function StoreMap({ pin, zoom, height, onMove, label }: StoreMapProps) {
  const { t } = useTranslation();
  const ref = useRef<MapRef>(null);
  const [failed, setFailed] = useState(false);
  const draggable = Boolean(onMove);
  const latitude = pin?.latitude;
  const longitude = pin?.longitude;

  // Follow the pin when it moves from outside (address search, geocoding).
  useEffect(() => {
    const map = ref.current;
    if (!map || latitude == null || longitude == null) return;
    const center = map.getCenter();
    if (Math.abs(center.lat - latitude) < 1e-6 && Math.abs(center.lng - longitude) < 1e-6) return;
    map.easeTo({ center: [longitude, latitude], zoom, duration: 600 });
  }, [latitude, longitude, zoom]);

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
      <BaseMap
        ref={ref}
        initialViewState={
          pin ? { latitude: pin.latitude, longitude: pin.longitude, zoom } : STORE_MAP.initialView
        }
        style={{ width: '100%', height: '100%' }}
        dragRotate={false}
        touchPitch={false}
        maxZoom={18}
        cursor={draggable ? 'crosshair' : undefined}
        onFailed={() => setFailed(true)}
        onClick={(event) => onMove?.(event.lngLat.lat, event.lngLat.lng)}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <ScaleControl position="bottom-left" />
        {pin && (
          <Marker
            latitude={pin.latitude}
            longitude={pin.longitude}
            anchor="bottom"
            draggable={draggable}
            onDragEnd={(event) => onMove?.(event.lngLat.lat, event.lngLat.lng)}
          >
            <StorePin draggable={draggable} />
          </Marker>
        )}
      </BaseMap>
    </Box>
  );
}
