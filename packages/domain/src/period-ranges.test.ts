import { describe, expect, it } from 'vitest';
import { FORM_MESSAGES } from './messages.ts';
import {
  DAY_OF_WEEK_BUCKETS,
  bucketOf,
  bucketOfDay,
  bucketText,
  comparisonRange,
  daysInRange,
  monthsOfRange,
  daysWithBuckets,
  freePlanEarliestDate,
  periodBuckets,
  periodText,
  presetOfRange,
  presetRange,
  validatePeriod,
  type DateRange,
} from './period-ranges.ts';
import {
  AXIS_MAX_YEARS,
  DURATION_PRESETS,
  durationPreset,
  timeAxis,
  type DurationPresetKey,
  type DurationPresetValue,
} from './periods.ts';

type PresetKey = Exclude<DurationPresetKey, 'custom'>;
const PRESET_KEYS = DURATION_PRESETS.map((p) => p.key).filter(
  (k): k is PresetKey => k !== 'custom',
);

const range = (from: string, to: string): DateRange => ({ from, to });
const YEARLY = timeAxis('yearly').value;
const MONTHLY = timeAxis('monthly').value;
const DAILY = timeAxis('daily').value;
const DAY_OF_WEEK = timeAxis('dayOfWeek').value;

describe('presetRange', () => {
  const cases: [string, Record<PresetKey, DateRange>][] = [
    [
      '2026-11-21', // an ordinary day
      {
        thisMonth: range('2026-11-01', '2026-11-21'),
        lastMonth: range('2026-10-01', '2026-10-31'),
        last7Days: range('2026-11-14', '2026-11-20'),
        last30Days: range('2026-10-22', '2026-11-20'),
        last90Days: range('2026-08-23', '2026-11-20'),
        last12Months: range('2025-11-21', '2026-11-20'),
        thisYear: range('2026-01-01', '2026-11-21'),
        lastYear: range('2025-01-01', '2025-12-31'),
        thisFiscalYear: range('2026-04-01', '2026-11-21'),
        lastFiscalYear: range('2025-04-01', '2026-03-31'),
      },
    ],
    [
      '2026-03-01', // month start, fiscal year still the previous one, February before
      {
        thisMonth: range('2026-03-01', '2026-03-01'),
        lastMonth: range('2026-02-01', '2026-02-28'),
        last7Days: range('2026-02-22', '2026-02-28'),
        last30Days: range('2026-01-30', '2026-02-28'),
        last90Days: range('2025-12-01', '2026-02-28'),
        last12Months: range('2025-03-01', '2026-02-28'),
        thisYear: range('2026-01-01', '2026-03-01'),
        lastYear: range('2025-01-01', '2025-12-31'),
        thisFiscalYear: range('2025-04-01', '2026-03-01'),
        lastFiscalYear: range('2024-04-01', '2025-03-31'),
      },
    ],
    [
      '2027-01-01', // 1 January: everything "last" is in the previous year
      {
        thisMonth: range('2027-01-01', '2027-01-01'),
        lastMonth: range('2026-12-01', '2026-12-31'),
        last7Days: range('2026-12-25', '2026-12-31'),
        last30Days: range('2026-12-02', '2026-12-31'),
        last90Days: range('2026-10-03', '2026-12-31'),
        last12Months: range('2026-01-01', '2026-12-31'),
        thisYear: range('2027-01-01', '2027-01-01'),
        lastYear: range('2026-01-01', '2026-12-31'),
        thisFiscalYear: range('2026-04-01', '2027-01-01'),
        lastFiscalYear: range('2025-04-01', '2026-03-31'),
      },
    ],
    [
      '2026-03-31', // last day of a fiscal year
      {
        thisMonth: range('2026-03-01', '2026-03-31'),
        lastMonth: range('2026-02-01', '2026-02-28'),
        last7Days: range('2026-03-24', '2026-03-30'),
        last30Days: range('2026-03-01', '2026-03-30'),
        last90Days: range('2025-12-31', '2026-03-30'),
        last12Months: range('2025-03-31', '2026-03-30'),
        thisYear: range('2026-01-01', '2026-03-31'),
        lastYear: range('2025-01-01', '2025-12-31'),
        thisFiscalYear: range('2025-04-01', '2026-03-31'),
        lastFiscalYear: range('2024-04-01', '2025-03-31'),
      },
    ],
    [
      '2026-04-01', // first day of a fiscal year
      {
        thisMonth: range('2026-04-01', '2026-04-01'),
        lastMonth: range('2026-03-01', '2026-03-31'),
        last7Days: range('2026-03-25', '2026-03-31'),
        last30Days: range('2026-03-02', '2026-03-31'),
        last90Days: range('2026-01-01', '2026-03-31'),
        last12Months: range('2025-04-01', '2026-03-31'),
        thisYear: range('2026-01-01', '2026-04-01'),
        lastYear: range('2025-01-01', '2025-12-31'),
        thisFiscalYear: range('2026-04-01', '2026-04-01'),
        lastFiscalYear: range('2025-04-01', '2026-03-31'),
      },
    ],
    [
      '2028-02-29', // leap day, in the January–March part of the fiscal year
      {
        thisMonth: range('2028-02-01', '2028-02-29'),
        lastMonth: range('2028-01-01', '2028-01-31'),
        last7Days: range('2028-02-22', '2028-02-28'),
        last30Days: range('2028-01-30', '2028-02-28'),
        last90Days: range('2027-12-01', '2028-02-28'),
        last12Months: range('2027-03-01', '2028-02-28'), // 365 days, not one calendar year
        thisYear: range('2028-01-01', '2028-02-29'),
        lastYear: range('2027-01-01', '2027-12-31'),
        thisFiscalYear: range('2027-04-01', '2028-02-29'),
        lastFiscalYear: range('2026-04-01', '2027-03-31'),
      },
    ],
    [
      '2028-03-01', // the day after a leap day
      {
        thisMonth: range('2028-03-01', '2028-03-01'),
        lastMonth: range('2028-02-01', '2028-02-29'),
        last7Days: range('2028-02-23', '2028-02-29'),
        last30Days: range('2028-01-31', '2028-02-29'),
        last90Days: range('2027-12-02', '2028-02-29'),
        last12Months: range('2027-03-02', '2028-02-29'), // 365 days over a leap day
        thisYear: range('2028-01-01', '2028-03-01'),
        lastYear: range('2027-01-01', '2027-12-31'),
        thisFiscalYear: range('2027-04-01', '2028-03-01'),
        lastFiscalYear: range('2026-04-01', '2027-03-31'),
      },
    ],
  ];

  it.each(cases)('on %s', (today, expected) => {
    for (const key of PRESET_KEYS) {
      expect([key, presetRange(key, today)]).toEqual([key, expected[key]]);
    }
  });

  it('counts 7, 30, 90 and 365 days, all ending yesterday', () => {
    for (const [today] of cases) {
      expect(daysInRange(presetRange('last7Days', today))).toBe(7);
      expect(daysInRange(presetRange('last30Days', today))).toBe(30);
      expect(daysInRange(presetRange('last90Days', today))).toBe(90);
      expect(daysInRange(presetRange('last12Months', today))).toBe(365);
    }
  });

  it('throws for the custom preset and for a malformed today', () => {
    expect(() => presetRange('custom' as PresetKey, '2026-11-21')).toThrow(RangeError);
    expect(() => presetRange('thisMonth', '2026-02-30')).toThrow(RangeError);
    expect(() => presetRange('thisMonth', '2026/11/21')).toThrow(RangeError);
  });
});

