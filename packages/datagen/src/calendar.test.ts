import { describe, expect, it } from 'vitest';
import {
  addMonthsToDay,
  dayNumber,
  isJapaneseHoliday,
  isoOfDay,
  isPharmacyClosedDay,
  japaneseHolidayName,
  japaneseHolidaysOf,
  monthIndexOfDay,
  packedDateOfDay,
  weekdayOfDay,
} from './calendar.ts';

/** The national holidays of 2024–2027 as the Cabinet Office (内閣府「国民の祝日について」) lists them. */
const HOLIDAYS: Record<number, string[]> = {
  2024: [
    '2024-01-01',
    '2024-01-08',
    '2024-02-11',
    '2024-02-12',
    '2024-02-23',
    '2024-03-20',
    '2024-04-29',
    '2024-05-03',
    '2024-05-04',
    '2024-05-05',
    '2024-05-06',
    '2024-07-15',
    '2024-08-11',
    '2024-08-12',
    '2024-09-16',
    '2024-09-22',
    '2024-09-23',
    '2024-10-14',
    '2024-11-03',
    '2024-11-04',
    '2024-11-23',
  ],
  2025: [
    '2025-01-01',
    '2025-01-13',
    '2025-02-11',
    '2025-02-23',
    '2025-02-24',
    '2025-03-20',
    '2025-04-29',
    '2025-05-03',
    '2025-05-04',
    '2025-05-05',
    '2025-05-06',
    '2025-07-21',
    '2025-08-11',
    '2025-09-15',
    '2025-09-23',
    '2025-10-13',
    '2025-11-03',
    '2025-11-23',
    '2025-11-24',
  ],
  2026: [
    '2026-01-01',
    '2026-01-12',
    '2026-02-11',
    '2026-02-23',
    '2026-03-20',
    '2026-04-29',
    '2026-05-03',
    '2026-05-04',
    '2026-05-05',
    '2026-05-06',
    '2026-07-20',
    '2026-08-11',
    '2026-09-21',
    '2026-09-22',
    '2026-09-23',
    '2026-10-12',
    '2026-11-03',
    '2026-11-23',
  ],
  2027: [
    '2027-01-01',
    '2027-01-11',
    '2027-02-11',
    '2027-02-23',
    '2027-03-21',
    '2027-03-22',
    '2027-04-29',
    '2027-05-03',
    '2027-05-04',
    '2027-05-05',
    '2027-07-19',
    '2027-08-11',
    '2027-09-20',
    '2027-09-23',
    '2027-10-11',
    '2027-11-03',
    '2027-11-23',
  ],
};

describe('japanese holidays', () => {
  it.each(Object.keys(HOLIDAYS).map(Number))('lists exactly the holidays of %i', (year) => {
    const actual = [...japaneseHolidaysOf(year).keys()].map(isoOfDay);
    expect(actual).toEqual(HOLIDAYS[year]);
  });

  it('names the days', () => {
    expect(japaneseHolidayName('2024-01-08')).toBe('成人の日');
    expect(japaneseHolidayName('2025-03-20')).toBe('春分の日');
    expect(japaneseHolidayName('2027-03-21')).toBe('春分の日');
    expect(japaneseHolidayName('2024-09-22')).toBe('秋分の日');
    expect(japaneseHolidayName('2026-09-23')).toBe('秋分の日');
    expect(japaneseHolidayName('2026-10-12')).toBe('スポーツの日');
    expect(japaneseHolidayName('2025-02-23')).toBe('天皇誕生日');
  });

  it('moves a Sunday holiday to the next free day (振替休日)', () => {
    expect(japaneseHolidayName('2024-02-12')).toBe('休日'); // 建国記念の日 on a Sunday
    expect(japaneseHolidayName('2025-05-06')).toBe('休日'); // みどりの日 (Sun) → after こどもの日
    expect(japaneseHolidayName('2027-03-22')).toBe('休日'); // 春分の日 on a Sunday
    expect(isJapaneseHoliday('2026-05-07')).toBe(false);
  });

  it('makes a day between two holidays a holiday (国民の休日)', () => {
    expect(japaneseHolidayName('2026-09-22')).toBe('休日');
    expect(isJapaneseHoliday('2027-09-21')).toBe(false);
    expect(isJapaneseHoliday('2027-09-22')).toBe(false);
  });

  it('knows ordinary days', () => {
    for (const day of ['2024-12-30', '2025-01-02', '2026-06-01', '2026-11-20', '2027-12-31']) {
      expect(isJapaneseHoliday(day)).toBe(false);
    }
  });
});

describe('pharmacy closing days', () => {
  it('closes Sundays, holidays and 12/29–1/3', () => {
    const closed = (iso: string) => isPharmacyClosedDay(dayNumber(iso));
    expect(closed('2026-11-22')).toBe(true); // Sunday
    expect(closed('2026-11-23')).toBe(true); // 勤労感謝の日
    expect(closed('2026-12-29')).toBe(true);
    expect(closed('2027-01-03')).toBe(true);
    expect(closed('2027-01-04')).toBe(false);
    expect(closed('2026-11-21')).toBe(false); // Saturday
    expect(closed('2026-06-01')).toBe(false);
  });
});

describe('day numbers', () => {
  it('round-trips dates and knows weekdays', () => {
    for (const iso of ['1970-01-01', '2024-02-29', '2026-06-01', '2099-12-31']) {
      expect(isoOfDay(dayNumber(iso))).toBe(iso);
    }
    expect(weekdayOfDay(dayNumber('2026-11-20'))).toBe(5);
    expect(weekdayOfDay(dayNumber('2024-01-07'))).toBe(0);
    expect(() => dayNumber('2026-02-30')).toThrow();
  });

  it('computes civil dates without Date objects', () => {
    for (let n = dayNumber('1999-12-25'); n < dayNumber('2031-01-10'); n += 13) {
      const iso = isoOfDay(n);
      expect(packedDateOfDay(n)).toBe(Number(iso.replaceAll('-', '')));
      expect(monthIndexOfDay(n)).toBe(Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1);
    }
  });

  it('adds calendar months, clamping to the month end', () => {
    expect(isoOfDay(addMonthsToDay(dayNumber('2026-05-31'), -3))).toBe('2026-02-28');
    expect(isoOfDay(addMonthsToDay(dayNumber('2024-11-20'), 24))).toBe('2026-11-20');
  });
});
