import Box from '@mui/material/Box';
import {
  ANALYSIS_TABLE,
  type AnalysisPageDef,
  type AnalysisSeries,
  type Metric,
  type TimeAxisValue,
} from '@pharmalytics/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAnalysisData } from './analysisData.ts';
import { BreakdownTable } from './BreakdownTable.tsx';
import { PANEL_CHART_HEIGHT } from './chartStyle.ts';
import { Panel, type PanelView } from './Panel.tsx';
import { TopChart } from './TopChart.tsx';
import { TrendChart } from './TrendChart.tsx';
import { useTableSelection } from './useTableSelection.ts';

/** The data of the panels: loading, failed (with a retry), or the series in the page's order. */
export type AnalysisPanelsState =
  | { status: 'pending' }
  | { status: 'error'; retry: () => void }
  | { status: 'success'; series: readonly AnalysisSeries[] };

export interface AnalysisPanelsProps {
  page: AnalysisPageDef;
  metric: Metric;
  axis: TimeAxisValue;
  /** The period's buckets on the axis (periodBuckets). */
  buckets: readonly string[];
  /** A comparison period was asked: the top chart and the table show it. */
  comparison: boolean;
  state: AnalysisPanelsState;
}

const NO_SERIES: readonly AnalysisSeries[] = [];

const sameBuckets = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((bucket, i) => bucket === b[i]);

/**
 * The buckets as the same array while they are equal: the page derives them anew on every
 * render, and a new array would rebuild the table's columns and redraw the trend chart.
 */
function useStableBuckets(buckets: readonly string[]): readonly string[] {
  const [kept, setKept] = useState(buckets);
  if (kept === buckets || sameBuckets(kept, buckets)) return kept;
  setKept(buckets);
  return buckets;
}

/**
 * The three panels under an analysis page's header (spec 02 §2.2): the top chart and the trend
 * chart side by side on wide screens, the breakdown table below. The rows checked in the table
 * are the trend chart's lines.
 */
export function AnalysisPanels({
  page,
  metric,
  axis,
  comparison,
  state,
  ...props
}: AnalysisPanelsProps) {
  const { t } = useTranslation();
  const buckets = useStableBuckets(props.buckets);
  const series = state.status === 'success' ? state.series : NO_SERIES;
  const selection = useTableSelection(series);
  const withData = useMemo(() => hasAnalysisData(series), [series]);

  let view: PanelView;
  if (state.status === 'pending') view = { status: 'pending' };
  else if (state.status === 'error') view = { status: 'error', retry: state.retry };
  else view = withData ? { status: 'ready' } : { status: 'empty' };

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <Panel title={t('panels.topChart')} view={view} height={PANEL_CHART_HEIGHT}>
        <TopChart series={series} metric={metric} comparison={comparison} />
      </Panel>
      <Panel title={t('panels.trendChart')} view={view} height={PANEL_CHART_HEIGHT}>
        <TrendChart
          series={selection.checkedSeries}
          buckets={buckets}
          axis={axis}
          metric={metric}
        />
      </Panel>
      <Panel title={t('panels.breakdown')} view={view} height={ANALYSIS_TABLE.height} wide>
        <BreakdownTable
          page={page}
          metric={metric}
          axis={axis}
          buckets={buckets}
          series={series}
          comparison={comparison}
          checked={selection.checked}
          onCheck={selection.check}
          onReset={selection.reset}
        />
      </Panel>
    </Box>
  );
}
