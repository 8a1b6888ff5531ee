import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import {
  formatPersonCount,
  MARKER_CATEGORIES,
  VIEWPORT_SEARCH_MARKER_TYPES,
  viewportProblem,
  type FacilityItem,
  type MarkerCategory,
} from '@pharmalytics/domain';
import type { FeatureCollection, Point } from 'geojson';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Layer, Popup, Source, useMap, type MapLayerMouseEvent } from 'react-map-gl/maplibre';
import { isApiError } from '../../../api/index.ts';
import { mapViewport } from '../viewport.ts';
import { fetchFacilities, type FacilitySearchResult } from './api.ts';
import { drawFacilityIcon, facilityIconName, parseFacilityIconName } from './facilityStyle.ts';

export const FACILITY_LAYER_ID = 'facilities';

interface FacilityProps {
  key: string;
  type: MarkerCategory;
}
interface ShownFacility extends FacilityItem {
  key: string;
  type: MarkerCategory;
}

function toFeatures(result: FacilitySearchResult | null) {
  const facilities: ShownFacility[] = [];
  for (const type of VIEWPORT_SEARCH_MARKER_TYPES) {
    (result?.byType[type] ?? []).forEach((item, i) =>
      facilities.push({ ...item, type, key: `${type}:${i}` }),
    );
  }
  const geojson: FeatureCollection<Point, FacilityProps> = {
    type: 'FeatureCollection',
    features: facilities.map((f) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [f.lng, f.lat] },
      properties: { key: f.key, type: f.type },
    })),
  };
  return { facilities: new Map(facilities.map((f) => [f.key, f])), geojson };
}

type Figure =
  'prescriptionPatients' | 'outpatients' | 'homecarePatients' | 'capacity' | 'totalUsers';

/** The figures a type's card shows (spec 02 §3 marker data), each "N 人" or ー. */
const CARD_FIGURES: Record<MarkerCategory, Figure[]> = {
  pharmacy: ['prescriptionPatients', 'homecarePatients'],
  clinic: ['outpatients', 'homecarePatients'],
  care: ['capacity', 'totalUsers'],
};

