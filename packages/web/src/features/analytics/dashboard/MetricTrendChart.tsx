import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/charts/EChart.tsx';
import { chartStyle } from '../analysis/panels/chartStyle.ts';
import type { ChartData } from './figures.ts';
import { metricTrendChartOption } from './metricTrendChartOption.ts';

const CHART_HEIGHT = 240;

/** Both periods of one metric as two lines over the bucket index (spec 02 §2.1). */
export function MetricTrendChart({ chart, unit }: { chart: ChartData; unit: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const baseName = t('dashboard.base');
  const comparisonName = t('dashboard.comparison');

  const option = useMemo(
    () =>
      metricTrendChartOption({
        chart,
        unit,
        style: chartStyle(theme),
        base: { name: baseName, color: theme.palette.primary.main },
        comparison: { name: comparisonName, color: theme.palette.secondary.main },
      }),
    [chart, unit, theme, baseName, comparisonName],
  );

  return (
    <EChart option={option} height={CHART_HEIGHT} ariaLabel={`${baseName} ／ ${comparisonName}`} />
  );
}
