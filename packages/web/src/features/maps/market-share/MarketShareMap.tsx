import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import {
  formatAcquisitionRate,
  halfMeshCode,
  isMeshLabelVisible,
  MAP_DEFAULT_ZOOM,
  MARKET_SHARE_LABELS,
  MARKET_SHARE_MIN_ZOOM,
  MESH_LABEL_MIN_ZOOM,
  MESH_OPACITY,
} from '@pharmalytics/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Layer,
  Marker,
  NavigationControl,
  ScaleControl,
  Source,
  type FillLayerSpecification,
  type MapEvent,
  type MapLayerMouseEvent,
} from 'react-map-gl/maplibre';
import { BaseMap, StorePin } from '../../../components/maps/index.ts';
import { meshCentre, meshFeatures } from './meshLayer.ts';
import type { MarketShareMapProps } from './types.ts';

/** Layers of the mesh rectangles: shading, thin outline, and the chosen meshes' outline. */
export const MESH_LAYER_IDS = {
  fill: 'market-share-mesh-fill',
  outline: 'market-share-mesh-outline',
  selected: 'market-share-mesh-selected',
} as const;
const MESH_SOURCE_ID = 'market-share-meshes';
const MAP_MAX_ZOOM = 18;
type FilterSpecification = NonNullable<FillLayerSpecification['filter']>;
const VISIBLE: FilterSpecification = ['==', ['get', 'visible'], true];
const VISIBLE_SELECTED: FilterSpecification = ['all', VISIBLE, ['==', ['get', 'selected'], true]];

/** Meshes drawn on the map, once it is idle, for tests and tools: the canvas says nothing. */
function drawnMeshes(event: MapEvent): { meshes: number; selected: number } {
  const map = event.target;
  if (!map.getLayer(MESH_LAYER_IDS.fill)) return { meshes: 0, selected: 0 };
  const meshes = new Set<string>();
  const selected = new Set<string>();
  // A rectangle across tile edges comes back once per tile: counted once by its code.
  for (const feature of map.queryRenderedFeatures({ layers: [MESH_LAYER_IDS.fill] })) {
    const code = String(feature.properties.meshCode);
    meshes.add(code);
    if (feature.properties.selected === true) selected.add(code);
  }
  return { meshes: meshes.size, selected: selected.size };
}

/** A chosen mesh's number at its centre; clicks go through to the map. */
function SelectionNumber({ meshCode, number }: { meshCode: string; number: number }) {
  const centre = meshCentre(meshCode);
  return (
    <Marker
      latitude={centre.latitude}
      longitude={centre.longitude}
      anchor="center"
      style={{ pointerEvents: 'none' }}
    >
      <Box
        component="span"
        data-mesh-number={number}
        data-mesh-code={meshCode}
        sx={{
          pointerEvents: 'none',
          display: 'grid',
          placeItems: 'center',
          minWidth: 24,
          height: 24,
          px: 0.5,
          borderRadius: 12,
          bgcolor: 'secondary.main',
          color: 'secondary.contrastText',
          fontSize: 13,
          fontWeight: 700,
          fontVariantNumeric: 'tabular-nums',
          boxShadow: '0 1px 3px rgba(0,0,0,0.4)',
        }}
      >
        {number}
      </Box>
    </Marker>
  );
}

/** The gradient from the lightest shade (0%) to the darkest (the highest mesh rate). */
function Legend({ maxRate }: { maxRate: number }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const colour = theme.palette.primary.main;
  const max = formatAcquisitionRate(maxRate);
  return (
    <Box
      role="img"
      aria-label={t('marketShare.legend', { max })}
      sx={{
        position: 'absolute',
        left: 10,
        bottom: 36,
        zIndex: 2,
        px: 1.25,
        py: 0.75,
        bgcolor: 'rgba(255,255,255,0.92)',
        borderRadius: 1,
        boxShadow: '0 1px 4px rgba(0,0,0,0.2)',
        fontSize: 12,
      }}
    >
      <Typography component="span" sx={{ display: 'block', fontSize: 12, fontWeight: 700 }}>
        {MARKET_SHARE_LABELS.rate}
      </Typography>
      <Box
        sx={{
          width: 160,
          height: 10,
          my: 0.5,
          borderRadius: 0.5,
          border: '1px solid',
          borderColor: 'divider',
          background: `linear-gradient(to right, ${alpha(colour, MESH_OPACITY.base)}, ${alpha(
            colour,
            MESH_OPACITY.base + MESH_OPACITY.range,
          )})`,
        }}
      />
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          fontVariantNumeric: 'tabular-nums',
        }}
        aria-hidden="true"
      >
        <span>{formatAcquisitionRate(0)}</span>
        <span data-testid="market-share-legend-max">{max}</span>
      </Box>
    </Box>
  );
}

