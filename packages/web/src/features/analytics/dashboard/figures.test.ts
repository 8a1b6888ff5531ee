import { describe, expect, it } from 'vitest';
import { cardFigures, chartData, hasData, type DashboardMetricData } from './figures.ts';

const data = (
  base: number | null,
  comparison: number | null,
  rows: DashboardMetricData['source']['rows'] = [],
): DashboardMetricData => ({
  source: { rows, total: base },
  destination: { rows: [], total: comparison },
});

describe('cardFigures', () => {
  it('computes the change from the totals, rounded to one decimal with a sign', () => {
    expect(cardFigures({ unit: '円' }, data(1_050_000, 1_000_000))).toEqual({
      base: '1,050,000円',
      comparison: '1,000,000円',
      changeValue: 5,
      change: '+5.0%',
      note: null,
      style: 'up',
    });
    expect(cardFigures({ unit: '枚' }, data(200, 300)).change).toBe('-33.3%');
    expect(cardFigures({ unit: '枚' }, data(400, 300)).change).toBe('+33.3%');
    // 2/3 → 66.666… rounds up; 0.05 rounds half away from zero.
    expect(cardFigures({ unit: '枚' }, data(500, 300)).change).toBe('+66.7%');
    expect(cardFigures({ unit: '枚' }, data(20001, 20000)).changeValue).toBe(0);
    expect(cardFigures({ unit: '枚' }, data(20010, 20000)).change).toBe('+0.1%');
    expect(cardFigures({ unit: '%' }, data(89.5, 89.5))).toMatchObject({
      base: '89.5%',
      change: '0.0pt',
      style: 'flat',
    });
    expect(cardFigures({ unit: '人' }, data(90, 100))).toMatchObject({
      change: '-10.0%',
      style: 'down',
    });
  });

  it("writes a rate's change as the difference in points, coloured by its direction", () => {
    expect(cardFigures({ unit: '%' }, data(89.8, 88.8))).toMatchObject({
      base: '89.8%',
      comparison: '88.8%',
      changeValue: 1,
      change: '+1.0pt',
      style: 'up',
    });
    // 40.0 % against 50.0 % is 10 points down, not 20 % down.
    expect(cardFigures({ unit: '%' }, data(40, 50))).toMatchObject({
      changeValue: -10,
      change: '-10.0pt',
      style: 'down',
    });
    // A rate that was 0 % still has a change in points.
    expect(cardFigures({ unit: '%' }, data(12.5, 0))).toMatchObject({
      change: '+12.5pt',
      style: 'up',
    });
  });

  it('marks an incomplete comparison and writes no change', () => {
    const incomplete = { ...data(1_050_000, 1_000_000), comparisonComplete: false };
    expect(cardFigures({ unit: '円' }, incomplete)).toEqual({
      base: '1,050,000円',
      comparison: '1,000,000円',
      change: '-',
      changeValue: null,
      note: '比較期間のデータが一部ありません',
      style: 'none',
    });
    // Answers without the flag read as complete.
    expect(cardFigures({ unit: '円' }, data(1_050_000, 1_000_000)).note).toBeNull();
  });

  it("shows '-' when the comparison is zero or absent", () => {
    expect(cardFigures({ unit: '円' }, data(100, 0))).toMatchObject({
      change: '-',
      changeValue: null,
      style: 'none',
    });
    expect(cardFigures({ unit: '%' }, data(50, null))).toMatchObject({
      comparison: '-',
      change: '-',
      style: 'none',
    });
    expect(cardFigures({ unit: '円' }, data(null, 100)).change).toBe('-');
  });
});

describe('hasData', () => {
  it('is false when both periods are empty, zero or null', () => {
    expect(hasData(data(null, null))).toBe(false);
    expect(hasData(data(0, 0, [{ date: '2026-11-14', value: 0 }]))).toBe(false);
    expect(hasData(data(null, null, [{ date: '2026-11-14', value: null }]))).toBe(false);
  });

  it('is true when either period has a value', () => {
    expect(hasData(data(0, 5))).toBe(true);
    expect(hasData(data(null, null, [{ date: '2026-11-14', value: 3 }]))).toBe(true);
  });
});

describe('chartData', () => {
  it('puts bucket i of both periods side by side, labelled with the base dates', () => {
    const result = chartData(
      {
        source: {
          rows: [
            { date: '2026-11-14', value: 10 },
            { date: '2026-11-15', value: 20 },
            { date: '2026-11-16', value: null },
          ],
          total: 30,
        },
        destination: {
          rows: [
            { date: '2026-11-11', value: 1 },
            { date: '2026-11-13', value: 3 },
          ],
          total: 4,
        },
      },
      { from: '2026-11-14', to: '2026-11-16' },
      { from: '2026-11-11', to: '2026-11-13' },
      3,
    );
    expect(result).toEqual({
      labels: ['2026/11/14', '2026/11/15', '2026/11/16'],
      base: [10, 20, null],
      comparison: [1, null, 3],
    });
  });

  it('keeps the longer period when the previous year has one day less', () => {
    const result = chartData(
      { source: { rows: [], total: null }, destination: { rows: [], total: null } },
      { from: '2028-02-28', to: '2028-03-01' },
      { from: '2027-02-28', to: '2027-03-01' },
      3,
    );
    expect(result.labels).toEqual(['2028/02/28', '2028/02/29', '2028/03/01']);
    expect(result.comparison).toEqual([null, null, null]);
  });

  it('uses the seven days of the week and month labels', () => {
    const week = chartData(
      {
        source: { rows: [{ date: '月', value: 5 }], total: 5 },
        destination: { rows: [{ date: '日', value: 7 }], total: 7 },
      },
      { from: '2026-11-01', to: '2026-11-30' },
      { from: '2026-10-02', to: '2026-10-31' },
      4,
    );
    expect(week.labels).toEqual(['月', '火', '水', '木', '金', '土', '日']);
    expect(week.base[0]).toBe(5);
    expect(week.comparison[6]).toBe(7);
  });
});
