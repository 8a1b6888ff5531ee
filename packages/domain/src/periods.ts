import { INPUT_LIMITS } from './constants.ts';
import type { PlanCode } from './plans.ts';

/** Duration presets of the period menus (spec 02 §3). Fiscal years run April 1 to March 31. */
export const DURATION_PRESETS = [
  { value: 1, key: 'thisMonth', text: '今月' },
  { value: 2, key: 'lastMonth', text: '先月' },
  { value: 3, key: 'last7Days', text: '過去7日間' },
  { value: 4, key: 'last30Days', text: '過去30日間' },
  { value: 5, key: 'last90Days', text: '過去90日間' },
  { value: 6, key: 'last12Months', text: '過去12ヶ月' },
  { value: 7, key: 'thisYear', text: '今年' },
  { value: 8, key: 'lastYear', text: '昨年' },
  { value: 9, key: 'thisFiscalYear', text: '今年度' },
  { value: 10, key: 'lastFiscalYear', text: '昨年度' },
  { value: 99, key: 'custom', text: 'カスタム' },
] as const;

export type DurationPreset = (typeof DURATION_PRESETS)[number];
export type DurationPresetValue = DurationPreset['value'];
export type DurationPresetKey = DurationPreset['key'];

export function durationPreset(key: DurationPresetKey): DurationPreset {
  return DURATION_PRESETS.find((p) => p.key === key)!;
}

export function durationPresetByValue(value: number): DurationPreset | undefined {
  return DURATION_PRESETS.find((p) => p.value === value);
}

/** "Last 12 months" is a fixed day count, not calendar months. */
export const LAST_12_MONTHS_DAYS = 365;
/** Month (1-12) on which the fiscal year starts. */
export const FISCAL_YEAR_START_MONTH = 4;

export const FREE_PLAN_HIDDEN_PRESETS = [
  'last12Months',
  'thisYear',
  'lastYear',
  'thisFiscalYear',
  'lastFiscalYear',
] as const satisfies readonly DurationPresetKey[];

/** Presets offered in the period menu on the given plan. */
export function durationPresetsForPlan(plan: PlanCode): DurationPreset[] {
  const hidden: readonly string[] = plan === 'free' ? FREE_PLAN_HIDDEN_PRESETS : [];
  return DURATION_PRESETS.filter((p) => !hidden.includes(p.key));
}

/** Dashboard comparison period (spec 02 §3). */
export const COMPARISON_TYPES = [
  { value: 1, key: 'previousPeriod', text: '前期間' },
  { value: 2, key: 'previousYear', text: '前年同期' },
] as const;
export type ComparisonType = (typeof COMPARISON_TYPES)[number];
export type ComparisonTypeValue = ComparisonType['value'];

/** Time axes; the value is sent as periodCode. Day of week is not a continuous axis. */
export const TIME_AXES = [
  { value: 1, key: 'yearly', text: '年次' },
  { value: 2, key: 'monthly', text: '月次' },
  { value: 3, key: 'daily', text: '日次' },
  { value: 4, key: 'dayOfWeek', text: '曜日' },
] as const;
export type TimeAxis = (typeof TIME_AXES)[number];
export type TimeAxisValue = TimeAxis['value'];
export type TimeAxisKey = TimeAxis['key'];

export function timeAxis(key: TimeAxisKey): TimeAxis {
  return TIME_AXES.find((a) => a.key === key)!;
}

/** On the free plan the calendar cannot go further back than this many months before today. */
export const FREE_PLAN_CALENDAR_MONTHS = 3;
/** Longest period, inclusive of both ends, that may be shown on the daily axis. */
export const DAILY_AXIS_MAX_DAYS = 730;
/**
 * Longest period, in calendar years, on the other axes (from a start date up to the day before
 * the same date that many years later). A period asked for without an axis (report mails) may be
 * as long as the longest of these. Bounds the work of one request; see docs/metrics.md.
 */
export const AXIS_MAX_YEARS = {
  yearly: 20,
  monthly: 10,
  dayOfWeek: 10,
} as const satisfies Record<Exclude<TimeAxisKey, 'daily'>, number>;
/** Earliest and latest date a period may hold (yyyy-MM-dd): the years every date field accepts. */
export const PERIOD_EARLIEST_DATE = `${INPUT_LIMITS.dateYearMin}-01-01`;
export const PERIOD_LATEST_DATE = `${INPUT_LIMITS.dateYearMax}-12-31`;
/** Wire and storage format of dates (date-fns pattern). */
export const DATE_FORMAT = 'yyyy-MM-dd';
/** The date pickers' calendar header: 2026年11月 (date-fns pattern). */
export const CALENDAR_MONTH_FORMAT = 'yyyy年M月';
/** Dates of the dispensing data and of the period menus are Japan dates. */
export const TIME_ZONE = 'Asia/Tokyo';

/** Starting search condition: last 7 days, daily axis, all stores (spec 02 §3). */
export const DEFAULT_SEARCH_CONDITION = {
  durationPreset: 'last7Days',
  timeAxis: 'daily',
  pharmacy: { isAll: true, stores: [] },
} as const satisfies {
  durationPreset: DurationPresetKey;
  timeAxis: TimeAxisKey;
  pharmacy: { isAll: boolean; stores: readonly { storeCode: string }[] };
};

/** The acquisition-rate map's own period before one is chosen (spec 02 §3). */
export const MARKET_SHARE_DEFAULT_DURATION_PRESET = 'last90Days' satisfies DurationPresetKey;

/** The dashboard's send-mail icon is enabled only for last month against the previous year. */
export const DASHBOARD_MAIL_PERIOD = {
  durationPreset: 'lastMonth',
  comparisonType: 'previousYear',
} as const satisfies { durationPreset: DurationPresetKey; comparisonType: ComparisonType['key'] };
