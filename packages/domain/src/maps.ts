import { formatNumber, NO_VALUE, RATE_UNIT } from './format.ts';
import { INPUT_MESSAGES } from './messages.ts';
import { floorTo, truncateTo } from './numbers.ts';

/** The maps' calls (spec 02 §7). */
export const MAP_API_PATHS = {
  patientDistribution: '/v3/patient_distribution',
  facilityMasters: '/v3/facility_masters',
  marketShare: '/v3/market_share/',
  estimateCount: '/v3/estimate_count/',
} as const;

/**
 * The development twins of the map calls, which the dev-API flag calls instead: unlike the chart
 * calls' twins, their paths differ beyond the version.
 */
export const MAP_DEV_API_TWINS: Readonly<Record<string, string>> = {
  [MAP_API_PATHS.patientDistribution]: '/v2/address/patient_distribution',
  [MAP_API_PATHS.marketShare]: '/v2/market_share/market_share/',
  [MAP_API_PATHS.estimateCount]: '/v2/market_share/estimate_by_mesh_code/',
};

/** Patient categories of the distribution map (spec 02 §3). */
export const MAP_CATEGORIES = [
  { value: 1, key: 'receptionType', label: '受付区分' },
  { value: 2, key: 'clinic', label: '医療機関' },
  { value: 3, key: 'pharmacy', label: '薬局別' },
  { value: 4, key: 'age', label: '年代別' },
] as const;
export type MapCategory = (typeof MAP_CATEGORIES)[number];
export type MapCategoryValue = MapCategory['value'];
function mapCategoryKeyToValue(key: MapCategory['key']): MapCategoryValue {
  return MAP_CATEGORIES.find((c) => c.key === key)!.value;
}

export const DEFAULT_MAP_CATEGORY = mapCategoryKeyToValue('clinic');

/** The category for an addressCategory value; anything unknown ranks by clinic. */
export function mapCategoryByValue(value: unknown): MapCategory {
  return (
    MAP_CATEGORIES.find((c) => c.value === Number(value)) ??
    MAP_CATEGORIES.find((c) => c.value === DEFAULT_MAP_CATEGORY)!
  );
}

/** Facility marker categories; `key` is the `type` of GET /v3/facility_masters. */
export const MARKER_CATEGORIES = [
  { key: 'pharmacy', legend: '薬', label: 'その他の薬局' },
  { key: 'clinic', legend: '医', label: '医療機関' },
  { key: 'care', legend: '施', label: '施設' },
] as const;
export type MarkerCategory = (typeof MARKER_CATEGORIES)[number]['key'];
export type MarkerType = MarkerCategory | 'patient' | 'market';

export const DISTRIBUTION_DEFAULT_MARKER_TYPES = [
  'clinic',
  'care',
  'pharmacy',
  'patient',
] as const satisfies readonly MarkerType[];
export const MARKET_SHARE_DEFAULT_MARKER_TYPES = [
  'clinic',
  'care',
  'pharmacy',
  'market',
] as const satisfies readonly MarkerType[];
/** A layer of the acquisition-rate map that its settings panel turns on and off. */
export type MarketShareLayer = Extract<MarkerType, 'market'> | MarkerCategory;
/** Which layers of the acquisition-rate map are shown: the mesh rates and each facility type. */
export type MarketShareLayers = Record<MarketShareLayer, boolean>;

/** Layers shown when the acquisition-rate map opens (every default marker type). */
export function defaultMarketShareLayers(): MarketShareLayers {
  const shown = new Set<MarkerType>(MARKET_SHARE_DEFAULT_MARKER_TYPES);
  return {
    market: shown.has('market'),
    clinic: shown.has('clinic'),
    care: shown.has('care'),
    pharmacy: shown.has('pharmacy'),
  };
}

/** Facility types reloaded by "search this area again", one call per type in this order. */
export const VIEWPORT_SEARCH_MARKER_TYPES = [
  'clinic',
  'care',
  'pharmacy',
] as const satisfies readonly MarkerCategory[];

/**
 * A facility of the master as a source gives it (the demo world, an imported open-data file):
 * the figures of its marker's card it does not publish are null.
 */
export interface FacilityRecord {
  /** The facility's id within its source (loading the source again updates rows by it). */
  sourceId: string;
  type: MarkerCategory;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  /** Pharmacies: patients whose prescriptions it fills in a month. */
  prescriptionPatients: number | null;
  /** Clinics: outpatients a day (hospitals: their outpatient department). */
  outpatients: number | null;
  /** Clinics and pharmacies: patients cared for at home. */
  homecarePatients: number | null;
  /** Care facilities: residents it can house. */
  capacity: number | null;
  /** Care facilities: residents now. */
  totalUsers: number | null;
  /**
   * Hospitals (and clinics with beds, 有床診療所): 病床数, the total of the facility's beds of
   * every kind (一般・療養・精神・結核・感染症).
   */
  beds: number | null;
}

