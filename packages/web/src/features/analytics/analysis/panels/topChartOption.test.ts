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

  it('steps the value axis by 1, 2 or 5 × 10ⁿ from zero', () => {
    const option = loose(
      topChartOption(
        [
          { name: 'A', total: 1_154_000 },
          { name: 'B', total: 300_000 },
        ],
        '円',
        TEST_STYLE,
      ),
    );
    expect(option.xAxis).toMatchObject({ min: 0, interval: 200_000, max: 1_200_000 });
  });
});

describe('topChartOption with a comparison', () => {
  const NAMES = { baseName: '当期', comparisonName: '比較期間' };
  const items = [
    {
      name: '天神クリニック',
      total: 1_200_000,
      comparisonTotal: 1_000_000,
      comparisonComplete: true,
    },
    { name: '博多医院', total: 500_000, comparisonTotal: null, comparisonComplete: false },
  ];

  it('draws a lighter comparison bar per item, named in the legend', () => {
    const option = loose(topChartOption(items, '円', TEST_STYLE, NAMES));
    expect(option.series.map((s) => [s.name, s.data, s.itemStyle.color])).toEqual([
      ['当期', [1_200_000, 500_000], TEST_STYLE.bar],
      ['比較期間', [1_000_000, null], TEST_STYLE.comparisonBar],
    ]);
    expect(option.legend).toBeDefined();
  });

  it('tells both totals and the change in the tooltip, or that the comparison lacks data', () => {
    const option = loose(topChartOption(items, '円', TEST_STYLE, NAMES));
    const first = option.tooltip.formatter({ dataIndex: 0 });
    expect(first).toContain('1,200,000円');
    expect(first).toContain('1,000,000円');
    expect(first).toContain('+20.0%');
    const second = option.tooltip.formatter({ dataIndex: 1 });
    expect(second).toContain('比較期間のデータが一部ありません');
    expect(second).not.toContain('%');
  });

  it('steps the axis over both periods', () => {
    const option = loose(
      topChartOption([{ name: 'A', total: 10, comparisonTotal: 95 }], '回', TEST_STYLE, NAMES),
    );
    expect(option.xAxis).toMatchObject({ min: 0, interval: 20, max: 100 });
  });

  it('has no legend and one bar per item without a comparison', () => {
    const option = loose(topChartOption(items, '円', TEST_STYLE));
    expect(option.series).toHaveLength(1);
    expect(option.legend).toBeUndefined();
  });
});
