import { TZDate } from '@date-fns/tz';
import {
  addYears,
  differenceInCalendarDays,
  differenceInCalendarMonths,
  eachMonthOfInterval,
  eachYearOfInterval,
  endOfMonth,
  endOfYear,
  format,
  startOfMonth,
  startOfYear,
  subDays,
  subMonths,
  subYears,
} from 'date-fns';
import { FORM_MESSAGES } from './messages.ts';
import type { PlanCode } from './plans.ts';
import {
  AXIS_MAX_YEARS,
  COMPARISON_TYPES,
  DAILY_AXIS_MAX_DAYS,
  DATE_FORMAT,
  DURATION_PRESETS,
  FISCAL_YEAR_START_MONTH,
  FREE_PLAN_CALENDAR_MONTHS,
  LAST_12_MONTHS_DAYS,
  PERIOD_EARLIEST_DATE,
  PERIOD_LATEST_DATE,
  TIME_AXES,
  durationPresetsForPlan,
  timeAxis,
  type ComparisonTypeValue,
  type DurationPresetKey,
  type DurationPresetValue,
  type TimeAxisKey,
  type TimeAxisValue,
} from './periods.ts';

/** A period of Japan dates (yyyy-MM-dd), both ends included. */
export interface DateRange {
  from: string;
  to: string;
}

/** Validation errors of a period draft, by the field that shows them. */
export interface PeriodErrors {
  from?: string;
  to?: string;
  form?: string;
}

/** Day-of-week buckets, Monday first. */
export const DAY_OF_WEEK_BUCKETS = ['月', '火', '水', '木', '金', '土', '日'] as const;

/** Separator of the two dates in a period text. */
export const PERIOD_TEXT_SEPARATOR = '〜';

const PERIOD_TEXT_DATE_FORMAT = 'yyyy/MM/dd';
const YEAR_FORMAT = 'yyyy';
const MONTH_FORMAT = 'yyyy-MM';

/**
 * The strings are already Japan calendar dates, so the arithmetic runs on a UTC calendar: it
 * then depends neither on the host's time zone nor on historic offsets of any zone.
 */
const CALENDAR_ZONE = 'UTC';
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const TIME_AXIS_KEYS = new Map<number, TimeAxisKey>(TIME_AXES.map((a) => [a.value, a.key]));
const COMPARISON_KEYS = new Map<number, string>(COMPARISON_TYPES.map((c) => [c.value, c.key]));
const CUSTOM_PRESET = DURATION_PRESETS.find((p) => p.key === 'custom')!.value;

type Day = TZDate;

/** The date of a yyyy-MM-dd string, or null when it is not a real calendar date. */
function parseDay(value: string | null | undefined): Day | null {
  if (typeof value !== 'string') return null;
  const match = DATE_PATTERN.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = new TZDate(2000, 0, 1, CALENDAR_ZONE);
  date.setFullYear(year, month, day); // setFullYear keeps years below 100 as they are
  const valid = date.getFullYear() === year && date.getMonth() === month && date.getDate() === day;
  return valid ? date : null;
}

function requireDay(value: string, name: string): Day {
  const date = parseDay(value);
  if (!date) throw new RangeError(`${name} is not a yyyy-MM-dd calendar date: ${String(value)}`);
  return date;
}

function requireRange(range: DateRange): { from: Day; to: Day } {
  return { from: requireDay(range.from, 'from'), to: requireDay(range.to, 'to') };
}

function toText(date: Day): string {
  return format(date, DATE_FORMAT);
}

function toRange(from: Day, to: Day): DateRange {
  return { from: toText(from), to: toText(to) };
}

function requireAxis(axis: TimeAxisValue): TimeAxisKey {
  const key = TIME_AXIS_KEYS.get(axis);
  if (!key) throw new RangeError(`Unknown time axis: ${String(axis)}`);
  return key;
}

/** First day of the fiscal year (April–March) that `date` falls in. */
function fiscalYearStart(date: Day): Day {
  const startMonth = FISCAL_YEAR_START_MONTH - 1;
  const year = date.getMonth() >= startMonth ? date.getFullYear() : date.getFullYear() - 1;
  const start = new TZDate(2000, 0, 1, CALENDAR_ZONE);
  start.setFullYear(year, startMonth, 1);
  return start;
}

/** The `days` days ending yesterday. */
function daysEndingYesterday(today: Day, days: number): DateRange {
  return toRange(subDays(today, days), subDays(today, 1));
}

