import { z } from 'zod';
import { INPUT_LIMITS } from '../constants.ts';
import { MARKET_SHARE_AGE_BANDS } from '../filters.ts';
import { NO_VALUE } from '../format.ts';
import { mapCategoryByValue, MARKER_CATEGORIES, MESH_ALL_AGES_LABEL } from '../maps.ts';
import { FIELD_LABELS, INPUT_MESSAGES, MESSAGES } from '../messages.ts';
import { TIME_AXES } from '../periods.ts';
import { institutionCodes } from './analysis.ts';
import { calendarDate, decimalInteger, stop, storeCodeList, text } from './primitives.ts';

/**
 * A latitude or longitude sent as a decimal string, within its range. Up to 20 decimals, so the
 * map's bounds can be sent as JavaScript prints them (17 significant digits).
 */
function coordinate(label: string, min: number, max: number) {
  const message = INPUT_MESSAGES.coordinate(label, min, max);
  return text({ typeError: message })
    .regex(/^-?[0-9]{1,3}(\.[0-9]{1,20})?$/, stop(message))
    .transform(Number)
    .refine((value) => value >= min && value <= max, stop(message));
}
const latitude = (label: string) => coordinate(label, -90, 90);
const longitude = (label: string) => coordinate(label, -180, 180);

/** A point on the map (WGS 84 degrees). */
export const mapPointSchema = z.object({ lat: z.number(), lng: z.number() });
export type MapPoint = z.infer<typeof mapPointSchema>;

// ---- patient distribution ------------------------------------------------------------------

/**
 * GET /v3/patient_distribution (spec 02 §7). addressCategory comes out as a category of
 * MAP_CATEGORIES: absent or unknown, it ranks by clinic.
 */
export const patientDistributionQuerySchema = z
  .object({
    from: calendarDate(),
    to: calendarDate(),
    periodCode: decimalInteger({
      label: FIELD_LABELS.timeAxis,
      min: 1,
      max: TIME_AXES.length,
    }).optional(),
    storeCodes: storeCodeList({ label: FIELD_LABELS.storeCode }).default(''),
    // Any other number ranks by clinic, as does a call without one (spec 02 §3).
    addressCategory: decimalInteger({
      label: FIELD_LABELS.addressCategory,
      min: 0,
      max: INPUT_LIMITS.int4Max,
    })
      .optional()
      .transform((value) => mapCategoryByValue(value).value),
    medicalInstitutionFilters: institutionCodes(FIELD_LABELS.medicalInstitutionFilter),
  })
  .strict();
export type PatientDistributionQuery = z.output<typeof patientDistributionQuerySchema>;

/**
 * Patients at their town's point (never an exact address) with their category; the stores
 * shown; the categories ranked by patients, the first CATEGORY_TOP_COUNT with the rest folded
 * into その他 (not for age), which the legend prints with its count.
 */
export const patientDistributionResponseSchema = z.object({
  patients: z.array(z.object({ location: mapPointSchema, categoryName: z.string() })),
  pharmacies: z.array(
    z.object({ storeCode: z.string(), name: z.string(), location: mapPointSchema }),
  ),
  categories: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type PatientDistributionResponse = z.infer<typeof patientDistributionResponseSchema>;

// ---- facility masters ------------------------------------------------------------------------

const FACILITY_TYPES = MARKER_CATEGORIES.map((c) => c.key) as [
  (typeof MARKER_CATEGORIES)[number]['key'],
  ...(typeof MARKER_CATEGORIES)[number]['key'][],
];

/** GET /v3/facility_masters: one facility type within the map's viewport. */
export const facilityMastersQuerySchema = z
  .object({
    type: z.enum(FACILITY_TYPES, { error: INPUT_MESSAGES.facilityType }),
    north_east_lat: latitude(FIELD_LABELS.latitude),
    north_east_lng: longitude(FIELD_LABELS.longitude),
    south_west_lat: latitude(FIELD_LABELS.latitude),
    south_west_lng: longitude(FIELD_LABELS.longitude),
  })
  .strict();
export type FacilityMastersQuery = z.output<typeof facilityMastersQuerySchema>;

/** A facility marker's card: counts it does not publish are null (shown ー). */
export const facilityItemSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  name: z.string(),
  address: z.string(),
  prescriptionPatients: z.number().nullable(),
  outpatients: z.number().nullable(),
  homecarePatients: z.number().nullable(),
  capacity: z.number().nullable(),
  totalUsers: z.number().nullable(),
});
export type FacilityItem = z.infer<typeof facilityItemSchema>;

/** At most `limit` facilities, nearest the viewport's centre first; `truncated` when more exist. */
export const facilityMastersResponseSchema = z.object({
  items: z.array(facilityItemSchema),
  limit: z.number().int(),
  truncated: z.boolean(),
});
export type FacilityMastersResponse = z.infer<typeof facilityMastersResponseSchema>;

// ---- market share ----------------------------------------------------------------------------

/** An acquisition rate in percent (acquisitionRate), or '-' (patients but no estimate). */
export const acquisitionRateSchema = z.union([z.number(), z.literal(NO_VALUE)]);

const meshFigures = {
  /** Acquired patients: distinct patients of the store in the period living in the mesh. */
  count: z.number().int().nonnegative(),
  /** Estimated treated patients of the mesh over the period (docs/market-share-model.md). */
  estimate: z.number().int().nonnegative(),
  estimateRate: acquisitionRateSchema,
};