/** Facilities GET /v3/facility_masters answers at most, those nearest the viewport's centre. */
export const FACILITY_LIMIT = 500;
/** The widest viewport the facility search takes, in degrees of latitude and of longitude. */
export const FACILITY_VIEWPORT_MAX_DEGREES = 1;

/** A map viewport as GET /v3/facility_masters takes it (degrees, WGS 84). */
export interface Viewport {
  north_east_lat: number;
  north_east_lng: number;
  south_west_lat: number;
  south_west_lng: number;
}

/**
 * Why the facility search refuses a viewport, or undefined when it takes it: the north-east
 * corner must lie north and east of the south-west one (or on it), and the box may span at most
 * FACILITY_VIEWPORT_MAX_DEGREES either way.
 */
export function viewportProblem(viewport: Viewport): string | undefined {
  const height = viewport.north_east_lat - viewport.south_west_lat;
  const width = viewport.north_east_lng - viewport.south_west_lng;
  if (height < 0 || width < 0) return INPUT_MESSAGES.viewportInverted;
  if (height > FACILITY_VIEWPORT_MAX_DEGREES || width > FACILITY_VIEWPORT_MAX_DEGREES) {
    return INPUT_MESSAGES.viewportTooLarge(FACILITY_VIEWPORT_MAX_DEGREES);
  }
  return undefined;
}

/** The centre of a viewport, from which facilities are taken nearest first. */
export function viewportCentre(viewport: Viewport): { lat: number; lng: number } {
  return {
    lat: (viewport.north_east_lat + viewport.south_west_lat) / 2,
    lng: (viewport.north_east_lng + viewport.south_west_lng) / 2,
  };
}

/**
 * Where a store stands on the maps, or undefined when it cannot be placed: a missing or zero
 * latitude or longitude means no address is registered (spec 02 §5).
 */
export function storeLocation(store: {
  latitude: number | null;
  longitude: number | null;
}): { latitude: number; longitude: number } | undefined {
  const { latitude, longitude } = store;
  if (!latitude || !longitude) return undefined;
  return { latitude, longitude };
}

export const MAP_DEFAULT_ZOOM = 15;
/**
 * Marker clustering (spec 02 §9): tile extent 300 and clusters up to zoom 16; the radius, in
 * pixels of that extent, is the clustering library's usual 40.
 */
export const MAP_CLUSTER = { extent: 300, maxZoom: 16, radius: 40 } as const;
export const MARKET_SHARE_MIN_ZOOM = 12;
/** Mesh number labels, and rectangles of meshes without patients, need at least this zoom. */
export const MESH_LABEL_MIN_ZOOM = 13;
/** Distribution markers are drawn only above (not at) this zoom. */
export const DISTRIBUTION_MARKER_MIN_ZOOM = 10;

export function isMeshRectangleVisible(zoom: number, count: number): boolean {
  return zoom >= MESH_LABEL_MIN_ZOOM || count > 0;
}

export function isMeshLabelVisible(zoom: number): boolean {
  return zoom >= MESH_LABEL_MIN_ZOOM;
}

export function isDistributionMarkerVisible(zoom: number): boolean {
  return zoom > DISTRIBUTION_MARKER_MIN_ZOOM;
}

export const CATEGORY_TOP_COUNT = 10;
export const OTHER_CATEGORY_LABEL = 'その他';
export const PATIENT_ICON_SIZE_PX = 12;
/** Opacity of the other categories while one category is highlighted. */
export const DIMMED_CATEGORY_OPACITY = 0.2;

/**
 * Legend labels of the ranked categories: the first ten, the tenth labelled その他 except in
 * the age category (whose bands are few and all meaningful).
 */
export function categoryLegendLabels(
  rankedNames: readonly string[],
  category: MapCategoryValue,
): string[] {
  const labels = rankedNames.slice(0, CATEGORY_TOP_COUNT);
  const isAge = category === mapCategoryKeyToValue('age');
  if (!isAge && labels.length === CATEGORY_TOP_COUNT) {
    labels[CATEGORY_TOP_COUNT - 1] = OTHER_CATEGORY_LABEL;
  }
  return labels;
}

/**
 * The trade area of a store on the acquisition-rate map: besides every mesh where the store's
 * patients live, the meshes whose centre lies within this distance of the store (and that have
 * census population) are estimated and shown.
 */
export const MARKET_SHARE_RADIUS_METERS = 2000;

/** ageRangeName of a mesh's all-ages figures (the table's first row of a mesh). */
export const MESH_ALL_AGES_LABEL = '合計';

/** 1/2 regional mesh (500 m) cell size in arc seconds. */
export const MESH_CELL_SECONDS = { latitude: 15, longitude: 22.5 } as const;

