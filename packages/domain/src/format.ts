import { BAR_LABEL_MAX_LENGTH } from './constants.ts';
import { csvNumber, type CsvNumberText } from './csv-cell.ts';
import { MESSAGES } from './messages.ts';
import { roundTo } from './numbers.ts';

/** Shown for a number that is absent or cannot be computed. */
export const NO_VALUE = '-';
/** Shown in map marker cards for a missing count. */
export const MISSING_COUNT = 'ー';

export const VIEWABLE_STORES_TEXT = {
  none: MESSAGES.notSet,
  all: '全ての店舗',
  detailSeparator: '・',
} as const;

/**
 * Viewable stores of an account (spec 01 §6): none → 未設定, every store → 全ての店舗,
 * otherwise on the list the first name plus 他N店, on the detail all names joined by ・.
 */
export function viewableStoresText(
  storeNames: readonly string[],
  totalStoreCount: number,
  variant: 'list' | 'detail',
): string {
  const [first] = storeNames;
  if (first === undefined) return VIEWABLE_STORES_TEXT.none;
  if (storeNames.length >= totalStoreCount) return VIEWABLE_STORES_TEXT.all;
  if (variant === 'detail') return storeNames.join(VIEWABLE_STORES_TEXT.detailSeparator);
  const others = storeNames.length - 1;
  return others > 0 ? `${first}他${others}店` : first;
}

const integerFormat = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 0 });
const decimalFormats = new Map<number, Intl.NumberFormat>();

/** Thousands separators, at most `maxFractionDigits` decimals; '-' for no value. */
export function formatNumber(value: number | null | undefined, maxFractionDigits = 2): string {
  if (value == null || !Number.isFinite(value)) return NO_VALUE;
  if (maxFractionDigits === 0) return integerFormat.format(value);
  let format = decimalFormats.get(maxFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: maxFractionDigits });
    decimalFormats.set(maxFractionDigits, format);
  }
  return format.format(value);
}

/** The unit of the rate metrics. */
export const RATE_UNIT = '%';
/** The unit of the sales and unit-price metrics, which are whole yen. */
const YEN_UNIT = '円';

/**
 * The decimals of a metric's value wherever it is written: yen whole, rates with one decimal,
 * quantities (no unit; 1.5 g, 0.25 mL) with up to three, counts whole except averages such as
 * prescriptions per pharmacist (12.3枚), which keep one.
 */
function metricDigits(unit: string): Intl.NumberFormatOptions {
  if (unit === RATE_UNIT) return { minimumFractionDigits: 1, maximumFractionDigits: 1 };
  if (unit === YEN_UNIT) return { maximumFractionDigits: 0 };
  return { maximumFractionDigits: unit === '' ? 3 : 1 };
}

const metricFormats = new Map<string, Intl.NumberFormat>();

function metricFormat(unit: string, grouping: boolean): Intl.NumberFormat {
  const key = `${grouping}:${unit}`;
  let format = metricFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('ja-JP', { ...metricDigits(unit), useGrouping: grouping });
    metricFormats.set(key, format);
  }
  return format;
}

/**
 * The number of a metric's value, without its unit, as the cells of a table whose header names
 * the unit show it: thousands separators and the metric's decimals (metricDigits). '-' when
 * absent.
 */
export function formatMetricNumber(value: number | null | undefined, unit: string): string {
  if (value == null || !Number.isFinite(value)) return NO_VALUE;
  return metricFormat(unit, true).format(value);
}

/**
 * A metric's value in a CSV cell: the decimals of the screens, without thousands separators or
 * unit, marked as a number so that toCsv writes it bare and a spreadsheet reads a number; empty
 * when absent.
 */
export function formatMetricCsv(value: number | null | undefined, unit: string): CsvNumberText {
  if (value == null || !Number.isFinite(value)) return csvNumber('');
  return csvNumber(metricFormat(unit, false).format(value));
}

/**
 * A metric's value as cards, chart tooltips and the report mail show it: the number of formatMetricNumber
 * followed by the unit. '-' when absent.
 */
export function formatMetricValue(value: number | null | undefined, unit: string): string {
  if (value == null || !Number.isFinite(value)) return NO_VALUE;
  return `${formatMetricNumber(value, unit)}${unit}`;
}

const TEN_THOUSAND = 10_000;
const HUNDRED_MILLION = 100_000_000;

/**
 * A number in Japanese units: 1.2億 from a hundred million, 12.3万 from ten thousand, otherwise
 * the number (at most one decimal). A value that rounds up to the next unit takes it (99,999,999
 * is 1億, not 10,000万).
 */
export function formatCompactNumber(value: number): string {
  const size = Math.abs(value);
  if (roundTo(size / TEN_THOUSAND, 1) >= TEN_THOUSAND) {
    return `${formatNumber(roundTo(value / HUNDRED_MILLION, 1), 1)}億`;
  }
  if (roundTo(size, 1) >= TEN_THOUSAND) {
    return `${formatNumber(roundTo(value / TEN_THOUSAND, 1), 1)}万`;
  }
  return formatNumber(value, 1);
}