describe('comparisonRange', () => {
  it('previous period: the same number of days just before the base', () => {
    expect(comparisonRange(range('2026-11-14', '2026-11-20'), 1)).toEqual(
      range('2026-11-07', '2026-11-13'),
    );
    expect(comparisonRange(range('2026-11-21', '2026-11-21'), 1)).toEqual(
      range('2026-11-20', '2026-11-20'),
    );
    // Across a year and over a leap day.
    expect(comparisonRange(range('2027-12-20', '2028-01-10'), 1)).toEqual(
      range('2027-11-28', '2027-12-19'),
    );
    expect(comparisonRange(range('2028-03-01', '2028-03-07'), 1)).toEqual(
      range('2028-02-23', '2028-02-29'),
    );
  });

  it('previous period of whole months: as many whole months just before (前月)', () => {
    expect(comparisonRange(range('2026-03-01', '2026-03-31'), 1)).toEqual(
      range('2026-02-01', '2026-02-28'),
    );
    expect(comparisonRange(range('2026-10-01', '2026-10-31'), 1)).toEqual(
      range('2026-09-01', '2026-09-30'),
    );
    expect(comparisonRange(range('2028-01-01', '2028-03-31'), 1)).toEqual(
      range('2027-10-01', '2027-12-31'),
    );
    expect(comparisonRange(range('2024-01-01', '2024-12-31'), 1)).toEqual(
      range('2023-01-01', '2023-12-31'),
    );
  });

  it('previous period of any other span has as many days as the base', () => {
    for (const base of [range('2025-12-20', '2026-01-10'), range('2024-01-02', '2024-12-31')]) {
      const comparison = comparisonRange(base, 1);
      expect(daysInRange(comparison)).toBe(daysInRange(base));
      expect(comparison.to < base.from).toBe(true);
    }
  });

  it('previous year: the same dates a year earlier, 29 February on 28 February', () => {
    expect(comparisonRange(range('2026-10-01', '2026-10-31'), 2)).toEqual(
      range('2025-10-01', '2025-10-31'),
    );
    expect(comparisonRange(range('2025-12-20', '2026-01-10'), 2)).toEqual(
      range('2024-12-20', '2025-01-10'),
    );
    expect(comparisonRange(range('2028-02-01', '2028-02-29'), 2)).toEqual(
      range('2027-02-01', '2027-02-28'),
    );
    expect(comparisonRange(range('2028-02-29', '2028-03-31'), 2)).toEqual(
      range('2027-02-28', '2027-03-31'),
    );
    expect(comparisonRange(range('2028-02-29', '2028-02-29'), 2)).toEqual(
      range('2027-02-28', '2027-02-28'),
    );
    // From a common year into a leap year keeps the dates (28 February stays 28 February).
    expect(comparisonRange(range('2029-02-01', '2029-02-28'), 2)).toEqual(
      range('2028-02-01', '2028-02-28'),
    );
  });

  it('throws for malformed or reversed base ranges', () => {
    expect(() => comparisonRange(range('2026-11-20', '2026-11-14'), 1)).toThrow(RangeError);
    expect(() => comparisonRange(range('2026-13-01', '2026-11-14'), 2)).toThrow(RangeError);
  });
});

