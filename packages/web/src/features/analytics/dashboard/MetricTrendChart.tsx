import { useTheme } from '@mui/material/styles';
import { formatCompactNumber, formatMetricValue, NO_VALUE } from '@pharmalytics/domain';
import { format } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, type EChartOption } from '../../../components/charts/EChart.tsx';
import type { ChartData } from './figures.ts';

const CHART_HEIGHT = 240;
/** Marks are drawn up to this many buckets; beyond, the line alone reads better. */
const MAX_MARKS = 31;
const TICK_FONT_SIZE = 11;
const BASE_SERIES = 0;
const TOOLTIP_ROW_STYLE = 'display:flex;justify-content:space-between;gap:16px';

/** 2026/11/14 → 11/14 on the ticks; other labels as they are. */
function shortLabel(label: string): string {
  return /^\d{4}\/\d{2}\/\d{2}$/.test(label) ? label.slice(5) : label;
}

/** The tooltip's value of one series at a bucket; the comparison names its own bucket. */
function tooltipValue(chart: ChartData, unit: string, series: number, index: number): string {
  if (series === BASE_SERIES) return formatMetricValue(chart.base[index], unit);
  const value = chart.comparison[index];
  if (value == null) return NO_VALUE;
  const label = chart.comparisonLabels[index];
  return label ? `${formatMetricValue(value, unit)}（${label}）` : formatMetricValue(value, unit);
}

/** Both periods of one metric as two lines over the bucket index (spec 02 §2.1). */
export function MetricTrendChart({ chart, unit }: { chart: ChartData; unit: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const baseName = t('dashboard.base');
  const comparisonName = t('dashboard.comparison');

  const option = useMemo((): EChartOption => {
    const { palette, typography } = theme;
    const showSymbol = chart.labels.length <= MAX_MARKS;
    const axisLine = { lineStyle: { color: palette.text.secondary } };
    const axisLabel = { fontSize: TICK_FONT_SIZE, color: palette.text.secondary };
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
      textStyle: { fontFamily: typography.fontFamily },
      legend: {
        top: 0,
        itemGap: 16,
        textStyle: { color: palette.text.primary, fontSize: 12 },
      },
      grid: {
        top: 32,
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
        axisLine: { show: true, ...axisLine },
        axisTick: { show: true },
        axisLabel: { ...axisLabel, formatter: formatCompactNumber },
        splitLine: { lineStyle: { color: palette.divider } },
      },
      tooltip: {
        trigger: 'axis',
        confine: true,
        textStyle: { fontFamily: typography.fontFamily, fontSize: 12 },
        formatter: (params) => {
          const items = Array.isArray(params) ? params : [params];
          const index = items[0]?.dataIndex ?? 0;
          const rows = items.map((item) => {
            const marker = typeof item.marker === 'string' ? item.marker : '';
            const name = format.encodeHTML(item.seriesName ?? '');
            const value = format.encodeHTML(
              tooltipValue(chart, unit, item.seriesIndex ?? 0, index),
            );
            return `<div style="${TOOLTIP_ROW_STYLE}"><span>${marker}${name}</span><b>${value}</b></div>`;
          });
          return [`<div>${format.encodeHTML(chart.labels[index] ?? '')}</div>`, ...rows].join('');
        },
      },
      series: [
        line(baseName, chart.base, palette.primary.main),
        line(comparisonName, chart.comparison, palette.secondary.main),
      ],
    };
  }, [chart, unit, theme, baseName, comparisonName]);

  return (
    <EChart option={option} height={CHART_HEIGHT} ariaLabel={`${baseName} ／ ${comparisonName}`} />
  );
}
