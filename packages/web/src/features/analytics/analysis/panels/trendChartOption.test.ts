import { timeAxis } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { loose, TEST_STYLE } from './chartTesting.ts';
import { trendChartOption } from './trendChartOption.ts';
import { SERIES_PALETTE } from '../../../../components/charts/seriesPalette.ts';

const MONTHLY = timeAxis('monthly').value;
const YEARLY = timeAxis('yearly').value;
const BUCKETS = ['2026-01', '2026-02', '2026-03'];

const line = (name: string, values: (number | null)[]) => ({
  name,
  rows: values.map((value, i) => ({ date: BUCKETS[i]!, value })),
});

const build = (series: ReturnType<typeof line>[], unit = '円', buckets = BUCKETS) =>
  loose(trendChartOption({ series, buckets, axis: MONTHLY, unit, style: TEST_STYLE }));

describe('trendChartOption', () => {
  it('draws one line per series in the given order, coloured by the palette', () => {
    const option = build([line('B', [1, 2, 3]), line('A', [3, 2, 1])]);
    expect(option.series.map((s) => s.name)).toEqual(['B', 'A']);
    expect(option.series.map((s) => s.itemStyle.color)).toEqual([
      SERIES_PALETTE[0],
      SERIES_PALETTE[1],
    ]);
  });

  it('draws at most ten lines, in ten different colours', () => {
    const many = Array.from({ length: 12 }, (_, i) => line(`S${i}`, [i, i, i]));
    const option = build(many);
    expect(option.series).toHaveLength(10);
    expect(new Set(option.series.map((s) => s.itemStyle.color)).size).toBe(10);
    expect(SERIES_PALETTE).toHaveLength(10);
  });

  it('labels the buckets as the screens do', () => {
    expect(build([line('A', [1, 2, 3])]).xAxis.data).toEqual(['2026/01', '2026/02', '2026/03']);
    const yearly = loose(
      trendChartOption({
        series: [{ name: 'A', rows: [{ date: '2026', value: 1 }] }],
        buckets: ['2025', '2026'],
        axis: YEARLY,
        unit: '円',
        style: TEST_STYLE,
      }),
    );
    expect(yearly.xAxis.data).toEqual(['2025年', '2026年']);
    expect(yearly.series[0]!.data).toEqual([null, 1]);
  });

  it('breaks the line where a value is missing', () => {
    const option = build([line('A', [1, null, 3])]);
    expect(option.series[0]!.data).toEqual([1, null, 3]);
    expect(option.series[0]!.connectNulls).toBe(false);
  });

  it('steps the y axis from zero by 1, 2 or 5 × 10ⁿ: 20万, 40万, 60万', () => {
    const option = build([line('A', [1_000_000, 1_154_000, 5]), line('B', [3, 4, 5])]);
    expect(option.yAxis).toMatchObject({ min: 0, interval: 200_000, max: 1_200_000 });
    const tick = option.yAxis.axisLabel.formatter as (value: number) => string;
    expect(tick(400_000)).toBe('40万');
    expect(build([line('A', [45, 0, 0])]).yAxis).toMatchObject({ min: 0, interval: 10, max: 50 });
  });

  it('steps a rate by tenths where needed, a count never below one', () => {
    expect(build([line('A', [0.4, 0.1, 0])], '%').yAxis).toMatchObject({
      interval: 0.1,
      max: 0.4,
    });
    expect(build([line('A', [3, 1, 0])], '枚').yAxis).toMatchObject({ interval: 1, max: 3 });
  });

  it('lets the chart choose the step when every value is zero or missing', () => {
    const option = build([line('A', [0, null, 0])]);
    expect(option.yAxis.min).toBe(0);
    expect(option.yAxis.interval).toBeUndefined();
    expect(option.yAxis.max).toBeUndefined();
  });

  it('names the unit on the y axis, and none for quantities and rates', () => {
    for (const unit of ['円', '枚', '回', '人']) {
      expect(build([line('A', [1, 2, 3])], unit).yAxis.name).toBe(unit);
    }
    expect(build([line('A', [1, 2, 3])], '').yAxis.name).toBeUndefined();
    expect(build([line('A', [1, 2, 3])], '%').yAxis.name).toBeUndefined();
  });

  it('shows a rate axis in percent', () => {
    const rate = build([line('A', [40, 60])], '%');
    const tick = rate.yAxis.axisLabel.formatter as (v: number) => string;
    expect(tick(50)).toBe('50%');
    expect(tick(12.5)).toBe('12.5%');
  });

  it('shows ticks in 万 and 億 from ten thousand', () => {
    const tick = build([line('A', [1, 2, 3])]).yAxis.axisLabel.formatter as (v: number) => string;
    expect(tick(9000)).toBe('9,000');
    expect(tick(236_240)).toBe('23.6万');
    expect(tick(150_000_000)).toBe('1.5億');
  });

  it('lists every line of a bucket in the tooltip with formatted values', () => {
    const option = build([line('A&B', [1000, 2, 3]), line('C', [null, 2, 3])]);
    expect(option.tooltip.trigger).toBe('axis');
    const tooltip = option.tooltip.formatter([
      { dataIndex: 0, seriesIndex: 0, marker: '' },
      { dataIndex: 0, seriesIndex: 1, marker: '' },
    ]);
    expect(tooltip).toContain('2026/01');
    expect(tooltip).toContain('A&amp;B');
    expect(tooltip).toContain('1,000円');
    expect(tooltip).toContain('<b>-</b>');
  });
});
