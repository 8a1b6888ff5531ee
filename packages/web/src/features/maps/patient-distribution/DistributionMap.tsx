import StorefrontIcon from '@mui/icons-material/Storefront';
import Box from '@mui/material/Box';
import {
  DIMMED_CATEGORY_OPACITY,
  formatNumber,
  isDistributionMarkerVisible,
  MAP_CLUSTER,
  MAP_DEFAULT_ZOOM,
  type MarkerCategory,
  type MarkerType,
  type PatientDistributionResponse,
} from '@pharmalytics/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Layer,
  Marker,
  NavigationControl,
  ScaleControl,
  Source,
  type MapEvent,
} from 'react-map-gl/maplibre';
import { BaseMap } from '../../../components/maps/index.ts';
import { FacilityOverlay } from '../facilities/index.ts';
import {
  categoryColourExpression,
  categoryOpacity,
  clusterCategoryProperties,
  clusterColourExpression,
  clusterOpacity,
  CLUSTER_RADIUS,
  MARKER_RADIUS,
  patientFeatures,
} from './patientLayers.ts';

const PATIENT_LAYER_ID = 'patients';
const CLUSTER_LAYER_ID = 'patient-clusters';
const FACILITY_TYPES: readonly MarkerCategory[] = ['clinic', 'care', 'pharmacy'];

/** A marker of several patients (a cluster, or patients at one point), labelled with their number. */
interface DrawnGroup {
  id: string;
  patients: number;
  longitude: number;
  latitude: number;
  /** Its patients by category rank (n0, n1, …, see clusterCategoryProperties). */
  byCategory: Record<string, number>;
}

/** What the map has drawn once idle: its markers of several patients, and all patients drawn. */
function drawnPatients(event: MapEvent): { groups: DrawnGroup[]; patients: number } {
  const map = event.target;
  if (!map.getLayer(CLUSTER_LAYER_ID) || !map.getLayer(PATIENT_LAYER_ID)) {
    return { groups: [], patients: 0 };
  }
  const groups = new Map<string, DrawnGroup>();
  let patients = 0;
  for (const feature of map.queryRenderedFeatures({
    layers: [CLUSTER_LAYER_ID, PATIENT_LAYER_ID],
  })) {
    const { properties } = feature;
    const cluster = properties.cluster_id !== undefined;
    const [longitude, latitude] = (feature.geometry as GeoJSON.Point).coordinates as [
      number,
      number,
    ];
    const id = cluster
      ? `cluster:${properties.cluster_id}`
      : `${longitude},${latitude},${properties.c}`;
    // A feature can be drawn in two tiles: each counts once.
    if (groups.has(id)) continue;
    const n = Number(properties.n);
    patients += n;
    const byCategory = cluster
      ? (properties as Record<string, number>)
      : { [`n${properties.c}`]: n };
    groups.set(id, { id, patients: n, longitude, latitude, byCategory });
  }
  return { groups: [...groups.values()].filter((g) => g.patients > 1), patients };
}

/**
 * The distribution map (spec 02 §2.3): patients as 12 px markers in their category's colour,
 * clustered (extent 300, up to zoom 16) and drawn only above zoom 10; the stores; the facilities
 * of the viewport. Centred on `centre`, the first chosen store.
 */
