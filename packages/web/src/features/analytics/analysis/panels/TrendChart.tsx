import { useTheme } from '@mui/material/styles';
import type { AnalysisSeries, Metric, TimeAxisValue } from '@pharmalytics/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../../components/charts/EChart.tsx';
import { chartStyle, PANEL_CHART_HEIGHT } from './chartStyle.ts';
import { trendChartOption } from './trendChartOption.ts';

export interface TrendChartProps {
  /** The series checked in the table, in table order. */
  series: readonly AnalysisSeries[];
  buckets: readonly string[];
  axis: TimeAxisValue;
  metric: Metric;
}

/** 推移グラフ: a line per checked series over the period's buckets. */
export function TrendChart({ series, buckets, axis, metric }: TrendChartProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const option = useMemo(
    () => trendChartOption({ series, buckets, axis, unit: metric.unit, style: chartStyle(theme) }),
    [series, buckets, axis, metric.unit, theme],
  );
  return (
    <EChart
      option={option}
      height={PANEL_CHART_HEIGHT}
      ariaLabel={t('panels.trendChartLabel', {
        metric: metric.label,
        names: series.map((s) => s.name).join('、'),
      })}
    />
  );
}