export const meshCodeSchema = text({ typeError: INPUT_MESSAGES.meshCode }).regex(
  /^[0-9]{8}[1-4]$/,
  stop(INPUT_MESSAGES.meshCode),
);

/**
 * The one store of the store selector: digits, at most the store code's length. None chosen is
 * refused with the selector's own prompt.
 */
const chosenStoreCode = () => {
  const digits = INPUT_LIMITS.storeCodeDigits;
  const malformed = INPUT_MESSAGES.code(FIELD_LABELS.storeCode, digits);
  return text({ typeError: MESSAGES.selectStore })
    .min(1, stop(MESSAGES.selectStore))
    .max(digits, stop(malformed))
    .regex(/^[0-9]+$/, stop(malformed));
};

/** One age band of a mesh: ageRange is the index into MARKET_SHARE_AGE_BANDS (10 is 不明). */
export const meshDetailSchema = z.object({
  ageRange: z
    .number()
    .int()
    .min(0)
    .max(MARKET_SHARE_AGE_BANDS.length - 1),
  ageRangeName: z.enum(MARKET_SHARE_AGE_BANDS),
  ...meshFigures,
});
export type MeshDetail = z.infer<typeof meshDetailSchema>;

/**
 * A 1/2 mesh: acquired patients of the store, estimated treated patients and their rate, for all
 * ages (ageRangeName 合計) and per age band (details, every band of MARKET_SHARE_AGE_BANDS in
 * order). The all-ages figures are the sums of the bands.
 */
export const meshEstimateSchema = z.object({
  meshCode: z.string(),
  ageRangeName: z.literal(MESH_ALL_AGES_LABEL),
  ...meshFigures,
  details: z.array(meshDetailSchema),
});
export type MeshEstimate = z.infer<typeof meshEstimateSchema>;

/** GET /v3/market_share/ (spec 02 §7): one store (store_code is a single code). */
export const marketShareQuerySchema = z
  .object({ from: calendarDate(), to: calendarDate(), store_code: chosenStoreCode() })
  .strict();
export type MarketShareQuery = z.output<typeof marketShareQuerySchema>;

/** 9 characters a code and a comma between: the longest list of INPUT_LIMITS.meshCodesMax codes. */
const MESH_CODE_LIST_MAX_LENGTH = INPUT_LIMITS.meshCodesMax * 10 - 1;

/**
 * The meshes chosen on the map, comma-joined in order of selection (their selection numbers);
 * at least one, each once.
 */
const chosenMeshCodes = () =>
  text({ typeError: INPUT_MESSAGES.meshCodeList })
    .min(1, stop(INPUT_MESSAGES.meshCodesRequired))
    .max(
      MESH_CODE_LIST_MAX_LENGTH,
      stop(INPUT_MESSAGES.meshCodesTooMany(INPUT_LIMITS.meshCodesMax)),
    )
    .regex(/^[0-9]{8}[1-4](,[0-9]{8}[1-4])*$/, stop(INPUT_MESSAGES.meshCodeList))
    .transform((value) => value.split(','))
    .refine(
      (codes) => new Set(codes).size === codes.length,
      stop(INPUT_MESSAGES.meshCodesRepeated),
    );

/**
 * GET /v3/xlsx/market_share: the table 選択エリア別獲得率 as a workbook, asked with the map's
 * query and the chosen meshes.
 */
export const marketShareXlsxQuerySchema = z
  .object({
    from: calendarDate(),
    to: calendarDate(),
    store_code: chosenStoreCode(),
    mesh_codes: chosenMeshCodes(),
  })
  .strict();
export type MarketShareXlsxQuery = z.output<typeof marketShareXlsxQuerySchema>;
export type MarketShareXlsxQueryInput = z.input<typeof marketShareXlsxQuerySchema>;

/**
 * branches: the chosen store (coordinates null when its address has none). estimatedPatientCounts:
 * every mesh where the store's patients of the period live, and every mesh with census population
 * whose centre lies within MARKET_SHARE_RADIUS_METERS of the store. maxMesh: the mesh of the
 * highest numeric rate (null when no mesh has one).
 */
export const marketShareResponseSchema = z.object({
  branches: z.array(
    z.object({
      storeCode: z.string(),
      name: z.string(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
    }),
  ),
  estimatedPatientCounts: z.array(meshEstimateSchema),
  maxMesh: z.object({ meshCode: z.string(), ...meshFigures }).nullable(),
});
export type MarketShareResponse = z.infer<typeof marketShareResponseSchema>;

/** GET /v3/estimate_count/: one mesh's estimate (its count of the store's patients is 0). */
export const estimateCountQuerySchema = z
  .object({ from: calendarDate(), to: calendarDate(), mesh_code: meshCodeSchema })
  .strict();
export type EstimateCountQuery = z.output<typeof estimateCountQuerySchema>;

/** A one-element array: the mesh asked for (estimate 0 everywhere without census data). */
export const estimateCountResponseSchema = z.array(meshEstimateSchema);
export type EstimateCountResponse = z.infer<typeof estimateCountResponseSchema>;

// ---- base map --------------------------------------------------------------------------------

/** GET /v3/map_settings: the raster tiles drawn over the bundled outlines, and their credit. */
export const mapSettingsResponseSchema = z.object({
  tileUrl: z.string(),
  tileAttribution: z.string(),
  tileAttributionUrl: z.string(),
});
export type MapSettings = z.infer<typeof mapSettingsResponseSchema>;
