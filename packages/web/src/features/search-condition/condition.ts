import {
  ADDRESS_MODES,
  AGE_SORT_OPTIONS,
  ANALYSIS_FAMILIES,
  COMPARISON_TYPES,
  comparisonRange,
  DEFAULT_ADDRESS_MODE,
  DEFAULT_AGE_SORT,
  DEFAULT_SEARCH_CONDITION,
  durationPreset,
  durationPresetByValue,
  durationPresetsForPlan,
  freePlanEarliestDate,
  GENERIC_MEDICINE_FILTERS,
  MARKET_SHARE_DEFAULT_DURATION_PRESET,
  metricBySlug,
  metricByValue,
  presetRange,
  RECEPTION_TYPE_FILTERS,
  SCORECARD_DEFAULT_PERIOD,
  TIME_AXES,
  timeAxis,
  validatePeriod,
  type AddressModeValue,
  type AgeSortValue,
  type AnalysisFamily,
  type ComparisonTypeValue,
  type DateRange,
  type DurationPresetValue,
  type GenericMedicineFilterValue,
  type MedicalInstitutionFilterItem,
  type MetricSlug,
  type PlanCode,
  type ReceptionTypeFilterValue,
  type TimeAxisValue,
} from '@pharmalytics/domain';
import { z } from 'zod';

/** Filters of the analysis pages; an empty list stands for every option (spec 02 §5). */
export interface ConditionFilters {
  genericMedicine: GenericMedicineFilterValue[];
  medicalInstitutions: MedicalInstitutionFilterItem[];
  receptionTypes: ReceptionTypeFilterValue[];
}

/**
 * The acquisition-rate map's part of the condition: a period of its own (the last 90 days until
 * one is chosen, spec 02 §3) and the one store it shows.
 */
export interface MarketShareCondition {
  /** Duration preset value; 99 is custom. */
  preset: DurationPresetValue;
  base: DateRange;
  /** The chosen store; null until one is chosen. */
  storeCode: string | null;
}

/**
 * The store scorecard's part of the condition: a period and comparison of its own (last month
 * against the same month a year before until one is chosen on it), as it reviews closed months.
 */
export interface ScorecardCondition {
  /** Duration preset value; 99 is custom. */
  preset: DurationPresetValue;
  base: DateRange;
  comparisonType: ComparisonTypeValue;
}

/**
 * The search condition shared by the dashboard and every analysis page (spec 02 §3), saved per
 * member on every change. The dashboard reads `comparisonType`; the analysis pages their own
 * comparison (none by default), the metric, filters, sort and address; the acquisition-rate map
 * and the scorecard alone their own parts.
 */
export interface SearchCondition {
  /** Duration preset value; 99 is custom. */
  preset: DurationPresetValue;
  base: DateRange;
  comparisonType: ComparisonTypeValue;
  /** The analysis pages' comparison: null for none. */
  analysisComparison: ComparisonTypeValue | null;
  timeAxis: TimeAxisValue;
  /** isAll: every active store, including stores added later; otherwise `storeCodes`. */
  pharmacy: { isAll: boolean; storeCodes: string[] };
  /** The metric last chosen on each analysis page (the page's default until one is chosen). */
  metrics: Partial<Record<AnalysisFamily, MetricSlug>>;
  filters: ConditionFilters;
  sortOrder: AgeSortValue;
  address: { mode: AddressModeValue; text: string };
  marketShare: MarketShareCondition;
  scorecard: ScorecardCondition;
}

/** What the period menu edits. */
export type PeriodCondition = Pick<
  SearchCondition,
  'preset' | 'base' | 'comparisonType' | 'timeAxis'
>;

const CUSTOM = durationPreset('custom').value;
const PREVIOUS_PERIOD = COMPARISON_TYPES[0].value;

export const NO_FILTERS: ConditionFilters = {
  genericMedicine: [],
  medicalInstitutions: [],
  receptionTypes: [],
};

/** The acquisition-rate map's period before one is chosen: the last 90 days; no store. */
export function defaultMarketShare(today: string): MarketShareCondition {
  return {
    preset: durationPreset(MARKET_SHARE_DEFAULT_DURATION_PRESET).value,
    base: presetRange(MARKET_SHARE_DEFAULT_DURATION_PRESET, today),
    storeCode: null,
  };
}

