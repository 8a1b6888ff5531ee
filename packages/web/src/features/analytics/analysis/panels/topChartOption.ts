import {
  CHART_MAX_SERIES,
  axisUnitName,
  formatAxisTick,
  formatMetricValue,
  metricTotalsText,
  TABLE_CHANGE_HEADER,
  truncateBarLabel,
  type AnalysisSeries,
} from '@pharmalytics/domain';
import { format } from 'echarts/core';
import type { EChartOption } from '../../../../components/charts/EChart.tsx';
import { valueAxisRange } from './axisRange.ts';
import {
  TICK_FONT_SIZE,
  TOOLTIP_FONT_SIZE,
  TOOLTIP_ROW_STYLE,
  type ChartStyle,
} from './chartStyle.ts';

type TopChartSeries = Pick<AnalysisSeries, 'name' | 'total'> &
  Partial<Pick<AnalysisSeries, 'comparisonTotal' | 'comparisonComplete'>>;

/** The series the top chart draws: the first ten in the page's order (spec 02 §2.2). */
export const topChartSeries = <T extends TopChartSeries>(series: readonly T[]): T[] =>
  series.slice(0, CHART_MAX_SERIES);

/** With a comparison: the legend's names of the two bars of an item. */
export interface TopChartComparison {
  baseName: string;
  comparisonName: string;
}

const row = (name: string, value: string) =>
  `<div style="${TOOLTIP_ROW_STYLE}"><span>${format.encodeHTML(name)}</span><b>${format.encodeHTML(value)}</b></div>`;

/**
 * Horizontal bars of the first ten series' totals, the first on top; with a comparison a lighter
 * bar of the comparison period's total under each. The labels are cut to 13 characters, the
 * tooltip names the item in full.
 */
export function topChartOption(
  series: readonly TopChartSeries[],
  unit: string,
  style: ChartStyle,
  comparison: TopChartComparison | null = null,
): EChartOption {
  const items = topChartSeries(series);
  const axisLabel = { fontSize: TICK_FONT_SIZE, color: style.mutedText };
  const bars = [items.map((s) => s.total)];
  if (comparison) bars.push(items.map((s) => s.comparisonTotal ?? null));
  return {
    animation: false,
    textStyle: { fontFamily: style.fontFamily },
    ...(comparison && {
      legend: {
        top: 0,
        itemGap: 16,
        textStyle: { color: style.text, fontSize: 12 },
      },
    }),
    grid: {
      top: comparison ? 32 : 8,
      right: 24,
      bottom: 0,
      left: 0,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    xAxis: {
      type: 'value',
      ...valueAxisRange(bars.flat(), unit),
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
        const param = Array.isArray(params) ? params[0] : params;
        const item = items[param?.dataIndex ?? 0];
        const value = formatMetricValue(item?.total, unit);
        if (!comparison) return row(item?.name ?? '', value);
        const totals = metricTotalsText(
          unit,
          item?.total,
          item?.comparisonTotal,
          item?.comparisonComplete !== false,
        );
        return [
          `<div>${format.encodeHTML(item?.name ?? '')}</div>`,
          row(comparison.baseName, totals.base),
          row(comparison.comparisonName, totals.comparison),
          row(TABLE_CHANGE_HEADER, totals.change),
          totals.note ? `<div>${format.encodeHTML(totals.note)}</div>` : '',
        ].join('');
      },
    },
    series: [
      {
        type: 'bar',
        ...(comparison && { name: comparison.baseName }),
        data: bars[0],
        itemStyle: { color: style.bar },
        barMaxWidth: 24,
      },
      ...(comparison
        ? [
            {
              type: 'bar' as const,
              name: comparison.comparisonName,
              data: bars[1],
              itemStyle: { color: style.comparisonBar },
              barMaxWidth: 24,
            },
          ]
        : []),
    ],
  };
}
