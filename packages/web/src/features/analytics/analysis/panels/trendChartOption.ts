import {
  bucketText,
  CHART_MAX_SERIES,
  axisUnitName,
  formatAxisTick,
  formatMetricValue,
  truncateBarLabel,
  type AnalysisSeries,
  type TimeAxisValue,
} from '@pharmalytics/domain';
import { format } from 'echarts/core';
import type { EChartOption } from '../../../../components/charts/EChart.tsx';
import {
  TICK_FONT_SIZE,
  TOOLTIP_FONT_SIZE,
  TOOLTIP_ROW_STYLE,
  type ChartStyle,
} from './chartStyle.ts';
import { SERIES_PALETTE } from '../../../../components/charts/seriesPalette.ts';
import { valueAxisRange } from './axisRange.ts';

/** Marks are drawn up to this many buckets; beyond, the line alone reads better. */
const MAX_MARKS = 31;

type TrendSeries = Pick<AnalysisSeries, 'name' | 'rows'>;

export interface TrendChartInput {
  /** The checked series, in table order. */
  series: readonly TrendSeries[];
  buckets: readonly string[];
  axis: TimeAxisValue;
  unit: string;
  style: ChartStyle;
}

/** Each series' value per bucket; null where the series has none, which breaks the line. */
function valuesByBucket(series: TrendSeries, buckets: readonly string[]): (number | null)[] {
  const byDate = new Map(series.rows.map((r) => [r.date, r.value]));
  return buckets.map((b) => byDate.get(b) ?? null);
}

/** One line per checked series (at most ten) over the buckets, coloured by SERIES_PALETTE. */
export function trendChartOption({
  series,
  buckets,
  axis,
  unit,
  style,
}: TrendChartInput): EChartOption {
  const drawn = series.slice(0, CHART_MAX_SERIES);
  const labels = buckets.map((b) => bucketText(b, axis));
  const lines = drawn.map((s) => valuesByBucket(s, buckets));
  const showSymbol = buckets.length <= MAX_MARKS;
  const axisLabel = { fontSize: TICK_FONT_SIZE, color: style.mutedText };
  const axisLine = { lineStyle: { color: style.mutedText } };
  return {
    animation: false,
    textStyle: { fontFamily: style.fontFamily },
    legend: {
      type: 'scroll',
      top: 0,
      itemGap: 16,
      textStyle: { color: style.text, fontSize: 12 },
      formatter: truncateBarLabel,
      tooltip: { show: true },
    },
    grid: {
      top: 40,
      right: 16,
      bottom: 0,
      left: 0,
      outerBoundsMode: 'same',
      outerBoundsContain: 'all',
    },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: labels,
      axisLine,
      axisTick: { alignWithLabel: true },
      axisLabel,
    },
    yAxis: {
      type: 'value',
      ...valueAxisRange(lines.flat(), unit),
      ...(axisUnitName(unit) !== '' && {
        name: axisUnitName(unit),
        nameTextStyle: { color: style.mutedText, fontSize: TICK_FONT_SIZE, align: 'right' },
      }),
      axisLine: { show: true, ...axisLine },
      axisTick: { show: true },
      axisLabel: { ...axisLabel, formatter: (value: number) => formatAxisTick(value, unit) },
      splitLine: { lineStyle: { color: style.gridLine } },
    },
    tooltip: {
      trigger: 'axis',
      confine: true,
      textStyle: { fontFamily: style.fontFamily, fontSize: TOOLTIP_FONT_SIZE },
      formatter: (params) => {
        const items = Array.isArray(params) ? params : [params];
        const index = items[0]?.dataIndex ?? 0;
        const rows = items.map((item) => {
          const marker = typeof item.marker === 'string' ? item.marker : '';
          const name = format.encodeHTML(drawn[item.seriesIndex ?? 0]?.name ?? '');
          const value = lines[item.seriesIndex ?? 0]?.[index] ?? null;
          const text = format.encodeHTML(formatMetricValue(value, unit));
          return `<div style="${TOOLTIP_ROW_STYLE}"><span>${marker}${name}</span><b>${text}</b></div>`;
        });
        return [`<div>${format.encodeHTML(labels[index] ?? '')}</div>`, ...rows].join('');
      },
    },
    series: drawn.map((s, i) => {
      const color = SERIES_PALETTE[i];
      return {
        type: 'line',
        name: s.name,
        data: lines[i],
        connectNulls: false,
        showSymbol,
        symbol: 'emptyCircle',
        symbolSize: 6,
        itemStyle: { color },
        lineStyle: { color, width: 2 },
      };
    }),
  };
}
