import { useTheme } from '@mui/material/styles';
import type { JudgementMonth } from '@pharmalytics/domain';
import { useMemo } from 'react';
import { EChart } from '../../components/charts/EChart.tsx';
import { projectionChartOption, type ThresholdLine } from './projectionChartOption.ts';

const CHART_HEIGHT = 320;

/** Monthly 施設基準 receptions of the current period against the period before. */
export function ProjectionChart({
  current,
  previous,
  thresholds,
  ariaLabel,
}: {
  current: readonly JudgementMonth[];
  previous: readonly JudgementMonth[];
  thresholds: readonly ThresholdLine[];
  ariaLabel: string;
}) {
  const theme = useTheme();
  const option = useMemo(
    () =>
      projectionChartOption({
        current,
        previous,
        thresholds,
        colors: {
          fontFamily: theme.typography.fontFamily ?? 'sans-serif',
          text: theme.palette.text.primary,
          mutedText: theme.palette.text.secondary,
          gridLine: theme.palette.divider,
          observed: theme.palette.primary.main,
          projected: theme.palette.secondary.main,
          yearBefore: theme.palette.grey[500],
          threshold: theme.palette.error.main,
        },
      }),
    [current, previous, thresholds, theme],
  );
  return <EChart option={option} height={CHART_HEIGHT} ariaLabel={ariaLabel} />;
}
