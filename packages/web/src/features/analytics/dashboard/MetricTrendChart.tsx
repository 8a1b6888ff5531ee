import { useTheme } from '@mui/material/styles';
import { axisUnitName, formatAxisTick } from '@pharmalytics/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, type EChartOption } from '../../../components/charts/EChart.tsx';
import type { ChartData } from './figures.ts';

const CHART_HEIGHT = 240;
/** Marks are drawn up to this many buckets; beyond, the line alone reads better. */
const MAX_MARKS = 31;
const TICK_FONT_SIZE = 11;

/** 2026/11/14 → 11/14 on the ticks; other labels as they are. */
function shortLabel(label: string): string {
  return /^\d{4}\/\d{2}\/\d{2}$/.test(label) ? label.slice(5) : label;
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
        // The unit on the axis (円, 枚, 人, 回); a rate's ticks carry their %.
        name: axisUnitName(unit),
        nameTextStyle: { fontSize: TICK_FONT_SIZE, color: palette.text.secondary },
        axisLine: { show: true, ...axisLine },
        axisTick: { show: true },
        axisLabel: { ...axisLabel, formatter: (value: number) => formatAxisTick(value, unit) },
        splitLine: { lineStyle: { color: palette.divider } },
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