describe('daysInRange', () => {
  it('counts both ends', () => {
    expect(daysInRange(range('2026-11-21', '2026-11-21'))).toBe(1);
    expect(daysInRange(range('2026-11-14', '2026-11-20'))).toBe(7);
    expect(daysInRange(range('2028-01-01', '2028-12-31'))).toBe(366);
    expect(daysInRange(range('2025-01-01', '2026-12-31'))).toBe(730);
  });

  it('is 0 for a reversed range and throws for malformed dates', () => {
    expect(daysInRange(range('2026-11-21', '2026-11-20'))).toBe(0);
    expect(() => daysInRange(range('2026-11-31', '2026-12-01'))).toThrow(RangeError);
  });
});

describe('freePlanEarliestDate', () => {
  it('goes back three calendar months, clamped to the end of a shorter month', () => {
    expect(freePlanEarliestDate('2026-05-31')).toBe('2026-02-28');
    expect(freePlanEarliestDate('2028-05-31')).toBe('2028-02-29');
    expect(freePlanEarliestDate('2026-11-21')).toBe('2026-08-21');
    expect(freePlanEarliestDate('2026-01-15')).toBe('2025-10-15');
    expect(freePlanEarliestDate('2026-12-31')).toBe('2026-09-30');
  });
});

describe('presetOfRange', () => {
  const todays = ['2026-11-21', '2026-03-01', '2027-01-01', '2026-04-01', '2028-02-29'];

  it('recognises the range of every preset (ties go to the first preset)', () => {
    for (const today of todays) {
      for (const key of PRESET_KEYS) {
        const found = presetOfRange(presetRange(key, today), today);
        const first = PRESET_KEYS.find(
          (k) => JSON.stringify(presetRange(k, today)) === JSON.stringify(presetRange(key, today)),
        )!;
        expect([today, key, found]).toEqual([today, key, durationPreset(first).value]);
      }
    }
  });

  it('returns the preset itself when no earlier preset has the same range', () => {
    const today = '2026-11-21';
    for (const key of PRESET_KEYS) {
      expect(presetOfRange(presetRange(key, today), today)).toBe(durationPreset(key).value);
    }
  });

  it('breaks ties by DURATION_PRESETS order', () => {
    // On 1 January this month and this year are both that one day.
    expect(presetOfRange(range('2027-01-01', '2027-01-01'), '2027-01-01')).toBe(1);
    // On 1 April this month and this fiscal year are both that one day.
    expect(presetOfRange(range('2026-04-01', '2026-04-01'), '2026-04-01')).toBe(1);
    // On 1 April (of a year after a common February) last 12 months is last fiscal year.
    expect(presetOfRange(range('2025-04-01', '2026-03-31'), '2026-04-01')).toBe(6);
    // On 1 January last 12 months is last year.
    expect(presetOfRange(range('2026-01-01', '2026-12-31'), '2027-01-01')).toBe(6);
  });

  it('is custom (99) for other ranges, malformed ranges and presets hidden on the plan', () => {
    const custom: DurationPresetValue = 99;
    expect(presetOfRange(range('2026-11-13', '2026-11-20'), '2026-11-21')).toBe(custom);
    expect(presetOfRange(range('2026-11-14', '2026-11-21'), '2026-11-21')).toBe(custom);
    expect(presetOfRange(range('', '2026-11-20'), '2026-11-21')).toBe(custom);
    const thisYear = presetRange('thisYear', '2026-11-21');
    expect(presetOfRange(thisYear, '2026-11-21', 'basic')).toBe(7);
    expect(presetOfRange(thisYear, '2026-11-21', 'free')).toBe(custom);
    expect(presetOfRange(presetRange('last7Days', '2026-11-21'), '2026-11-21', 'free')).toBe(3);
  });
});

