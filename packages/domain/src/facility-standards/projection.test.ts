import { describe, expect, it } from 'vitest';
import { judgementPeriodOn, projectPeriod } from './projection.ts';

describe('judgementPeriodOn', () => {
  it('runs from May to April and applies from the June after', () => {
    expect(judgementPeriodOn('2026-11-24')).toMatchObject({
      fromMonth: '2026-05',
      toMonth: '2027-04',
      appliesFrom: '2027-06-01',
    });
    expect(judgementPeriodOn('2026-11-24').months).toHaveLength(12);
  });

  it('turns over between 30 April and 1 May', () => {
    expect(judgementPeriodOn('2026-04-30')).toMatchObject({
      fromMonth: '2025-05',
      toMonth: '2026-04',
      appliesFrom: '2026-06-01',
    });
    expect(judgementPeriodOn('2026-05-01').fromMonth).toBe('2026-05');
  });
});

/** A year of receptions with a winter peak: 1,200 from December to February, 1,000 otherwise. */
function seasonalYear(firstMonth: string, level: number): Record<string, number> {
  const { months } = judgementPeriodOn(`${firstMonth}-01`);
  return Object.fromEntries(
    months.map((month) => {
      const winter = ['12', '01', '02'].includes(month.slice(5));
      return [month, (winter ? 1_200 : 1_000) * level];
    }),
  );
}

describe('projectPeriod', () => {
  const period = judgementPeriodOn('2026-11-24'); // 2026-05 … 2027-04

  it('keeps the seasons of the year before at this year’s level', () => {
    // The year before flat with its winter peak; this year 10 % up in every month so far.
    const figures = { ...seasonalYear('2025-05', 1), ...seasonalYear('2026-05', 1.1) };
    for (const month of period.months.filter((m) => m > '2026-10')) delete figures[month];

    const projection = projectPeriod(figures, period, '2026-10')!;
    expect(projection.observedMonths).toBe(6);
    expect(projection.trend).toBeCloseTo(1.1, 10);
    const december = projection.months.find((m) => m.month === '2026-12')!;
    expect(december).toEqual({ month: '2026-12', value: expect.any(Number), projected: true });
    expect(december.value).toBeCloseTo(1_320, 10);
    // 9 months of 1,100 and 3 winter months of 1,320.
    expect(projection.total).toBeCloseTo(9 * 1_100 + 3 * 1_320, 8);
  });

  it('follows a fall as well as a rise', () => {
    const figures = { ...seasonalYear('2025-05', 1), ...seasonalYear('2026-05', 0.9) };
    for (const month of period.months.filter((m) => m > '2026-07')) delete figures[month];
    const projection = projectPeriod(figures, period, '2026-07')!;
    expect(projection.trend).toBeCloseTo(0.9, 10);
    expect(projection.total).toBeCloseTo(9 * 900 + 3 * 1_080, 8);
  });

  it('repeats the recent average when there is no year before', () => {
    const figures = { '2026-05': 900, '2026-06': 1_000, '2026-07': 1_100 };
    const projection = projectPeriod(figures, period, '2026-07')!;
    expect(projection.trend).toBeNull();
    expect(projection.months.filter((m) => m.projected).map((m) => m.value)).toEqual(
      Array(9).fill(1_000),
    );
    expect(projection.total).toBe(3_000 + 9 * 1_000);
  });

  it('takes a month after the last complete one as not yet known, even if figures exist', () => {
    const figures = { ...seasonalYear('2025-05', 1), ...seasonalYear('2026-05', 1) };
    const projection = projectPeriod(figures, period, '2026-10')!;
    expect(projection.observedMonths).toBe(6);
    expect(projection.months.find((m) => m.month === '2026-11')?.projected).toBe(true);
  });

  it('cannot project without a recent month', () => {
    expect(projectPeriod({ '2025-05': 1_000 }, period, '2026-10')).toBeNull();
  });
});