/**
 * A value-axis tick of a chart of a metric in `unit`: rates as percentages (12.5%), anything
 * else in 万 and 億 with the unit left to the axis name.
 */
export function formatAxisTick(value: number, unit: string): string {
  if (unit === RATE_UNIT) return `${formatNumber(value, 1)}${RATE_UNIT}`;
  return formatCompactNumber(value);
}

/** The name of a value axis: the unit, except for rates, whose ticks carry it. */
export function axisUnitName(unit: string): string {
  return unit === RATE_UNIT ? '' : unit;
}

/** How a change is measured: a rate's in points (pt), an amount's or a count's in percent. */
export type ChangeUnit = 'pt' | '%';

/** The unit of a metric's change: pt for a rate (its unit is %), % for anything else. */
export function changeUnitOf(unit: string): ChangeUnit {
  return unit === RATE_UNIT ? 'pt' : '%';
}

/** A metric's change against its comparison, in the unit a manager reads it in. */
export interface MetricChange {
  /** One decimal; null when either side has no value (or, in %, the comparison is zero). */
  change: number | null;
  changeUnit: ChangeUnit;
}

/**
 * The change of a metric's value against its comparison: a rate's as the difference in points
 * (89.8 % against 88.8 % is +1.0pt), an amount's or a count's relative, in percent.
 */
export function metricChange(
  unit: string,
  base: number | null | undefined,
  comparison: number | null | undefined,
): MetricChange {
  const changeUnit = changeUnitOf(unit);
  if (changeUnit === '%') return { change: percentChange(base, comparison), changeUnit };
  const change = base == null || comparison == null ? null : roundTo(base - comparison, 1);
  return { change, changeUnit };
}

/**
 * A change in a CSV cell: the number alone with one decimal (its unit is in the column header,
 * see changeColumnHeader), so that a spreadsheet reads a number; empty for no value.
 */
export function formatChangeCsv({ change }: MetricChange): CsvNumberText {
  return csvNumber(change === null || !Number.isFinite(change) ? '' : change.toFixed(1));
}

/** '+1.0pt', '-2.3%', '0.0%'; '-' for no change value. */
export function formatChange({ change, changeUnit }: MetricChange): string {
  if (change === null || !Number.isFinite(change)) return NO_VALUE;
  const sign = change > 0 ? '+' : '';
  return `${sign}${change.toFixed(1)}${changeUnit}`;
}

/** A metric's base and comparison totals and their change, as written wherever they are shown. */
export interface MetricTotalsText {
  base: string;
  comparison: string;
  /** '+5.3%', '+1.0pt', '-2.0%', '0.0%', or '-' (also when the comparison is incomplete). */
  change: string;
  /** The note shown beside a comparison whose stores have no data for part of its period. */
  note: string | null;
}

/**
 * The figures of one metric against its comparison: the dashboard card, the scorecard, the
 * analysis tables and the report mail all write them with this, so a figure reads the same in
 * each. A comparison period whose stores lack data for part of it (`comparisonComplete` false)
 * is marked and its change not written as a number.
 */
export function metricTotalsText(
  unit: string,
  base: number | null | undefined,
  comparison: number | null | undefined,
  comparisonComplete = true,
): MetricTotalsText {
  return {
    base: formatMetricValue(base, unit),
    comparison: formatMetricValue(comparison, unit),
    change: comparisonComplete ? formatChange(metricChange(unit, base, comparison)) : NO_VALUE,
    note: comparisonComplete ? null : MESSAGES.comparisonIncomplete,
  };
}

/**
 * Change of a base total against its comparison total in percent, rounded to one decimal;
 * null when the comparison is zero or absent.
 */
export function percentChange(
  base: number | null | undefined,
  comparison: number | null | undefined,
): number | null {
  if (base == null || comparison == null || comparison === 0) return null;
  return roundTo(((base - comparison) / Math.abs(comparison)) * 100, 1);
}

/** How many steps a value axis is divided into, about. */
const AXIS_STEPS = 6;

/**
 * The step of a value axis whose largest value is `max`: about a sixth of it, rounded to 1, 2 or
 * 5 × 10ⁿ, so that ticks read 20万, 40万, 60万 instead of 19.2万, 38.5万. 1 for an empty axis.
 */
export function niceAxisStep(max: number): number {
  const size = Math.abs(max);
  if (!Number.isFinite(size) || size === 0) return 1;
  const raw = size / AXIS_STEPS;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** Top-chart bar label: at most 13 characters, then an ellipsis. */
export function truncateBarLabel(label: string): string {
  const chars = Array.from(label);
  return chars.length > BAR_LABEL_MAX_LENGTH
    ? `${chars.slice(0, BAR_LABEL_MAX_LENGTH).join('')}…`
    : label;
}

/** A ranked category with its count in full-width brackets, e.g. 〇〇クリニック（1,234）. */
export function categoryRankLabel(name: string, count: number): string {
  return `${name}（${formatNumber(count, 0)}）`;
}

/** Count in a map marker card: "N 人", or ー when missing. */
export function formatPersonCount(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return MISSING_COUNT;
  return `${formatNumber(value, 0)} 人`;
}