describe('validatePeriod', () => {
  it('is empty for a valid period', () => {
    expect(validatePeriod({ from: '2026-11-14', to: '2026-11-20' })).toEqual({});
    expect(validatePeriod({ from: '2026-11-20', to: '2026-11-20' }, { timeAxis: DAILY })).toEqual(
      {},
    );
  });

  it('needs both dates, and treats malformed dates as missing', () => {
    const both = { form: FORM_MESSAGES.periodBothRequired };
    expect(validatePeriod({ from: null, to: '2026-11-20' })).toEqual(both);
    expect(validatePeriod({ from: '2026-11-14', to: null })).toEqual(both);
    expect(validatePeriod({ from: null, to: null }, { changed: 'to' })).toEqual(both);
    expect(validatePeriod({ from: '', to: '2026-11-20' })).toEqual(both);
    expect(validatePeriod({ from: '2026-02-29', to: '2026-11-20' })).toEqual(both);
    expect(validatePeriod({ from: '2026-11-14', to: '2026-11-20T00:00' })).toEqual(both);
    expect(validatePeriod({ from: '2026-1-14', to: '2026-11-20' })).toEqual(both);
  });

  it('reports a reversed period on the date being changed', () => {
    const reversed = { from: '2026-11-21', to: '2026-11-20' };
    expect(validatePeriod(reversed)).toEqual({ from: FORM_MESSAGES.periodStartAfterEnd });
    expect(validatePeriod(reversed, { changed: 'from' })).toEqual({
      from: FORM_MESSAGES.periodStartAfterEnd,
    });
    expect(validatePeriod(reversed, { changed: 'to' })).toEqual({
      to: FORM_MESSAGES.periodEndBeforeStart,
    });
  });

  it('allows at most 730 days on the daily axis only', () => {
    const twoYears = { from: '2025-01-01', to: '2026-12-31' }; // 730 days
    const overTwoYears = { from: '2024-12-31', to: '2026-12-31' }; // 731 days
    expect(validatePeriod(twoYears, { timeAxis: DAILY })).toEqual({});
    expect(validatePeriod(overTwoYears, { timeAxis: DAILY })).toEqual({
      form: FORM_MESSAGES.dailyAxisTooLong,
    });
    for (const axis of [YEARLY, MONTHLY, DAY_OF_WEEK]) {
      expect(validatePeriod(overTwoYears, { timeAxis: axis })).toEqual({});
    }
    expect(validatePeriod(overTwoYears)).toEqual({});
  });

  it('refuses dates outside 1900-01-01..2100-12-31, on the date that is outside', () => {
    const outside = FORM_MESSAGES.periodOutOfRange;
    expect(outside).toBe('1900/01/01〜2100/12/31の範囲で選択してください');
    expect(validatePeriod({ from: '1900-01-01', to: '1900-01-31' })).toEqual({});
    expect(validatePeriod({ from: '2100-12-01', to: '2100-12-31' })).toEqual({});
    expect(validatePeriod({ from: '1899-12-31', to: '1900-01-31' })).toEqual({ from: outside });
    expect(validatePeriod({ from: '2100-12-01', to: '2101-01-01' })).toEqual({ to: outside });
    expect(validatePeriod({ from: '0001-01-01', to: '9999-12-31' }, { timeAxis: MONTHLY })).toEqual(
      { from: outside, to: outside },
    );
    // Year 0000 is a date of the pattern but of no calendar PostgreSQL accepts.
    expect(validatePeriod({ from: '0000-01-01', to: '2026-01-31' })).toEqual({ from: outside });
    // Outside wins over a reversed order: the order of an impossible date means nothing.
    expect(validatePeriod({ from: '2200-01-01', to: '2026-01-31' }, { changed: 'to' })).toEqual({
      from: outside,
    });
  });

  it('caps the other axes at 10 (monthly, day of week) and 20 (yearly) years', () => {
    expect(AXIS_MAX_YEARS).toEqual({ yearly: 20, monthly: 10, dayOfWeek: 10 });
    const tenYears = { from: '2016-04-01', to: '2026-03-31' };
    const overTenYears = { from: '2016-04-01', to: '2026-04-01' };
    const twentyYears = { from: '2006-04-01', to: '2026-03-31' };
    const overTwentyYears = { from: '2006-04-01', to: '2026-04-01' };
    for (const axis of [MONTHLY, DAY_OF_WEEK, YEARLY]) {
      expect(validatePeriod(tenYears, { timeAxis: axis })).toEqual({});
    }
    expect(validatePeriod(overTenYears, { timeAxis: MONTHLY })).toEqual({
      form: '月次で選択できる期間は10年までです',
    });
    expect(validatePeriod(overTenYears, { timeAxis: DAY_OF_WEEK })).toEqual({
      form: '曜日で選択できる期間は10年までです',
    });
    expect(validatePeriod(overTenYears, { timeAxis: YEARLY })).toEqual({});
    expect(validatePeriod(twentyYears, { timeAxis: YEARLY })).toEqual({});
    expect(validatePeriod(overTwentyYears, { timeAxis: YEARLY })).toEqual({
      form: '年次で選択できる期間は20年までです',
    });
    // Without an axis (report mails) the longest cap applies.
    expect(validatePeriod(twentyYears)).toEqual({});
    expect(validatePeriod(overTwentyYears)).toEqual({ form: '選択できる期間は20年までです' });
    // A leap day start: ten years later is 28 February.
    expect(validatePeriod({ from: '2016-02-29', to: '2026-02-27' }, { timeAxis: MONTHLY })).toEqual(
      {},
    );
    expect(
      validatePeriod({ from: '2016-02-29', to: '2026-02-28' }, { timeAxis: MONTHLY }).form,
    ).toBe(FORM_MESSAGES.periodTooLong(10, '月次'));
  });

  it('uses the spec wording', () => {
    expect(validatePeriod({ from: null, to: null })).toEqual({
      form: '開始日と終了日を選択してください。',
    });
    expect(validatePeriod({ from: '2026-11-21', to: '2026-11-20' })).toEqual({
      from: '開始日は終了日より後には設定できません',
    });
    expect(validatePeriod({ from: '2026-11-21', to: '2026-11-20' }, { changed: 'to' })).toEqual({
      to: '終了日は開始日より前には設定できません',
    });
    expect(validatePeriod({ from: '2024-12-31', to: '2026-12-31' }, { timeAxis: DAILY })).toEqual({
      form: '日次で2年以上は選択できません',
    });
  });
});