export function DistributionMap({
  distribution,
  centre,
  markers,
  highlighted,
  onFailed,
}: {
  distribution: PatientDistributionResponse;
  centre: { latitude: number; longitude: number };
  markers: ReadonlySet<MarkerType>;
  highlighted: number | null;
  onFailed: () => void;
}) {
  const { t } = useTranslation();
  const [markersVisible, setMarkersVisible] = useState(true);
  const [drawn, setDrawn] = useState<{ groups: DrawnGroup[]; patients: number }>({
    groups: [],
    patients: 0,
  });
  const features = useMemo(() => patientFeatures(distribution), [distribution]);
  const categoryCount = distribution.categories.length;
  // Made once per ranking: a new object would make the map rebuild the source.
  const clusterProperties = useMemo(
    () => clusterCategoryProperties(categoryCount),
    [categoryCount],
  );
  const showPatients = markers.has('patient') && markersVisible;
  const visibility = showPatients ? 'visible' : 'none';
  const facilityTypes = FACILITY_TYPES.filter((type) => markers.has(type));

  return (
    <BaseMap
      initialViewState={{ ...centre, zoom: MAP_DEFAULT_ZOOM }}
      style={{ width: '100%', height: '100%' }}
      dragRotate={false}
      touchPitch={false}
      maxZoom={18}
      onFailed={onFailed}
      onZoom={(event) => setMarkersVisible(isDistributionMarkerVisible(event.viewState.zoom))}
      onMoveStart={() => setDrawn((d) => ({ ...d, groups: [] }))}
      onMoveEnd={(event) => setDrawn(drawnPatients(event))}
      onIdle={(event) => setDrawn(drawnPatients(event))}
    >
      <NavigationControl position="bottom-right" showCompass={false} />
      <ScaleControl position="bottom-left" />
      <Source
        // Cluster properties are fixed when the source is made: a new ranking makes a new one.
        key={categoryCount}
        id="patients"
        type="geojson"
        data={features}
        cluster
        clusterRadius={CLUSTER_RADIUS}
        clusterMaxZoom={MAP_CLUSTER.maxZoom}
        clusterProperties={clusterProperties}
      >
        <Layer
          id={CLUSTER_LAYER_ID}
          type="circle"
          filter={['has', 'point_count']}
          layout={{ visibility }}
          paint={{
            'circle-color': clusterColourExpression(categoryCount) as string,
            'circle-opacity': clusterOpacity(highlighted, DIMMED_CATEGORY_OPACITY) as number,
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 2,
            'circle-stroke-opacity': clusterOpacity(highlighted, DIMMED_CATEGORY_OPACITY) as number,
            'circle-radius': MARKER_RADIUS as unknown as number,
          }}
        />
        <Layer
          id={PATIENT_LAYER_ID}
          type="circle"
          filter={['!', ['has', 'point_count']]}
          layout={{ visibility }}
          paint={{
            'circle-radius': MARKER_RADIUS as unknown as number,
            'circle-color': categoryColourExpression(categoryCount) as string,
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 1.5,
            'circle-opacity': categoryOpacity(highlighted, DIMMED_CATEGORY_OPACITY) as number,
            'circle-stroke-opacity': categoryOpacity(
              highlighted,
              DIMMED_CATEGORY_OPACITY,
            ) as number,
          }}
        />
      </Source>
      {showPatients &&
        drawn.groups.map((group) => (
          <Marker
            key={group.id}
            longitude={group.longitude}
            latitude={group.latitude}
            anchor="center"
          >
            <Box
              component="span"
              aria-hidden="true"
              sx={{
                pointerEvents: 'none',
                color: '#fff',
                fontSize: 12,
                fontWeight: 700,
                opacity:
                  highlighted === null || (group.byCategory[`n${highlighted}`] ?? 0) > 0
                    ? 1
                    : DIMMED_CATEGORY_OPACITY,
              }}
            >
              {formatNumber(group.patients, 0)}
            </Box>
          </Marker>
        ))}
      {distribution.pharmacies.map((store) => (
        <Marker
          key={store.storeCode}
          longitude={store.location.lng}
          latitude={store.location.lat}
          anchor="bottom"
        >
          <Box
            role="img"
            aria-label={t('maps.ownStore', { name: store.name })}
            title={store.name}
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 30,
              height: 30,
              borderRadius: '50% 50% 50% 0',
              transform: 'rotate(-45deg)',
              bgcolor: 'secondary.main',
              border: '2px solid #fff',
              boxShadow: 2,
            }}
          >
            <StorefrontIcon sx={{ transform: 'rotate(45deg)', color: '#fff', fontSize: 18 }} />
          </Box>
        </Marker>
      ))}
      <FacilityOverlay types={facilityTypes} />
      <span hidden data-drawn-patients={showPatients ? drawn.patients : 0} />
    </BaseMap>
  );
}