/** The scorecard's period before one is chosen on it: last month against the previous year. */
export function defaultScorecard(today: string): ScorecardCondition {
  return {
    preset: durationPreset(SCORECARD_DEFAULT_PERIOD.durationPreset).value,
    base: presetRange(SCORECARD_DEFAULT_PERIOD.durationPreset, today),
    comparisonType: COMPARISON_TYPES.find((c) => c.key === SCORECARD_DEFAULT_PERIOD.comparisonType)!
      .value,
  };
}

/**
 * Last 7 days against the previous period, daily axis, all stores, no filter; the acquisition-rate
 * map's last 90 days without a store; the scorecard's last month against the previous year.
 */
export function defaultCondition(today: string): SearchCondition {
  const preset = durationPreset(DEFAULT_SEARCH_CONDITION.durationPreset);
  return {
    preset: preset.value,
    base: presetRange(DEFAULT_SEARCH_CONDITION.durationPreset, today),
    comparisonType: PREVIOUS_PERIOD,
    analysisComparison: null,
    timeAxis: timeAxis(DEFAULT_SEARCH_CONDITION.timeAxis).value,
    pharmacy: { isAll: true, storeCodes: [] },
    metrics: {},
    filters: NO_FILTERS,
    sortOrder: DEFAULT_AGE_SORT,
    address: { mode: DEFAULT_ADDRESS_MODE, text: '' },
    marketShare: defaultMarketShare(today),
    scorecard: defaultScorecard(today),
  };
}

export function comparisonOf(condition: Pick<SearchCondition, 'base' | 'comparisonType'>) {
  return comparisonRange(condition.base, condition.comparisonType);
}

/** The analysis pages' comparison period; null when they compare with nothing. */
export function analysisComparisonOf(
  condition: Pick<SearchCondition, 'base' | 'analysisComparison'>,
): DateRange | null {
  return condition.analysisComparison === null
    ? null
    : comparisonRange(condition.base, condition.analysisComparison);
}

/** A comparison type value, or undefined when it is none of them. */
export function comparisonTypeOf(value: unknown): ComparisonTypeValue | undefined {
  return COMPARISON_TYPES.find((c) => c.value === value)?.value;
}

/** The stores to query: every active store when isAll, otherwise the chosen ones. */
export function queriedStoreCodes(
  condition: Pick<SearchCondition, 'pharmacy'>,
  activeStoreCodes: readonly string[],
): string[] {
  return condition.pharmacy.isAll ? [...activeStoreCodes] : [...condition.pharmacy.storeCodes];
}

// ---- storage ----------------------------------------------------------------------------

/**
 * Stored shape, as the spec names the condition: duration source (base) and destination
 * (comparison) with value, text and dates, time axis, pharmacy, the chart type of each page,
 * filters with their wire names, sort order and address; and the acquisition-rate map's duration
 * and store. Parts an older version did not save read as their defaults.
 */
const dateRange = z.object({ from: z.string(), to: z.string() });
const storedDuration = z.object({ value: z.number(), text: z.string(), date: dateRange });
/** Read on its own: a broken market share part leaves the rest of the condition as it was. */
const storedMarketShareSchema = z.object({
  marketShare: z.object({
    duration: storedDuration.optional().catch(undefined),
    store: z.object({ storeCode: z.string() }).nullable().optional().catch(null),
  }),
});
/** Read on its own too, like the market share part. */
const storedScorecardSchema = z.object({
  scorecard: z.object({ duration: storedDuration, comparison: z.object({ value: z.number() }) }),
});
const storedSchema = z.object({
  duration: z.object({ source: storedDuration, destination: storedDuration }),
  timeAxis: z.object({ value: z.number() }),
  pharmacy: z.object({
    isAll: z.boolean(),
    stores: z.array(z.object({ storeCode: z.string() })),
  }),
  chartType: z.record(z.string(), z.object({ value: z.number() })).optional(),
  filters: z
    .object({
      generic_medicine_filters: z.array(z.number()),
      medical_institution_filters: z.array(z.object({ text: z.string(), value: z.string() })),
      reception_type_filters: z.array(z.string()),
    })
    .optional(),
  sortOrder: z.object({ value: z.number() }).optional(),
  address: z.object({ value: z.number(), text: z.string() }).optional(),
  /** The analysis pages' comparison; absent (older versions) or null: none. */
  analysisComparison: z.object({ value: z.number() }).nullable().optional().catch(null),
});
export type StoredCondition = z.infer<typeof storedSchema> &
  Partial<z.infer<typeof storedMarketShareSchema>> &
  Partial<z.infer<typeof storedScorecardSchema>>;