function FacilityCard({ facility, onClose }: { facility: ShownFacility; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popup
      longitude={facility.lng}
      latitude={facility.lat}
      anchor="bottom"
      offset={18}
      closeButton={false}
      closeOnClick={false}
      onClose={onClose}
      maxWidth="280px"
    >
      <Box
        role="dialog"
        aria-label={facility.name}
        data-testid="facility-card"
        sx={{ pr: 3, position: 'relative', minWidth: 200 }}
      >
        <IconButton
          size="small"
          aria-label={t('common.close')}
          onClick={onClose}
          sx={{ position: 'absolute', top: -6, right: -8 }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
        <Typography variant="caption" color="text.secondary">
          {MARKER_CATEGORIES.find((c) => c.key === facility.type)!.label}
        </Typography>
        <Typography variant="subtitle2" component="p">
          {facility.name}
        </Typography>
        <Typography variant="body2" sx={{ mb: 0.5 }}>
          {facility.address}
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', gap: 0.25 }}
        >
          {CARD_FIGURES[facility.type].map((field) => (
            <Box key={field} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t(`maps.facilityFigures.${field}`)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                {formatPersonCount(facility[field])}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
    </Popup>
  );
}

type SearchStatus = 'idle' | 'loading' | 'error';

/**
 * Clinics, care facilities and other pharmacies of the map's viewport (spec 02 §2.3, §4): loaded
 * for the first view, then again for the current view with "search this area again", which is
 * enabled once the map has moved. `types` are the ones shown; a marker click turns it active and
 * opens its card, the previous one reverting. Placed inside a BaseMap.
 */
export function FacilityOverlay({ types }: { types: readonly MarkerCategory[] }) {
  const { t } = useTranslation();
  const { current: map } = useMap();
  const [result, setResult] = useState<FacilitySearchResult | null>(null);
  const [status, setStatus] = useState<SearchStatus>('idle');
  const [moved, setMoved] = useState(false);
  const [tooWide, setTooWide] = useState(false);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  // What the map has drawn once idle, read by tests and tools (the canvas says nothing): how
  // many facility markers, and where the first one is on the map (x,y in pixels).
  const [drawn, setDrawn] = useState({ count: 0, first: '' });
  const running = useRef<AbortController | null>(null);
  const { facilities, geojson } = useMemo(() => toFeatures(result), [result]);

  const search = useCallback(async () => {
    if (!map) return;
    const viewport = mapViewport(map);
    if (viewportProblem(viewport)) {
      setTooWide(true);
      return;
    }
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setStatus('loading');
    setMoved(false);
    try {
      const found = await fetchFacilities(
        viewport,
        VIEWPORT_SEARCH_MARKER_TYPES,
        controller.signal,
      );
      setResult(found);
      setActiveKey(null);
      setStatus('idle');
    } catch (error) {
      if (controller.signal.aborted) return;
      // Spec 02 §8: map fetch errors are logged; the markers shown stay, and the button retries.
      if (!isApiError(error)) console.error(error);
      setStatus('error');
      setMoved(true);
    }
  }, [map]);

  useEffect(() => {
    if (!map) return;
    const instance = map.getMap();
    const onMoveEnd = () => {
      setMoved(true);
      setTooWide(Boolean(viewportProblem(mapViewport(map))));
    };
    const onClick = (event: MapLayerMouseEvent) => {
      const key = (event.features?.[0]?.properties as FacilityProps | undefined)?.key;
      if (key) setActiveKey(key);
    };
    const onIdle = () => {
      if (!instance.getLayer(FACILITY_LAYER_ID)) return;
      const features = instance.queryRenderedFeatures({ layers: [FACILITY_LAYER_ID] });
      const point = features[0]?.geometry;
      const first =
        point?.type === 'Point' ? instance.project(point.coordinates as [number, number]) : null;
      const next = {
        count: features.length,
        first: first ? `${Math.round(first.x)},${Math.round(first.y)}` : '',
      };
      setDrawn((now) => (now.count === next.count && now.first === next.first ? now : next));
    };
    const pointer = () => (instance.getCanvas().style.cursor = 'pointer');
    const plain = () => (instance.getCanvas().style.cursor = '');
    // Marker images are drawn when the style first asks for them (again after a style change).
    instance.setMissingStyleImageResolver((id) => {
      const icon = parseFacilityIconName(id);
      if (!icon || instance.hasImage(id)) return;
      const ratio = window.devicePixelRatio || 1;
      instance.addImage(id, drawFacilityIcon(icon.type, icon.active, ratio), { pixelRatio: ratio });
    });
    instance.on('moveend', onMoveEnd);
    // Also shortly after any frame: the markers' images arrive after their data.
    let settle = 0;
    const onRender = () => {
      window.clearTimeout(settle);
      settle = window.setTimeout(onIdle, 200);
    };
    instance.on('idle', onIdle);
    instance.on('render', onRender);
    instance.on('click', FACILITY_LAYER_ID, onClick);
    instance.on('mouseenter', FACILITY_LAYER_ID, pointer);
    instance.on('mouseleave', FACILITY_LAYER_ID, plain);
    // The first view's facilities, on the next frame: the map has its size and position (its
    // 'load' may have passed already, or come again after a style change).
    const frame = requestAnimationFrame(() => void search());
    return () => {
      cancelAnimationFrame(frame);
      running.current?.abort();
      instance.off('moveend', onMoveEnd);
      instance.off('idle', onIdle);
      instance.off('render', onRender);
      window.clearTimeout(settle);
      instance.off('click', FACILITY_LAYER_ID, onClick);
      instance.off('mouseenter', FACILITY_LAYER_ID, pointer);
      instance.off('mouseleave', FACILITY_LAYER_ID, plain);
      instance.setMissingStyleImageResolver(null);
    };
  }, [map, search]);

  const active = activeKey ? facilities.get(activeKey) : undefined;
  const shown = active && types.includes(active.type) ? active : undefined;
  const iconOf = (active: boolean) => [
    'match',
    ['get', 'type'],
    ...VIEWPORT_SEARCH_MARKER_TYPES.flatMap((type) => [type, facilityIconName(type, active)]),
    '',
  ];
  const iconImage = ['case', ['==', ['get', 'key'], activeKey ?? ''], iconOf(true), iconOf(false)];

  return (
    <>
      <Source id="facilities" type="geojson" data={geojson}>
        <Layer
          id={FACILITY_LAYER_ID}
          type="symbol"
          filter={['in', ['get', 'type'], ['literal', [...types]]]}
          layout={{
            'icon-image': iconImage as unknown as string,
            'icon-allow-overlap': true,
            'icon-ignore-placement': true,
            'symbol-sort-key': ['case', ['==', ['get', 'key'], activeKey ?? ''], 1, 0],
          }}
        />
      </Source>
      {shown && <FacilityCard facility={shown} onClose={() => setActiveKey(null)} />}
      <Box
        sx={{
          position: 'absolute',
          top: 10,
          left: '50%',
          transform: 'translateX(-50%)',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 0.5,
        }}
      >
        <Button
          variant="contained"
          color="inherit"
          size="small"
          startIcon={
            status === 'loading' ? (
              <CircularProgress size={16} aria-label={t('common.loading')} />
            ) : (
              <SearchIcon color="primary" />
            )
          }
          disabled={!moved || tooWide || status === 'loading'}
          onClick={() => void search()}
          sx={{ bgcolor: 'background.paper', boxShadow: 2 }}
        >
          {t('maps.searchThisArea')}
        </Button>
        {(tooWide || status === 'error' || result?.truncated) && (
          <Typography
            role="status"
            variant="caption"
            sx={{ bgcolor: 'background.paper', px: 1, borderRadius: 1, boxShadow: 1 }}
          >
            {tooWide
              ? t('maps.zoomInToSearch')
              : status === 'error'
                ? t('maps.facilitiesFailed')
                : t('maps.facilitiesTruncated')}
          </Typography>
        )}
      </Box>
      <span
        hidden
        data-facilities={facilities.size}
        data-drawn-facilities={drawn.count}
        data-first-facility={drawn.first}
      />
    </>
  );
}
