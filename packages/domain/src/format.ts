import { BAR_LABEL_MAX_LENGTH } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { roundTo } from './numbers.ts';

/** Shown for a number that is absent or cannot be computed. */
export const NO_VALUE = '-';
/** Shown in map marker cards for a missing count. */
export const MISSING_COUNT = 'ー';

export const VIEWABLE_STORES_TEXT = {
  none: MESSAGES.unfilled,
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
/** Quantities of medicines and materials carry decimals (1.5 g, 0.25 mL). */
const QUANTITY_FRACTION_DIGITS = 3;
const rateFormat = new Intl.NumberFormat('ja-JP', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/**
 * The number of a metric's value, without its unit, as the cells of a table whose header names
 * the unit show it: yen and counts as integers with thousands separators, rates with one decimal,
 * quantities (no unit) with up to three. '-' when absent.
 */
export function formatMetricNumber(value: number | null | undefined, unit: string): string {
  if (value == null || !Number.isFinite(value)) return NO_VALUE;
  if (unit === RATE_UNIT) return rateFormat.format(value);
  return formatNumber(value, unit === '' ? QUANTITY_FRACTION_DIGITS : 0);
}

/**
 * A metric's value as cards, tables, charts and CSV show it: the number of formatMetricNumber
 * followed by the unit. '-' when absent.
 */
export function formatMetricValue(value: number | null | undefined, unit: string): string {
  if (value == null || !Number.isFinite(value)) return NO_VALUE;
  return `${formatMetricNumber(value, unit)}${unit}`;
}

const TEN_THOUSAND = 10_000;
const HUNDRED_MILLION = 100_000_000;

/**
 * An axis tick in Japanese units: 1.5億 from a hundred million, 12.3万 from ten thousand,
 * otherwise the number (at most one decimal).
 */
export function formatCompactNumber(value: number): string {
  const size = Math.abs(value);
  if (size >= HUNDRED_MILLION) return `${formatNumber(value / HUNDRED_MILLION, 1)}億`;
  if (size >= TEN_THOUSAND) return `${formatNumber(value / TEN_THOUSAND, 1)}万`;
  return formatNumber(value, 1);
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

/** "+5.3%", "-2.0%", "0.0%", or '-' when the comparison is zero or absent. */
export function formatPercentChange(
  base: number | null | undefined,
  comparison: number | null | undefined,
): string {
  const change = percentChange(base, comparison);
  if (change === null) return NO_VALUE;
  const sign = change > 0 ? '+' : '';
  return `${sign}${change.toFixed(1)}%`;
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