function storedDurationOf(preset: DurationPresetValue, base: DateRange) {
  return { value: preset, text: durationPresetByValue(preset)?.text ?? '', date: { ...base } };
}

export function toStored(condition: SearchCondition): StoredCondition {
  const comparisonType = COMPARISON_TYPES.find((c) => c.value === condition.comparisonType)!;
  return {
    duration: {
      source: storedDurationOf(condition.preset, condition.base),
      destination: {
        value: condition.comparisonType,
        text: comparisonType.text,
        date: comparisonOf(condition),
      },
    },
    timeAxis: { value: condition.timeAxis },
    pharmacy: {
      isAll: condition.pharmacy.isAll,
      stores: condition.pharmacy.storeCodes.map((storeCode) => ({ storeCode })),
    },
    chartType: Object.fromEntries(
      Object.entries(condition.metrics).map(([family, slug]) => [
        family,
        { value: metricBySlug(slug)!.value },
      ]),
    ),
    filters: {
      generic_medicine_filters: [...condition.filters.genericMedicine],
      medical_institution_filters: condition.filters.medicalInstitutions.map((i) => ({ ...i })),
      reception_type_filters: [...condition.filters.receptionTypes],
    },
    sortOrder: { value: condition.sortOrder },
    address: { value: condition.address.mode, text: condition.address.text },
    analysisComparison:
      condition.analysisComparison === null ? null : { value: condition.analysisComparison },
    marketShare: {
      duration: storedDurationOf(condition.marketShare.preset, condition.marketShare.base),
      store: condition.marketShare.storeCode
        ? { storeCode: condition.marketShare.storeCode }
        : null,
    },
    scorecard: {
      duration: storedDurationOf(condition.scorecard.preset, condition.scorecard.base),
      comparison: { value: condition.scorecard.comparisonType },
    },
  };
}

export interface ReadContext {
  today: string;
  plan: PlanCode;
  /** Codes of the active stores the member may see now. */
  activeStoreCodes: readonly string[];
}

/** Values of `stored` that are options of `options`, in option order and without repeats. */
function optionsOf<T extends string | number>(
  stored: readonly unknown[] | undefined,
  options: readonly { value: T }[],
): T[] {
  return options.filter((o) => stored?.includes(o.value)).map((o) => o.value);
}

function readMetrics(stored: StoredCondition['chartType']): SearchCondition['metrics'] {
  const metrics: SearchCondition['metrics'] = {};
  for (const family of ANALYSIS_FAMILIES) {
    const metric = stored?.[family] && metricByValue(stored[family].value);
    if (metric) metrics[family] = metric.slug;
  }
  return metrics;
}

/**
 * A saved period checked against today and the plan: a preset's dates recomputed for today, a
 * custom period as it was; undefined when it cannot be used. `timeAxis` adds that axis' length
 * limit.
 */
export function readPeriod(
  duration: z.infer<typeof storedDuration>,
  context: ReadContext,
  timeAxis?: TimeAxisValue,
): { preset: DurationPresetValue; base: DateRange } | undefined {
  const preset = durationPresetsForPlan(context.plan).find((p) => p.value === duration.value);
  if (!preset) return undefined;
  const base = preset.key === 'custom' ? duration.date : presetRange(preset.key, context.today);
  const errors = validatePeriod(base, { timeAxis });
  if (errors.from || errors.to || errors.form) return undefined;
  if (context.plan === 'free' && base.from < freePlanEarliestDate(context.today)) return undefined;
  return { preset: preset.value, base: { from: base.from, to: base.to } };
}

/**
 * The acquisition-rate map's part of a stored condition, each half on its own: the period as the
 * main one (a preset recomputed for today; the default 90 days when missing or unusable), the
 * store while it is still active and browsable (otherwise none).
 */
export function readMarketShare(value: unknown, context: ReadContext): MarketShareCondition {
  const fallback = defaultMarketShare(context.today);
  const parsed = storedMarketShareSchema.safeParse(value);
  if (!parsed.success) return fallback;
  const { duration, store } = parsed.data.marketShare;
  const period = duration && readPeriod(duration, context);
  const storeCode =
    store && context.activeStoreCodes.includes(store.storeCode) ? store.storeCode : null;
  return { ...fallback, ...period, storeCode };
}

