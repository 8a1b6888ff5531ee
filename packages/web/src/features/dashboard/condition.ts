import {
  COMPARISON_TYPES,
  comparisonRange,
  DEFAULT_SEARCH_CONDITION,
  durationPreset,
  durationPresetByValue,
  durationPresetsForPlan,
  freePlanEarliestDate,
  presetRange,
  TIME_AXES,
  timeAxis,
  validatePeriod,
  type ComparisonTypeValue,
  type DateRange,
  type DurationPresetValue,
  type PlanCode,
  type TimeAxisValue,
} from '@pharmalytics/domain';
import { z } from 'zod';

/** The dashboard's applied search condition (spec 02 §3). The comparison follows from it. */
export interface DashboardCondition {
  /** Duration preset value; 99 is custom. */
  preset: DurationPresetValue;
  base: DateRange;
  comparisonType: ComparisonTypeValue;
  timeAxis: TimeAxisValue;
  /** isAll: every active store, including stores added later; otherwise `storeCodes`. */
  pharmacy: { isAll: boolean; storeCodes: string[] };
}

const CUSTOM = durationPreset('custom').value;
const PREVIOUS_PERIOD = COMPARISON_TYPES[0].value;

/** Last 7 days against the previous period, daily axis, all stores. */
export function defaultCondition(today: string): DashboardCondition {
  const preset = durationPreset(DEFAULT_SEARCH_CONDITION.durationPreset);
  return {
    preset: preset.value,
    base: presetRange(DEFAULT_SEARCH_CONDITION.durationPreset, today),
    comparisonType: PREVIOUS_PERIOD,
    timeAxis: timeAxis(DEFAULT_SEARCH_CONDITION.timeAxis).value,
    pharmacy: { isAll: true, storeCodes: [] },
  };
}

export function comparisonOf(condition: Pick<DashboardCondition, 'base' | 'comparisonType'>) {
  return comparisonRange(condition.base, condition.comparisonType);
}

/** The stores to query: every active store when isAll, otherwise the chosen ones. */
export function queriedStoreCodes(
  condition: DashboardCondition,
  activeStoreCodes: readonly string[],
): string[] {
  return condition.pharmacy.isAll ? [...activeStoreCodes] : [...condition.pharmacy.storeCodes];
}

// ---- storage ----------------------------------------------------------------------------

/**
 * Stored shape, as the spec names the dashboard condition: duration source (base) and
 * destination (comparison) with value, text and dates, time axis and pharmacy.
 */
const dateRange = z.object({ from: z.string(), to: z.string() });
const storedSchema = z.object({
  duration: z.object({
    source: z.object({ value: z.number(), text: z.string(), date: dateRange }),
    destination: z.object({ value: z.number(), text: z.string(), date: dateRange }),
  }),
  timeAxis: z.object({ value: z.number() }),
  pharmacy: z.object({
    isAll: z.boolean(),
    stores: z.array(z.object({ storeCode: z.string() })),
  }),
});
export type StoredDashboardCondition = z.infer<typeof storedSchema>;

export function toStored(condition: DashboardCondition): StoredDashboardCondition {
  const comparisonType = COMPARISON_TYPES.find((c) => c.value === condition.comparisonType)!;
  return {
    duration: {
      source: {
        value: condition.preset,
        text: durationPresetByValue(condition.preset)?.text ?? '',
        date: { ...condition.base },
      },
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
  };
}

export interface ReadContext {
  today: string;
  plan: PlanCode;
  /** Codes of the active stores the member may see now. */
  activeStoreCodes: readonly string[];
}

/**
 * A stored condition checked against today, the plan and the current stores; null when it
 * cannot be used (then the default applies). A preset's dates are recomputed for today, so
 * "last 7 days" stays the last 7 days; a custom period keeps its dates.
 */
export function fromStored(value: unknown, context: ReadContext): DashboardCondition | null {
  const parsed = storedSchema.safeParse(value);
  if (!parsed.success) return null;
  const { duration, pharmacy } = parsed.data;

  const preset = durationPresetsForPlan(context.plan).find(
    (p) => p.value === duration.source.value,
  );
  const comparison = COMPARISON_TYPES.find((c) => c.value === duration.destination.value);
  const axis = TIME_AXES.find((a) => a.value === parsed.data.timeAxis.value);
  if (!preset || !comparison || !axis) return null;

  const base =
    preset.key === 'custom' ? duration.source.date : presetRange(preset.key, context.today);
  const errors = validatePeriod(base, { timeAxis: axis.value });
  if (errors.from || errors.to || errors.form) return null;
  if (context.plan === 'free' && base.from < freePlanEarliestDate(context.today)) return null;

  const storeCodes = pharmacy.stores.map((s) => s.storeCode);
  if (!pharmacy.isAll) {
    const active = new Set(context.activeStoreCodes);
    if (storeCodes.length === 0 || storeCodes.some((code) => !active.has(code))) return null;
  }

  return {
    preset: preset.value,
    base: { from: base.from, to: base.to },
    comparisonType: comparison.value,
    timeAxis: axis.value,
    pharmacy: { isAll: pharmacy.isAll, storeCodes: pharmacy.isAll ? [] : storeCodes },
  };
}

/** One saved condition per member and corporation (a system administrator switches). */
export function storageKey(memberId: number, corporationCode: string): string {
  return `pharmalytics.dashboard.condition.${memberId}.${corporationCode}`;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The saved condition when it is still valid, otherwise the default. */
export function loadCondition(key: string, context: ReadContext): DashboardCondition {
  let stored: unknown;
  try {
    stored = JSON.parse(storage()?.getItem(key) ?? 'null');
  } catch {
    stored = null;
  }
  return fromStored(stored, context) ?? defaultCondition(context.today);
}

export function saveCondition(key: string, condition: DashboardCondition): void {
  try {
    storage()?.setItem(key, JSON.stringify(toStored(condition)));
  } catch {
    // Storage full or disabled: the condition still applies for this visit.
  }
}

export const CUSTOM_PRESET = CUSTOM;
