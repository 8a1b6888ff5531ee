import { describe, expect, it } from 'vitest';
import { loose, TEST_STYLE } from './chartTesting.ts';
import { topChartOption, topChartSeries } from './topChartOption.ts';

const series = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `店舗${i + 1}`, total: (count - i) * 1000 }));

const labelOf = (option: ReturnType<typeof loose>, index: number) =>
  (option.yAxis.axisLabel.formatter as (value: string, index: number) => string)('', index);

describe('topChartOption', () => {
  it('draws the first ten series only, the first on top', () => {
    const option = loose(topChartOption(series(12), '円', TEST_STYLE));
    expect(option.series).toHaveLength(1);
    expect(option.series[0]!.data).toEqual(series(10).map((s) => s.total + 2000));
    expect(option.yAxis.data).toHaveLength(10);
    expect(option.yAxis.inverse).toBe(true);
    expect(labelOf(option, 0)).toBe('店舗1');
    expect(labelOf(option, 9)).toBe('店舗10');
    expect(topChartSeries(series(3))).toHaveLength(3);
  });

  it('cuts long labels to 13 characters and names the item in full in the tooltip', () => {
    const name = 'とても長い名前の調剤薬局駅前本店です';
    const option = loose(topChartOption([{ name, total: 1234567 }], '円', TEST_STYLE));
    expect(labelOf(option, 0)).toBe('とても長い名前の調剤薬局駅…');
    const tooltip = option.tooltip.formatter({ dataIndex: 0 });
    expect(tooltip).toContain(name);
    expect(tooltip).toContain('1,234,567円');
  });

  it('escapes names in the tooltip', () => {
    const option = loose(topChartOption([{ name: '<b>A&B</b>', total: 1 }], '回', TEST_STYLE));
    expect(option.tooltip.formatter({ dataIndex: 0 })).toContain('&lt;b&gt;A&amp;B&lt;/b&gt;');
  });

  it('formats the value axis with the unit and colours the bars', () => {
    const option = loose(topChartOption(series(2), '%', TEST_STYLE));
    expect((option.xAxis.axisLabel.formatter as (v: number) => string)(20)).toBe('20%');
    const yen = loose(topChartOption(series(2), '円', TEST_STYLE));
    // Ticks stay short so that they never run into each other.
    expect((yen.xAxis.axisLabel.formatter as (v: number) => string)(1_500_000)).toBe('150万円');
    expect(option.series[0]!.itemStyle.color).toBe(TEST_STYLE.bar);
  });

  it('leaves a bar out for a series without a total', () => {
    const option = loose(topChartOption([{ name: 'A', total: null }], '円', TEST_STYLE));
    expect(option.series[0]!.data).toEqual([null]);
    expect(option.tooltip.formatter({ dataIndex: 0 })).toContain('<b>-</b>');
  });
});