/**
 * The scorecard's part of a stored condition: its period as the main one (a preset recomputed
 * for today) with its comparison; the default when missing or unusable.
 */
export function readScorecard(value: unknown, context: ReadContext): ScorecardCondition {
  const fallback = defaultScorecard(context.today);
  const parsed = storedScorecardSchema.safeParse(value);
  if (!parsed.success) return fallback;
  const { duration, comparison } = parsed.data.scorecard;
  const period = readPeriod(duration, context);
  const comparisonType = COMPARISON_TYPES.find((c) => c.value === comparison.value)?.value;
  if (!period || comparisonType === undefined) return fallback;
  return { ...period, comparisonType };
}

/**
 * A stored condition checked against today, the plan and the current stores; null when its
 * period or stores cannot be used (then the default applies). A preset's dates are recomputed for
 * today, so "last 7 days" stays the last 7 days; a custom period keeps its dates. Filters, sort
 * and address keep what is still an option.
 */
export function fromStored(value: unknown, context: ReadContext): SearchCondition | null {
  const parsed = storedSchema.safeParse(value);
  if (!parsed.success) return null;
  const { duration, pharmacy, filters } = parsed.data;

  const comparison = comparisonTypeOf(duration.destination.value);
  const axis = TIME_AXES.find((a) => a.value === parsed.data.timeAxis.value);
  if (!comparison || !axis) return null;
  const period = readPeriod(duration.source, context, axis.value);
  if (!period) return null;

  const storeCodes = pharmacy.stores.map((s) => s.storeCode);
  if (!pharmacy.isAll) {
    const active = new Set(context.activeStoreCodes);
    if (storeCodes.length === 0 || storeCodes.some((code) => !active.has(code))) return null;
  }

  const fallback = defaultCondition(context.today);
  const sort = AGE_SORT_OPTIONS.find((o) => o.value === parsed.data.sortOrder?.value);
  const addressMode = ADDRESS_MODES.find((m) => m.value === parsed.data.address?.value);
  const genericMedicine = optionsOf(filters?.generic_medicine_filters, GENERIC_MEDICINE_FILTERS);
  const receptionTypes = optionsOf(filters?.reception_type_filters, RECEPTION_TYPE_FILTERS);
  return {
    ...period,
    comparisonType: comparison,
    analysisComparison: comparisonTypeOf(parsed.data.analysisComparison?.value) ?? null,
    timeAxis: axis.value,
    pharmacy: { isAll: pharmacy.isAll, storeCodes: pharmacy.isAll ? [] : storeCodes },
    metrics: readMetrics(parsed.data.chartType),
    filters: {
      // Every option ticked is the same as none: the empty list.
      genericMedicine:
        genericMedicine.length === GENERIC_MEDICINE_FILTERS.length ? [] : genericMedicine,
      medicalInstitutions: filters?.medical_institution_filters ?? [],
      receptionTypes: receptionTypes.length === RECEPTION_TYPE_FILTERS.length ? [] : receptionTypes,
    },
    sortOrder: sort?.value ?? fallback.sortOrder,
    address: addressMode
      ? { mode: addressMode.value, text: parsed.data.address?.text ?? '' }
      : fallback.address,
    marketShare: readMarketShare(value, context),
    scorecard: readScorecard(value, context),
  };
}

/** One saved condition per member and corporation (a system administrator switches). */
export function storageKey(memberId: number, corporationCode: string): string {
  return `pharmalytics.search-condition.${memberId}.${corporationCode}`;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The saved condition when it is still valid, otherwise the default (keeping the acquisition-rate
 * map's and the scorecard's parts when they alone are still valid).
 */
export function loadCondition(key: string, context: ReadContext): SearchCondition {
  let stored: unknown;
  try {
    stored = JSON.parse(storage()?.getItem(key) ?? 'null');
  } catch {
    stored = null;
  }
  return (
    fromStored(stored, context) ?? {
      ...defaultCondition(context.today),
      marketShare: readMarketShare(stored, context),
      scorecard: readScorecard(stored, context),
    }
  );
}

export function saveCondition(key: string, condition: SearchCondition): void {
  try {
    storage()?.setItem(key, JSON.stringify(toStored(condition)));
  } catch {
    // Storage full or disabled: the condition still applies for this visit.
  }
}

export const CUSTOM_PRESET = CUSTOM;
