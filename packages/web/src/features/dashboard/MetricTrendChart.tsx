import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatNumber, NO_VALUE } from '@pharmalytics/domain';
import { useTranslation } from 'react-i18next';
import { formatMetricValue, type ChartData } from './figures.ts';

const CHART_HEIGHT = 240;
/** Marks are drawn up to this many buckets; beyond, the line alone reads better. */
const MAX_MARKS = 31;
const TEN_THOUSAND = 10_000;

/** Axis ticks: 12.3万 above ten thousand, otherwise the number. */
function tickText(value: number): string {
  return Math.abs(value) >= TEN_THOUSAND
    ? `${formatNumber(value / TEN_THOUSAND, 1)}万`
    : formatNumber(value, 1);
}

/** 2026/11/14 → 11/14 on the ticks; other labels as they are. */
function shortLabel(label: string): string {
  return /^\d{4}\/\d{2}\/\d{2}$/.test(label) ? label.slice(5) : label;
}

/** Both periods of one metric as two lines over the bucket index (spec 02 §2.1). */
export function MetricTrendChart({ chart, unit }: { chart: ChartData; unit: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const indices = chart.labels.map((_, i) => i);
  const showMark = chart.labels.length <= MAX_MARKS;
  return (
    <LineChart
      height={CHART_HEIGHT}
      skipAnimation
      grid={{ horizontal: true }}
      margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
      xAxis={[
        {
          scaleType: 'point',
          data: indices,
          valueFormatter: (index: number, context) => {
            const label = chart.labels[index] ?? '';
            return context.location === 'tick' ? shortLabel(label) : label;
          },
          tickLabelStyle: { fontSize: 11 },
        },
      ]}
      yAxis={[{ width: 52, valueFormatter: tickText, tickLabelStyle: { fontSize: 11 } }]}
      series={[
        {
          data: chart.base,
          label: t('dashboard.base'),
          color: theme.palette.primary.main,
          showMark,
          valueFormatter: (value) => formatMetricValue(value, unit),
        },
        {
          data: chart.comparison,
          label: t('dashboard.comparison'),
          color: theme.palette.secondary.main,
          showMark,
          valueFormatter: (value, { dataIndex }) => {
            const label = chart.comparisonLabels[dataIndex];
            if (value == null) return NO_VALUE;
            return label
              ? `${formatMetricValue(value, unit)}（${label}）`
              : formatMetricValue(value, unit);
          },
        },
      ]}
    />
  );
}
