import { useTheme } from '@mui/material/styles';
import type { AnalysisSeries, Metric } from '@pharmalytics/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../../components/charts/EChart.tsx';
import { chartStyle, PANEL_CHART_HEIGHT } from './chartStyle.ts';
import { topChartOption, topChartSeries } from './topChartOption.ts';

export interface TopChartProps {
  series: readonly AnalysisSeries[];
  metric: Metric;
  /** Draws each item's comparison period beside it. */
  comparison: boolean;
}

/** 上位グラフ: the totals of the first ten series as horizontal bars. */
export function TopChart({ series, metric, comparison }: TopChartProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const option = useMemo(
    () =>
      topChartOption(
        series,
        metric.unit,
        chartStyle(theme),
        comparison
          ? { baseName: t('panels.currentPeriod'), comparisonName: t('panels.comparisonPeriod') }
          : null,
      ),
    [series, metric.unit, theme, comparison, t],
  );
  const label = t('panels.topChartLabel', {
    metric: metric.label,
    count: topChartSeries(series).length,
  });
  return <EChart option={option} height={PANEL_CHART_HEIGHT} ariaLabel={label} />;
}
