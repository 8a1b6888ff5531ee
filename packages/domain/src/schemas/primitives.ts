import { z } from 'zod';
import { INPUT_LIMITS } from '../constants.ts';
import { CONTROL_CHARACTER } from '../file-format.ts';
import { INPUT_MESSAGES, V } from '../messages.ts';

/**
 * The building blocks of every request schema: text without control characters, ids and
 * integers within their column range, calendar dates, codes and code lists. Each refuses with a
 * Japanese message and stops the field's remaining checks, so a field reports one message.
 */

export const stop = (error: string) => ({ error, abort: true });

const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const TAB = 0x09;

const isControl = (code: number) => CONTROL_CHARACTER.test(String.fromCharCode(code));
const isLineBreakOrTab = (code: number) =>
  code === LINE_FEED || code === CARRIAGE_RETURN || code === TAB;
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Whether a string is text a person can have typed: no NUL or other control character (line
 * breaks and tabs only in multi-line text) and no half of a surrogate pair.
 */
export function isSafeText(value: string, options: { multiline?: boolean } = {}): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (isControl(code) && !(options.multiline && isLineBreakOrTab(code))) return false;
    if (isHighSurrogate(code)) {
      if (!isLowSurrogate(value.charCodeAt(i + 1))) return false;
      i++;
    } else if (isLowSurrogate(code)) {
      return false;
    }
  }
  return true;
}

export interface TextOptions {
  /** Message for a value that is not a string at all (missing, number, …). */
  typeError?: string;
  /** Allows line breaks and tabs. */
  multiline?: boolean;
}

/**
 * A string whose first check refuses control characters. Every text field of a request starts
 * here; the caller adds its own length and format checks.
 */
export function text(options: TextOptions = {}) {
  return z
    .string({ error: options.typeError ?? INPUT_MESSAGES.text })
    .refine((value) => isSafeText(value, options), stop(INPUT_MESSAGES.controlCharacters));
}

/**
 * Text of at most `max` characters (a cap even where the spec gives none), named `label` in the
 * message when it has a name.
 */
export function boundedText(
  options: TextOptions & { max?: number; label?: string } = {},
): z.ZodString {
  const max = options.max ?? INPUT_LIMITS.textMax;
  const tooLong = options.label ? V.maxLength(options.label, max) : INPUT_MESSAGES.tooLong(max);
  return text(options).max(max, stop(tooLong));
}

/** Plain decimal digits without sign or leading zero: no hex, exponent, spaces or fractions. */
const POSITIVE_DECIMAL = /^[1-9][0-9]*$/;
const DECIMAL = /^(0|[1-9][0-9]*)$/;

/**
 * An integer written in a path or query string, as plain decimal digits, within min..max; the
 * output is a number. `error` replaces the message naming the range.
 */
export function decimalInteger(options: {
  label: string;
  min: number;
  max: number;
  error?: string;
}) {
  const message =
    options.error ?? INPUT_MESSAGES.integerRange(options.label, options.min, options.max);
  const pattern = options.min > 0 ? POSITIVE_DECIMAL : DECIMAL;
  const maxDigits = String(options.max).length;
  return z
    .string({ error: message })
    .max(maxDigits, stop(message))
    .regex(pattern, stop(message))
    .refine((value) => Number(value) >= options.min && Number(value) <= options.max, stop(message))
    .transform(Number);
}

/** The id of a row in a path or query string: decimal digits, 1..2147483647. */
export function idParam(label: string) {
  return decimalInteger({ label, min: 1, max: INPUT_LIMITS.int4Max });
}

/**
 * An integer of a JSON body within min..max (by default an id: 1..2147483647); `error` for
 * anything else, such as a select left empty.
 */
export function integer(options: { error: string; min?: number; max?: number }) {
  const { error, min = 1, max = INPUT_LIMITS.int4Max } = options;
  return z.number({ error }).int(stop(error)).min(min, stop(error)).max(max, stop(error));
}

/** A prefecture of a JSON body (1..47); `error` is the form's "select a prefecture" message. */
export function prefectureId(error: string) {
  return integer({ error, max: INPUT_LIMITS.prefectureCount });
}

/** A code of digits (store code, corporation code) of at most `maxDigits` digits. */
export function decimalCode(
  label: string,
  maxDigits: number,
  digitsMessage: string = V.digitsOnly,
) {
  return text({ typeError: digitsMessage })
    .max(maxDigits, stop(V.maxLength(label, maxDigits)))
    .regex(/^[0-9]+$/, stop(digitsMessage));
}

/** Store codes joined with commas ('' for none), as the browser sends them. */
export function storeCodeList(options: { label: string; requiredMessage?: string }) {
  const message = INPUT_MESSAGES.codeList(options.label);
  const code = `[0-9]{1,${INPUT_LIMITS.storeCodeDigits}}`;
  const list = text({ typeError: message }).max(
    INPUT_LIMITS.storeCodesMax,
    stop(INPUT_MESSAGES.tooLong(INPUT_LIMITS.storeCodesMax)),
  );
  const required = options.requiredMessage ? list.min(1, stop(options.requiredMessage)) : list;
  return required.regex(new RegExp(`^(${code}(,${code})*)?$`), stop(message));
}

const DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

/** Whether y-m-d names a day of the calendar (m 1-based). */
function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** A yyyy-MM-dd calendar date of the years 1900 to 2100. */
export function calendarDate() {
  const { dateYearMin: min, dateYearMax: max } = INPUT_LIMITS;
  const parts = (value: string) =>
    DATE.exec(value)!.slice(1).map(Number) as [number, number, number];
  return z
    .string({ error: INPUT_MESSAGES.date })
    .regex(DATE, stop(INPUT_MESSAGES.date))
    .refine(
      (value) => {
        const [year] = parts(value);
        return year >= min && year <= max;
      },
      stop(INPUT_MESSAGES.dateRange(min, max)),
    )
    .refine((value) => isCalendarDay(...parts(value)), stop(INPUT_MESSAGES.date));
}

/** A URL-safe token of an e-mailed or unsubscribe link. */
export function linkToken() {
  return z
    .string({ error: V.required })
    .min(1, stop(V.required))
    .max(INPUT_LIMITS.tokenMax, stop(INPUT_MESSAGES.invalidLink))
    .regex(/^[A-Za-z0-9_.-]+$/, stop(INPUT_MESSAGES.invalidLink));
}