/** Range of a preset on `today` (yyyy-MM-dd, Japan). Throws for 'custom'. */
export function presetRange(
  preset: Exclude<DurationPresetKey, 'custom'>,
  today: string,
): DateRange {
  const day = requireDay(today, 'today');
  const key = preset as DurationPresetKey; // widened: callers may still pass custom at runtime
  switch (key) {
    case 'thisMonth':
      return toRange(startOfMonth(day), day);
    case 'lastMonth': {
      const lastMonth = subMonths(day, 1);
      return toRange(startOfMonth(lastMonth), endOfMonth(lastMonth));
    }
    case 'last7Days':
      return daysEndingYesterday(day, 7);
    case 'last30Days':
      return daysEndingYesterday(day, 30);
    case 'last90Days':
      return daysEndingYesterday(day, 90);
    case 'last12Months':
      return daysEndingYesterday(day, LAST_12_MONTHS_DAYS);
    case 'thisYear':
      return toRange(startOfYear(day), day);
    case 'lastYear': {
      const lastYear = subYears(day, 1);
      return toRange(startOfYear(lastYear), endOfYear(lastYear));
    }
    case 'thisFiscalYear':
      return toRange(fiscalYearStart(day), day);
    case 'lastFiscalYear': {
      const start = fiscalYearStart(day);
      return toRange(subYears(start, 1), subDays(start, 1));
    }
    case 'custom':
      throw new RangeError('The custom preset has no range of its own');
    default:
      throw new RangeError(`Unknown duration preset: ${String(key satisfies never)}`);
  }
}

/** Whether a range starts on a month's first day and ends on a month's last day. */
const isWholeMonths = (from: Date, to: Date): boolean =>
  from.getDate() === 1 && differenceInCalendarDays(endOfMonth(to), to) === 0;

/** Comparison range for a base range: 1 previous period, 2 previous year. */
export function comparisonRange(base: DateRange, type: ComparisonTypeValue): DateRange {
  const { from, to } = requireRange(base);
  if (from > to)
    throw new RangeError(`The base range ends before it starts: ${base.from}〜${base.to}`);
  switch (COMPARISON_KEYS.get(type)) {
    case 'previousPeriod': {
      // Whole calendar months compare with as many whole months just before (October with
      // September), as a monthly review reads 前月; any other span with as many days.
      if (isWholeMonths(from, to)) {
        const months = differenceInCalendarMonths(to, from) + 1;
        return toRange(subMonths(from, months), endOfMonth(subMonths(to, months)));
      }
      const days = differenceInCalendarDays(to, from) + 1;
      return toRange(subDays(from, days), subDays(from, 1));
    }
    case 'previousYear':
      // subYears clamps 29 February to 28 February.
      return toRange(subYears(from, 1), subYears(to, 1));
    default:
      throw new RangeError(`Unknown comparison type: ${String(type)}`);
  }
}

/** The calendar months a range touches, each as the part of it the range holds. */
export function monthsOfRange(range: DateRange): DateRange[] {
  const { from, to } = requireRange(range);
  if (from > to) return [];
  return eachMonthOfInterval({ start: from, end: to }).map((month) => {
    const end = endOfMonth(month);
    return toRange(month < from ? from : month, end > to ? to : end);
  });
}

/** Days in the range, both ends included. */
export function daysInRange(range: DateRange): number {
  const { from, to } = requireRange(range);
  return Math.max(0, differenceInCalendarDays(to, from) + 1);
}

/** Earliest date the free plan's calendar allows on `today`. */
export function freePlanEarliestDate(today: string): string {
  return toText(subMonths(requireDay(today, 'today'), FREE_PLAN_CALENDAR_MONTHS));
}

/** Which preset (value) a range equals on `today`, or 99 (custom) when none. Ties: the first in DURATION_PRESETS order. */
export function presetOfRange(
  range: DateRange,
  today: string,
  plan?: PlanCode,
): DurationPresetValue {
  requireDay(today, 'today');
  if (!parseDay(range.from) || !parseDay(range.to)) return CUSTOM_PRESET;
  const presets = plan ? durationPresetsForPlan(plan) : DURATION_PRESETS;
  for (const preset of presets) {
    if (preset.key === 'custom') continue;
    const candidate = presetRange(preset.key, today);
    if (candidate.from === range.from && candidate.to === range.to) return preset.value;
  }
  return CUSTOM_PRESET;
}

const inCalendar = (date: string) => date >= PERIOD_EARLIEST_DATE && date <= PERIOD_LATEST_DATE;
const LONGEST_YEARS = Math.max(...Object.values(AXIS_MAX_YEARS));

/** The length message of a period on an axis (or on none), or undefined when it is not too long. */
function lengthError(from: Day, to: Day, axis: TimeAxisValue | undefined): string | undefined {
  const key = axis === undefined ? undefined : TIME_AXIS_KEYS.get(axis);
  if (key === 'daily') {
    const tooLong = differenceInCalendarDays(to, from) + 1 > DAILY_AXIS_MAX_DAYS;
    return tooLong ? FORM_MESSAGES.dailyAxisTooLong : undefined;
  }
  const years = key === undefined ? LONGEST_YEARS : AXIS_MAX_YEARS[key];
  if (to < addYears(from, years)) return undefined;
  const text = TIME_AXES.find((a) => a.key === key)?.text;
  return FORM_MESSAGES.periodTooLong(years, text);
}

/**
 * Validation of a period draft (spec messages). Empty object when valid. Dates lie within
 * PERIOD_EARLIEST_DATE..PERIOD_LATEST_DATE, and the period within its axis' length: at most
 * DAILY_AXIS_MAX_DAYS days on the daily axis, AXIS_MAX_YEARS years on the others.
 */
