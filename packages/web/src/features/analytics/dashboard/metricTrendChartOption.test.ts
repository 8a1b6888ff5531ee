import { describe, expect, it } from 'vitest';
import { loose, TEST_STYLE } from '../analysis/panels/chartTesting.ts';
import { metricTrendChartOption } from './metricTrendChartOption.ts';

const build = (unit: string) =>
  loose(
    metricTrendChartOption({
      chart: { labels: ['2025年', '2026年'], base: [1, 2], comparison: [1, 2] },
      unit,
      style: TEST_STYLE,
      base: { name: '対象期間', color: '#00897b' },
      comparison: { name: '比較期間', color: '#ff9800' },
    }),
  );

describe('the dashboard trend chart', () => {
  it('reads a yearly sales axis in 万 and 億, never 100,000万', () => {
    const option = build('円');
    const tick = option.yAxis.axisLabel.formatter as (value: number) => string;
    expect(option.yAxis.name).toBe('円');
    expect(tick(50_000_000)).toBe('5,000万');
    expect(tick(120_000_000)).toBe('1.2億');
    expect(tick(1_000_000_000)).toBe('10億');
  });

  it('shows a rate axis in percent', () => {
    const option = build('%');
    const tick = option.yAxis.axisLabel.formatter as (value: number) => string;
    expect(option.yAxis.name).toBe('');
    expect(tick(40)).toBe('40%');
    expect(tick(12.5)).toBe('12.5%');
  });

  it('shortens daily labels to month and day', () => {
    const option = loose(
      metricTrendChartOption({
        chart: { labels: ['2026/11/14'], base: [1], comparison: [1] },
        unit: '枚',
        style: TEST_STYLE,
        base: { name: '対象期間', color: '#00897b' },
        comparison: { name: '比較期間', color: '#ff9800' },
      }),
    );
    const label = option.xAxis.axisLabel.formatter as (value: string, index: number) => string;
    expect(label('0', 0)).toBe('11/14');
  });

  it('steps the value axis by 1, 2 or 5 × 10ⁿ over both periods: 20万, 40万, 60万', () => {
    const option = loose(
      metricTrendChartOption({
        chart: {
          labels: ['10/01', '10/02'],
          base: [1_154_000, 900_000],
          comparison: [300_000, null],
        },
        unit: '円',
        style: TEST_STYLE,
        base: { name: '対象期間', color: '#00897b' },
        comparison: { name: '比較期間', color: '#ff9800' },
      }),
    );
    expect(option.yAxis).toMatchObject({ min: 0, interval: 200_000, max: 1_200_000 });
    const tick = option.yAxis.axisLabel.formatter as (value: number) => string;
    expect([200_000, 400_000, 600_000].map(tick)).toEqual(['20万', '40万', '60万']);
  });
});
