/** Calendar helpers shared by the parsers. Dates are plain strings (yyyy-MM-dd, yyyy-MM). */

const pad2 = (n: number): string => String(n).padStart(2, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** yyyy-MM-dd when the parts form a real calendar date, else null. */
export function formatDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** yyyy-MM when the month is 1–12, else null. */
export function formatMonth(year: number, month: number): string | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) return null;
  return `${String(year).padStart(4, '0')}-${pad2(month)}`;
}

/** Strict `YYYY-MM-DD` with a year in [minYear, maxYear]. */
export function parseIsoDate(value: string, minYear = 1900, maxYear = 2099): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  if (year < minYear || year > maxYear) return null;
  return formatDate(year, Number(m[2]), Number(m[3]));
}

/** Strict `YYYY-MM` with a year in [minYear, maxYear]. */
export function parseIsoMonth(value: string, minYear = 1868, maxYear = 2099): string | null {
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  if (year < minYear || year > maxYear) return null;
  return formatMonth(year, Number(m[2]));
}

/**
 * 元号 codes of the receipt files (別表4 年号区分) and the offset that turns the era year into
 * the Gregorian year: 1 明治 +1867, 2 大正 +1911, 3 昭和 +1925, 4 平成 +1988, 5 令和 +2018.
 */
export const ERA_OFFSETS: Readonly<Record<string, number>> = {
  '1': 1867,
  '2': 1911,
  '3': 1925,
  '4': 1988,
  '5': 2018,
};

function eraYear(era: string, yy: string): number | null {
  const offset = ERA_OFFSETS[era];
  const n = Number(yy);
  if (offset === undefined || n < 1) return null;
  return offset + n;
}

/**
 * A receipt-file date: 8 digits = 西暦 YYYYMMDD, 7 digits = 和暦 GYYMMDD (G = 元号 code).
 * Answers yyyy-MM-dd or null.
 */
export function parseUkeDate(value: string): string | null {
  if (/^\d{8}$/.test(value)) {
    const year = Number(value.slice(0, 4));
    if (year < 1868) return null;
    return formatDate(year, Number(value.slice(4, 6)), Number(value.slice(6, 8)));
  }
  if (/^\d{7}$/.test(value)) {
    const year = eraYear(value.slice(0, 1), value.slice(1, 3));
    if (year === null) return null;
    return formatDate(year, Number(value.slice(3, 5)), Number(value.slice(5, 7)));
  }
  return null;
}

/** A receipt-file month: 6 digits = 西暦 YYYYMM, 5 digits = 和暦 GYYMM. Answers yyyy-MM or null. */
export function parseUkeMonth(value: string): string | null {
  if (/^\d{6}$/.test(value)) {
    const year = Number(value.slice(0, 4));
    if (year < 1868) return null;
    return formatMonth(year, Number(value.slice(4, 6)));
  }
  if (/^\d{5}$/.test(value)) {
    const year = eraYear(value.slice(0, 1), value.slice(1, 3));
    if (year === null) return null;
    return formatMonth(year, Number(value.slice(3, 5)));
  }
  return null;
}

/**
 * A day column of a receipt (CZ 調剤月日, KI 算定日) read against the claim's 調剤年月 (yyyy-MM).
 * Current files write a full date (YYYYMMDD, or GYYMMDD in old files); some writers put only the
 * day (D or DD) or the month and day (MMDD). Answers yyyy-MM-dd, or null when the value is not a
 * date or falls outside the claim month.
 */
export function parseUkeDayInMonth(value: string, claimMonth: string): string | null {
  let date: string | null;
  if (/^\d{1,2}$/.test(value)) {
    date = formatDate(
      Number(claimMonth.slice(0, 4)),
      Number(claimMonth.slice(5, 7)),
      Number(value),
    );
  } else if (/^\d{4}$/.test(value)) {
    date = formatDate(
      Number(claimMonth.slice(0, 4)),
      Number(value.slice(0, 2)),
      Number(value.slice(2, 4)),
    );
  } else {
    date = parseUkeDate(value);
  }
  if (date === null || date.slice(0, 7) !== claimMonth) return null;
  return date;
}