export function validatePeriod(
  draft: { from: string | null; to: string | null },
  options: { timeAxis?: TimeAxisValue; changed?: 'from' | 'to' } = {},
): PeriodErrors {
  const from = parseDay(draft.from);
  const to = parseDay(draft.to);
  if (!from || !to) return { form: FORM_MESSAGES.periodBothRequired };
  const outside: PeriodErrors = {
    ...(inCalendar(draft.from!) ? {} : { from: FORM_MESSAGES.periodOutOfRange }),
    ...(inCalendar(draft.to!) ? {} : { to: FORM_MESSAGES.periodOutOfRange }),
  };
  if (outside.from || outside.to) return outside;
  if (from > to) {
    return options.changed === 'to'
      ? { to: FORM_MESSAGES.periodEndBeforeStart }
      : { from: FORM_MESSAGES.periodStartAfterEnd };
  }
  const tooLong = lengthError(from, to, options.timeAxis);
  return tooLong ? { form: tooLong } : {};
}

/** Japanese text of a period, e.g. '2026/11/14〜2026/11/20' (one date alone when from === to). */
export function periodText(range: DateRange): string {
  const { from, to } = requireRange(range);
  const fromText = format(from, PERIOD_TEXT_DATE_FORMAT);
  if (range.from === range.to) return fromText;
  return `${fromText}${PERIOD_TEXT_SEPARATOR}${format(to, PERIOD_TEXT_DATE_FORMAT)}`;
}

/** The buckets of a range on a time axis: yearly 'yyyy', monthly 'yyyy-MM', daily 'yyyy-MM-dd' (every bucket, continuous), day of week ['月','火','水','木','金','土','日'] always all seven. */
export function periodBuckets(range: DateRange, axis: TimeAxisValue): string[] {
  const key = requireAxis(axis);
  // Hundreds of days: plain arithmetic, which checks the dates too (date-fns' zoned dates cost a
  // quarter of a millisecond before the first bucket).
  if (key === 'daily') return daysWithBuckets(range, axis).days;
  const { from, to } = requireRange(range);
  if (key === 'dayOfWeek') return [...DAY_OF_WEEK_BUCKETS];
  if (from > to) return [];
  const interval = { start: from, end: to };
  switch (key) {
    case 'yearly':
      return eachYearOfInterval(interval).map((d) => format(d, YEAR_FORMAT));
    case 'monthly':
      return eachMonthOfInterval(interval).map((d) => format(d, MONTH_FORMAT));
    default:
      throw new RangeError(`Unknown time axis: ${String(key satisfies never)}`);
  }
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * Bucket label of a UTC calendar day on an axis. Plain arithmetic rather than date-fns: labelling
 * every day of a long period must take microseconds a day.
 */
function label(day: Date, key: TimeAxisKey): string {
  const year = pad(day.getUTCFullYear(), 4);
  switch (key) {
    case 'yearly':
      return year;
    case 'monthly':
      return `${year}-${pad(day.getUTCMonth() + 1, 2)}`;
    case 'daily':
      return `${year}-${pad(day.getUTCMonth() + 1, 2)}-${pad(day.getUTCDate(), 2)}`;
    case 'dayOfWeek':
      return DAY_OF_WEEK_BUCKETS[(day.getUTCDay() + 6) % 7]!; // Monday first
    default:
      throw new RangeError(`Unknown time axis: ${String(key satisfies never)}`);
  }
}

/** The UTC calendar day of a yyyy-MM-dd string; throws when it is not a real date. */
function utcDay(value: string, name: string): Date {
  const match = DATE_PATTERN.exec(value);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
    const date = new Date(0);
    date.setUTCFullYear(year, month, day); // keeps years below 100 as they are
    if (date.getUTCMonth() === month && date.getUTCDate() === day) return date;
  }
  throw new RangeError(`${name} is not a yyyy-MM-dd calendar date: ${String(value)}`);
}

/** Display text of a bucket: 2026/11/14, 2026/11, 2026年, 月. */
export function bucketText(bucket: string, axis: TimeAxisValue): string {
  if (axis === timeAxis('yearly').value) return `${bucket}年`;
  if (axis === timeAxis('dayOfWeek').value) return bucket;
  return bucket.replaceAll('-', '/');
}

/** Bucket label of one date on an axis (same formats as periodBuckets). */
export function bucketOf(date: string, axis: TimeAxisValue): string {
  return bucketOfDay(utcDay(date, 'date'), axis);
}

/** Bucket label of one UTC calendar day (a Date at its midnight) on an axis. */
export function bucketOfDay(day: Date, axis: TimeAxisValue): string {
  return label(day, requireAxis(axis));
}

/** Every day of a range (yyyy-MM-dd) with its bucket label on an axis, in order. */
export function daysWithBuckets(
  range: DateRange,
  axis: TimeAxisValue,
): { days: string[]; buckets: string[] } {
  const key = requireAxis(axis);
  const last = utcDay(range.to, 'to').getTime();
  const days: string[] = [];
  const buckets: string[] = [];
  for (const day = utcDay(range.from, 'from'); day.getTime() <= last;) {
    days.push(label(day, 'daily'));
    buckets.push(label(day, key));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return { days, buckets };
}
