/**
 * Dates as day numbers (days since 1970-01-01, UTC, so no time zone enters) and the Japanese
 * national holidays (国民の祝日に関する法律): fixed days, ハッピーマンデー, 春分・秋分 by the
 * standard approximation formula, 振替休日 and 国民の休日. Correct from 2022 on (the special
 * Olympic dates of 2020–2021 are not modelled); tested for 2024–2027.
 */

const MS_PER_DAY = 86_400_000;

/** 'yyyy-MM-dd' → day number. Throws on a malformed date. */
export function dayNumber(iso: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new Error(`not a date: ${iso}`);
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const n = Date.UTC(y, mo - 1, d) / MS_PER_DAY;
  if (isoOfDay(n) !== iso) throw new Error(`not a date: ${iso}`);
  return n;
}

export function dayOf(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

const isoCache = new Map<number, string>();

/** Day number → 'yyyy-MM-dd'. */
export function isoOfDay(n: number): string {
  const cached = isoCache.get(n);
  if (cached !== undefined) return cached;
  const iso = new Date(n * MS_PER_DAY).toISOString().slice(0, 10);
  if (isoCache.size < 50_000) isoCache.set(n, iso);
  return iso;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOfDay(n: number): number {
  return (((n + 4) % 7) + 7) % 7;
}

export interface YearMonthDay {
  year: number;
  month: number;
  day: number;
}

/**
 * Civil date of a day number packed as year × 10000 + month × 100 + day (integer arithmetic,
 * H. Hinnant's days-to-civil algorithm; no Date objects).
 */
export function packedDateOfDay(n: number): number {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return y * 10000 + m * 100 + d;
}

export function partsOfDay(n: number): YearMonthDay {
  const packed = packedDateOfDay(n);
  return {
    year: Math.floor(packed / 10000),
    month: Math.floor(packed / 100) % 100,
    day: packed % 100,
  };
}

/** Month index (year × 12 + month − 1) of a day number. */
export function monthIndexOfDay(n: number): number {
  const packed = packedDateOfDay(n);
  return Math.floor(packed / 10000) * 12 + (Math.floor(packed / 100) % 100) - 1;
}

/** 'yyyy-MM' → month index. */
export function monthIndexOf(month: string): number {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) throw new Error(`not a month: ${month}`);
  return Number(m[1]) * 12 + Number(m[2]) - 1;
}

/** Month index → 'yyyy-MM'. */
export function monthOfIndex(index: number): string {
  const year = Math.floor(index / 12);
  return `${year}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** First day (day number) of a month index. */
export function firstDayOfMonthIndex(index: number): number {
  return dayOf(Math.floor(index / 12), (index % 12) + 1, 1);
}

/** The same day `months` calendar months later (clamped to the month's last day). */
export function addMonthsToDay(n: number, months: number): number {
  const { year, month, day } = partsOfDay(n);
  const target = year * 12 + month - 1 + months;
  const first = firstDayOfMonthIndex(target);
  const last = firstDayOfMonthIndex(target + 1) - 1;
  return Math.min(first + day - 1, last);
}

/** The same date `years` years earlier or later (29 Feb → 28 Feb). */
export function addYearsToDay(n: number, years: number): number {
  return addMonthsToDay(n, years * 12);
}

/** n-th weekday (0 = Sun … 6 = Sat) of a month. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): number {
  const first = dayOf(year, month, 1);
  const offset = (weekday - weekdayOfDay(first) + 7) % 7;
  return first + offset + (nth - 1) * 7;
}

/** 春分日 (March) by the usual approximation, valid 1980–2099. */
export function vernalEquinoxDay(year: number): number {
  const y = year - 1980;
  return Math.floor(20.8431 + 0.242194 * y - Math.floor(y / 4));
}

/** 秋分日 (September) by the usual approximation, valid 1980–2099. */
export function autumnalEquinoxDay(year: number): number {
  const y = year - 1980;
  return Math.floor(23.2488 + 0.242194 * y - Math.floor(y / 4));
}

const holidayCache = new Map<number, Map<number, string>>();

/** Every national holiday of a year: day number → name. */
export function japaneseHolidaysOf(year: number): ReadonlyMap<number, string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const base = new Map<number, string>();
  const add = (n: number, name: string) => base.set(n, name);
  add(dayOf(year, 1, 1), '元日');
  add(nthWeekday(year, 1, 1, 2), '成人の日');
  add(dayOf(year, 2, 11), '建国記念の日');
  if (year >= 2020) add(dayOf(year, 2, 23), '天皇誕生日');
  add(dayOf(year, 3, vernalEquinoxDay(year)), '春分の日');
  add(dayOf(year, 4, 29), '昭和の日');
  add(dayOf(year, 5, 3), '憲法記念日');
  add(dayOf(year, 5, 4), 'みどりの日');
  add(dayOf(year, 5, 5), 'こどもの日');
  add(nthWeekday(year, 7, 1, 3), '海の日');
  add(dayOf(year, 8, 11), '山の日');
  add(nthWeekday(year, 9, 1, 3), '敬老の日');
  add(dayOf(year, 9, autumnalEquinoxDay(year)), '秋分の日');
  add(nthWeekday(year, 10, 1, 2), year >= 2020 ? 'スポーツの日' : '体育の日');
  add(dayOf(year, 11, 3), '文化の日');
  add(dayOf(year, 11, 23), '勤労感謝の日');

  const all = new Map(base);
  // 振替休日: a holiday on a Sunday moves to the next day that is not a holiday.
  for (const n of [...base.keys()].sort((a, b) => a - b)) {
    if (weekdayOfDay(n) !== 0) continue;
    let next = n + 1;
    while (all.has(next)) next++;
    all.set(next, '休日');
  }
  // 国民の休日: a day between two holidays (not itself a holiday nor a Sunday).
  for (const n of [...base.keys()]) {
    const between = n + 1;
    if (base.has(n + 2) && !all.has(between) && weekdayOfDay(between) !== 0) {
      all.set(between, '休日');
    }
  }
  const sorted = new Map([...all.entries()].sort((a, b) => a[0] - b[0]));
  holidayCache.set(year, sorted);
  return sorted;
}

/** Name of the national holiday on a date ('休日' for 振替休日 and 国民の休日), or null. */
export function japaneseHolidayName(iso: string): string | null {
  const n = dayNumber(iso);
  return japaneseHolidaysOf(partsOfDay(n).year).get(n) ?? null;
}

export function isJapaneseHoliday(iso: string): boolean {
  return japaneseHolidayName(iso) !== null;
}

/** Holiday test by day number. */
export function isHolidayDay(n: number): boolean {
  return japaneseHolidaysOf(partsOfDay(n).year).has(n);
}

/**
 * Whether a demo pharmacy is closed: Sundays, national holidays and the year-end holidays
 * 12/29–1/3 (the days the fee schedule treats as 休日).
 */
export function isPharmacyClosedDay(n: number): boolean {
  if (weekdayOfDay(n) === 0) return true;
  const { month, day } = partsOfDay(n);
  if ((month === 12 && day >= 29) || (month === 1 && day <= 3)) return true;
  return isHolidayDay(n);
}