/** Mesh shading: opacity = base + range × min(rate / max rate, 1). */
export const MESH_OPACITY = { base: 0.1, range: 0.6, full: 1 } as const;

/**
 * Acquisition rate in percent (spec 02 §5): '-' when patients exist but the estimate is 0,
 * 0 when both are 0, else count / estimate × 100 truncated to 2 decimals.
 */
export function acquisitionRate(count: number, estimate: number): number | typeof NO_VALUE {
  if (estimate === 0) return count > 0 ? NO_VALUE : 0;
  return truncateTo((count / estimate) * 100, 2);
}

export interface MeshRate {
  count: number;
  estimate: number;
  estimateRate: number;
}

/** Fill opacity of a mesh rectangle, rounded down to 3 decimals (spec 02 §9). */
export function meshOpacity(mesh: MeshRate, maxRate: number): number {
  if (mesh.count !== 0 && mesh.estimate === 0) return MESH_OPACITY.full;
  if (mesh.estimateRate <= 0) return 0;
  const ratio = maxRate > 0 ? Math.min(mesh.estimateRate / maxRate, 1) : 1;
  return floorTo(MESH_OPACITY.base + MESH_OPACITY.range * ratio, 3);
}

/** An acquisition rate as the screen shows it: '0.32%', or '-' when it cannot be computed. */
export function formatAcquisitionRate(rate: number | typeof NO_VALUE): string {
  return rate === NO_VALUE ? NO_VALUE : `${formatNumber(rate, 2)}${RATE_UNIT}`;
}

/** The word that names the acquisition-rate table's files (its CSV and its workbook). */
export const MARKET_SHARE_FILE_WORD = '患者獲得率';

/** Labels of the acquisition-rate screen (spec 02 §2.4). */
export const MARKET_SHARE_LABELS = {
  storeSelect: '店舗選択',
  storeSelectPlaceholder: '選択してください',
  summary: '選択エリア合計',
  rate: '獲得率',
  count: '獲得患者数',
  estimate: '推計患者数',
  personUnit: '人',
  table: '選択エリア別獲得率',
  selectionNumber: '選択番号',
  areaId: 'エリアID',
  ageBand: '年代',
  expand: '開閉',
  openAll: 'すべて開く',
  noDetails: 'データがありません',
  csv: 'CSV出力',
  settings: '表示設定',
  areaSearch: 'このエリアで再検索',
} as const;

/** The settings panel's checkboxes, in order: the mesh rates, then the facility types. */
export const MARKET_SHARE_LAYER_OPTIONS: readonly { key: MarketShareLayer; label: string }[] = [
  { key: 'market', label: MARKET_SHARE_LABELS.rate },
  ...VIEWPORT_SEARCH_MARKER_TYPES.map((key) => ({
    key,
    label: MARKER_CATEGORIES.find((c) => c.key === key)!.label,
  })),
];

/** MapLibre's control texts (zoom, compass, attribution, scale…) in Japanese: its `locale` option. */
export const MAP_CONTROL_LOCALE: Readonly<Record<string, string>> = {
  'AttributionControl.ToggleAttribution': '出典の表示を切り替え',
  'AttributionControl.MapFeedback': '地図の不具合を報告',
  'FullscreenControl.Enter': '全画面表示',
  'FullscreenControl.Exit': '全画面表示を終了',
  'GeolocateControl.FindMyLocation': '現在地を表示',
  'GeolocateControl.LocationNotAvailable': '現在地を取得できません',
  'LogoControl.Title': 'MapLibre ロゴ',
  'Map.Title': '地図',
  'Marker.Title': '地図上のマーカー',
  'NavigationControl.ResetBearing': 'ドラッグで回転、クリックで北を上に戻す',
  'NavigationControl.ZoomIn': '拡大',
  'NavigationControl.ZoomOut': '縮小',
  'Popup.Close': 'ポップアップを閉じる',
  'ScaleControl.Feet': 'フィート',
  'ScaleControl.Meters': 'm',
  'ScaleControl.Kilometers': 'km',
  'ScaleControl.Miles': 'マイル',
  'ScaleControl.NauticalMiles': '海里',
  'GlobeControl.Enable': '地球儀表示',
  'GlobeControl.Disable': '地球儀表示を終了',
  'TerrainControl.Enable': '地形を表示',
  'TerrainControl.Disable': '地形を隠す',
  'CooperativeGesturesHandler.WindowsHelpText': 'Ctrl キーを押しながらスクロールで拡大・縮小',
  'CooperativeGesturesHandler.MacHelpText': '⌘ キーを押しながらスクロールで拡大・縮小',
  'CooperativeGesturesHandler.MobileHelpText': '2本の指で地図を動かしてください',
};