/**
 * The acquisition-rate map (spec 02 §2.4, §5): on the product's base map, centred on the store,
 * the meshes of its trade area shaded by rate, the chosen meshes outlined and numbered, the
 * store's pin and the legend. A click picks the 1/2 mesh under the pointer. Facility markers and
 * the area re-search button come from the caller (see MarketShareMapProps).
 */
export default function MarketShareMap({
  store,
  meshes,
  maxRate,
  selection,
  showRates,
  onToggleMesh,
  height,
  facilityMarkers,
}: MarketShareMapProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const [zoom, setZoom] = useState<number>(MAP_DEFAULT_ZOOM);
  const [failed, setFailed] = useState(false);
  const [drawn, setDrawn] = useState({ meshes: 0, selected: 0 });
  const detailed = isMeshLabelVisible(zoom);
  // Rebuilt when the zoom crosses the label zoom, not on every step of a zoom.
  const features = useMemo(
    () =>
      meshFeatures(
        meshes,
        selection,
        maxRate,
        detailed ? MESH_LABEL_MIN_ZOOM : MARKET_SHARE_MIN_ZOOM,
      ),
    [meshes, selection, maxRate, detailed],
  );
  const label = t('marketShare.mapLabel', { store: store.name });

  if (failed) {
    return (
      <Box
        role="img"
        aria-label={label}
        sx={{
          height,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'background.default',
          border: '1px solid',
          borderColor: 'divider',
          borderRadius: 1,
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('marketShare.mapUnavailable')}
        </Typography>
      </Box>
    );
  }

  const onClick = (event: MapLayerMouseEvent) => {
    // Only a click on the map itself: not on the pin, a marker, the legend or a button.
    if (!(event.originalEvent.target instanceof HTMLCanvasElement)) return;
    onToggleMesh(halfMeshCode(event.lngLat.lat, event.lngLat.lng));
  };

  return (
    <Box
      role="group"
      aria-label={label}
      data-testid="analysis-map"
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
      <span
        hidden
        data-drawn-meshes={drawn.meshes}
        data-drawn-selected-meshes={drawn.selected}
        data-zoom={zoom.toFixed(2)}
      />
      <BaseMap
        initialViewState={{
          latitude: store.latitude,
          longitude: store.longitude,
          zoom: MAP_DEFAULT_ZOOM,
        }}
        style={{ width: '100%', height: '100%' }}
        minZoom={MARKET_SHARE_MIN_ZOOM}
        maxZoom={MAP_MAX_ZOOM}
        dragRotate={false}
        touchPitch={false}
        cursor="pointer"
        onFailed={() => setFailed(true)}
        onClick={onClick}
        onZoom={(event) => setZoom(event.viewState.zoom)}
        onIdle={(event) => {
          const next = drawnMeshes(event);
          setDrawn((current) =>
            current.meshes === next.meshes && current.selected === next.selected ? current : next,
          );
        }}
      >
        <NavigationControl position="bottom-right" showCompass={false} />
        <ScaleControl position="bottom-left" />
        {showRates && (
          <Source id={MESH_SOURCE_ID} type="geojson" data={features}>
            <Layer
              id={MESH_LAYER_IDS.fill}
              type="fill"
              filter={VISIBLE}
              paint={{
                'fill-color': theme.palette.primary.main,
                'fill-opacity': ['get', 'opacity'],
              }}
            />
            <Layer
              id={MESH_LAYER_IDS.outline}
              type="line"
              filter={VISIBLE}
              paint={{
                'line-color': theme.palette.primary.dark,
                'line-opacity': 0.35,
                'line-width': 0.75,
              }}
            />
            <Layer
              id={MESH_LAYER_IDS.selected}
              type="line"
              filter={VISIBLE_SELECTED}
              paint={{ 'line-color': theme.palette.secondary.main, 'line-width': 3 }}
            />
          </Source>
        )}
        {showRates &&
          detailed &&
          selection.map((meshCode, i) => (
            <SelectionNumber key={meshCode} meshCode={meshCode} number={i + 1} />
          ))}
        <Marker latitude={store.latitude} longitude={store.longitude} anchor="bottom">
          <Box role="img" aria-label={t('marketShare.storePin', { store: store.name })}>
            <StorePin />
          </Box>
        </Marker>
        {facilityMarkers}
        {showRates && <Legend maxRate={maxRate} />}
      </BaseMap>
    </Box>
  );
}