describe('periodText', () => {
  it('joins the two dates with 〜, or shows one date', () => {
    expect(periodText(range('2026-11-14', '2026-11-20'))).toBe('2026/11/14〜2026/11/20');
    expect(periodText(range('2026-01-05', '2026-02-03'))).toBe('2026/01/05〜2026/02/03');
    expect(periodText(range('2026-11-21', '2026-11-21'))).toBe('2026/11/21');
  });
});

describe('periodBuckets', () => {
  const acrossYear = range('2025-11-29', '2026-01-02');

  it('yearly', () => {
    expect(periodBuckets(acrossYear, YEARLY)).toEqual(['2025', '2026']);
    expect(periodBuckets(range('2026-03-01', '2026-03-31'), YEARLY)).toEqual(['2026']);
    expect(periodBuckets(range('2024-12-31', '2027-01-01'), YEARLY)).toEqual([
      '2024',
      '2025',
      '2026',
      '2027',
    ]);
  });

  it('monthly', () => {
    expect(periodBuckets(acrossYear, MONTHLY)).toEqual(['2025-11', '2025-12', '2026-01']);
    expect(periodBuckets(range('2026-01-31', '2026-03-01'), MONTHLY)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
  });

  it('daily, every day', () => {
    expect(periodBuckets(range('2025-12-30', '2026-01-02'), DAILY)).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
    expect(periodBuckets(range('2028-02-28', '2028-03-01'), DAILY)).toEqual([
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    const days = periodBuckets(acrossYear, DAILY);
    expect(days).toHaveLength(daysInRange(acrossYear));
    expect(days[0]).toBe(acrossYear.from);
    expect(days.at(-1)).toBe(acrossYear.to);
  });

  it('day of week: always all seven, Monday first', () => {
    const week = ['月', '火', '水', '木', '金', '土', '日'];
    expect(periodBuckets(acrossYear, DAY_OF_WEEK)).toEqual(week);
    expect(periodBuckets(range('2026-11-21', '2026-11-21'), DAY_OF_WEEK)).toEqual(week);
    expect(DAY_OF_WEEK_BUCKETS).toEqual(week);
  });

  it('is empty on a reversed range for the continuous axes', () => {
    expect(periodBuckets(range('2026-11-21', '2026-11-20'), DAILY)).toEqual([]);
  });
});

describe('monthsOfRange', () => {
  it('cuts a range at the ends of its months, leap February included', () => {
    expect(monthsOfRange(range('2024-01-15', '2024-03-10'))).toEqual([
      range('2024-01-15', '2024-01-31'),
      range('2024-02-01', '2024-02-29'),
      range('2024-03-01', '2024-03-10'),
    ]);
    expect(monthsOfRange(range('2025-12-31', '2025-12-31'))).toEqual([
      range('2025-12-31', '2025-12-31'),
    ]);
    expect(monthsOfRange(range('2026-05-02', '2026-05-01'))).toEqual([]);
  });
});

describe('bucketOf', () => {
  it('labels a date on each axis', () => {
    expect(bucketOf('2026-11-21', YEARLY)).toBe('2026');
    expect(bucketOf('2026-11-21', MONTHLY)).toBe('2026-11');
    expect(bucketOf('2026-11-21', DAILY)).toBe('2026-11-21');
    expect(bucketOf('2026-11-21', DAY_OF_WEEK)).toBe('土');
    expect(bucketOf('2026-11-22', DAY_OF_WEEK)).toBe('日');
    expect(bucketOf('2026-11-23', DAY_OF_WEEK)).toBe('月');
    expect(bucketOf('2028-02-29', DAY_OF_WEEK)).toBe('火');
  });

  it('labels a UTC day as it labels its date', () => {
    const day = new Date(Date.UTC(2026, 10, 21));
    for (const axis of [YEARLY, MONTHLY, DAILY, DAY_OF_WEEK]) {
      expect(bucketOfDay(day, axis)).toBe(bucketOf('2026-11-21', axis));
    }
  });

  it('matches the buckets of the range holding the date', () => {
    const acrossYear = range('2025-11-29', '2026-01-02');
    for (const axis of [YEARLY, MONTHLY, DAILY, DAY_OF_WEEK]) {
      const buckets = periodBuckets(acrossYear, axis);
      for (const date of periodBuckets(acrossYear, DAILY)) {
        expect(buckets).toContain(bucketOf(date, axis));
      }
    }
  });

  it('throws for a malformed date', () => {
    expect(() => bucketOf('2026-11-31', DAILY)).toThrow(RangeError);
    expect(() => bucketOf('2026-02-29', DAILY)).toThrow(RangeError);
    expect(() => bucketOf('2026-1-01', DAILY)).toThrow(RangeError);
  });

  it('labels early years with four digits', () => {
    expect(bucketOf('0099-03-01', YEARLY)).toBe('0099');
    expect(bucketOf('0099-03-01', MONTHLY)).toBe('0099-03');
  });
});

describe('daysWithBuckets', () => {
  it('gives every day of a range, both ends included, with its bucket', () => {
    expect(daysWithBuckets(range('2024-02-28', '2024-03-01'), MONTHLY)).toEqual({
      days: ['2024-02-28', '2024-02-29', '2024-03-01'],
      buckets: ['2024-02', '2024-02', '2024-03'],
    });
    expect(daysWithBuckets(range('2026-11-21', '2026-11-20'), DAILY)).toEqual({
      days: [],
      buckets: [],
    });
  });

  it('agrees with bucketOf and periodBuckets on every axis', () => {
    const acrossYears = range('2024-12-25', '2026-01-05');
    for (const axis of [YEARLY, MONTHLY, DAILY, DAY_OF_WEEK]) {
      const { days, buckets } = daysWithBuckets(acrossYears, axis);
      expect(days).toEqual(periodBuckets(acrossYears, DAILY));
      expect(buckets).toEqual(days.map((day) => bucketOf(day, axis)));
      expect(new Set(periodBuckets(acrossYears, axis))).toEqual(new Set(buckets));
    }
  });

  it('labels the 7,305 days of twenty years', () => {
    const { days, buckets } = daysWithBuckets(range('2006-04-01', '2026-03-31'), YEARLY);
    expect(days).toHaveLength(7305);
    expect(new Set(buckets).size).toBe(21);
  });
});

describe('bucketText', () => {
  it('labels buckets as the screens and the CSV show them', () => {
    expect(bucketText('2026-11-14', 3)).toBe('2026/11/14');
    expect(bucketText('2026-11', 2)).toBe('2026/11');
    expect(bucketText('2026', 1)).toBe('2026年');
    expect(bucketText('月', 4)).toBe('月');
  });
});
