import { axisUnitName, formatAxisTick } from '@pharmalytics/domain';
import type { EChartOption } from '../../../components/charts/EChart.tsx';
import { valueAxisRange } from '../analysis/panels/axisRange.ts';
import { TICK_FONT_SIZE, type ChartStyle } from '../analysis/panels/chartStyle.ts';
import type { ChartData } from './figures.ts';

/** Marks are drawn up to this many buckets; beyond, the line alone reads better. */
const MAX_MARKS = 31;

/** 2026/11/14 → 11/14 on the ticks; other labels as they are. */
function shortLabel(label: string): string {
  return /^\d{4}\/\d{2}\/\d{2}$/.test(label) ? label.slice(5) : label;
}

export interface MetricTrendChartInput {
  chart: ChartData;
  unit: string;
  style: ChartStyle;
  /** The two lines' names and colours. */
  base: { name: string; color: string };
  comparison: { name: string; color: string };
}

/** Both periods of one dashboard metric as two lines over the bucket index (spec 02 §2.1). */
export function metricTrendChartOption({
  chart,
  unit,
  style,
  base,
  comparison,
}: MetricTrendChartInput): EChartOption {
  const showSymbol = chart.labels.length <= MAX_MARKS;
  const axisLine = { lineStyle: { color: style.mutedText } };
  const axisLabel = { fontSize: TICK_FONT_SIZE, color: style.mutedText };
  const line = (name: string, data: (number | null)[], color: string) => ({
    type: 'line' as const,
    name,
    data,
    showSymbol,
    symbol: 'emptyCircle',
    symbolSize: 6,
    itemStyle: { color },
    lineStyle: { color, width: 2 },
  });
  return {
    animation: false,
    textStyle: { fontFamily: style.fontFamily },
    legend: {
      top: 0,
      itemGap: 16,
      textStyle: { color: style.text, fontSize: 12 },
    },
    grid: {
      top: 40,
      right: 16,
      bottom: 0,
      left: 0,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: chart.labels.map((_, i) => i),
      axisLine,
      axisTick: { alignWithLabel: true },
      axisLabel: {
        ...axisLabel,
        formatter: (_value: string, index: number) => shortLabel(chart.labels[index] ?? ''),
      },
    },
    yAxis: {
      type: 'value',
      ...valueAxisRange([...chart.base, ...chart.comparison], unit),
      // The unit on the axis (円, 枚, 人, 回); a rate's ticks carry their %.
      name: axisUnitName(unit),
      nameTextStyle: { fontSize: TICK_FONT_SIZE, color: style.mutedText },
      axisLine: { show: true, ...axisLine },
      axisTick: { show: true },
      axisLabel: { ...axisLabel, formatter: (value: number) => formatAxisTick(value, unit) },
      splitLine: { lineStyle: { color: style.gridLine } },
    },
    series: [
      line(base.name, chart.base, base.color),
      line(comparison.name, chart.comparison, comparison.color),
    ],
  };
}
