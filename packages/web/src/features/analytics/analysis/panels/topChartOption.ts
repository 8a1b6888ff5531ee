import {
  CHART_MAX_SERIES,
  axisUnitName,
  formatAxisTick,
  formatMetricValue,
  truncateBarLabel,
  type AnalysisSeries,
} from '@pharmalytics/domain';
import { format } from 'echarts/core';
import type { EChartOption } from '../../../../components/charts/EChart.tsx';
import {
  TICK_FONT_SIZE,
  TOOLTIP_FONT_SIZE,
  TOOLTIP_ROW_STYLE,
  type ChartStyle,
} from './chartStyle.ts';

type TopChartSeries = Pick<AnalysisSeries, 'name' | 'total'>;

/** The series the top chart draws: the first ten in the page's order (spec 02 §2.2). */
export const topChartSeries = <T extends TopChartSeries>(series: readonly T[]): T[] =>
  series.slice(0, CHART_MAX_SERIES);

/**
 * Horizontal bars of the first ten series' totals, the first on top; the labels are cut to
 * 13 characters, the tooltip names the item in full.
 */
export function topChartOption(
  series: readonly TopChartSeries[],
  unit: string,
  style: ChartStyle,
): EChartOption {
  const items = topChartSeries(series);
  const axisLabel = { fontSize: TICK_FONT_SIZE, color: style.mutedText };
  return {
    animation: false,
    textStyle: { fontFamily: style.fontFamily },
    grid: {
      top: 8,
      right: 24,
      bottom: 0,
      left: 0,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    xAxis: {
      type: 'value',
      axisLabel: {
        ...axisLabel,
        formatter: (value: number) => `${formatAxisTick(value, unit)}${axisUnitName(unit)}`,
      },
      splitLine: { lineStyle: { color: style.gridLine } },
    },
    yAxis: {
      type: 'category',
      // Indices rather than names: two items may share a (cut) name.
      data: items.map((_, i) => String(i)),
      inverse: true,
      axisLine: { lineStyle: { color: style.mutedText } },
      axisTick: { alignWithLabel: true },
      axisLabel: {
        ...axisLabel,
        color: style.text,
        formatter: (_value: string, index: number) => truncateBarLabel(items[index]?.name ?? ''),
      },
    },
    tooltip: {
      trigger: 'item',
      confine: true,
      textStyle: { fontFamily: style.fontFamily, fontSize: TOOLTIP_FONT_SIZE },
      formatter: (params) => {
        const item = Array.isArray(params) ? params[0] : params;
        const index = item?.dataIndex ?? 0;
        const name = format.encodeHTML(items[index]?.name ?? '');
        const value = format.encodeHTML(formatMetricValue(items[index]?.total, unit));
        return `<div style="${TOOLTIP_ROW_STYLE}"><span>${name}</span><b>${value}</b></div>`;
      },
    },
    series: [
      {
        type: 'bar',
        data: items.map((s) => s.total),
        itemStyle: { color: style.bar },
        barMaxWidth: 24,
      },
    ],
  };
}
