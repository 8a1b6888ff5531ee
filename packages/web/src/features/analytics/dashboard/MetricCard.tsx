import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  DASHBOARD_DEFINED_METRICS,
  MESSAGES,
  metricDefinition,
  periodText,
  type DateRange,
  type Metric,
} from '@pharmalytics/domain';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeBadge } from '../change/index.ts';
import { DefinitionHint } from '../definition/index.ts';
import { cardFigures, chartData, hasData, type DashboardMetricData } from './figures.ts';
import { MetricTrendChart } from './MetricTrendChart.tsx';
import { visuallyHidden } from '../../../components/index.ts';
import type { SearchCondition } from '../../search-condition/index.ts';

const CHART_WIDTH = 480;
/** Leaving the card for the chart (or back) does not close it on the way. */

export type MetricState =
  | { status: 'pending' }
  | { status: 'error'; retry: () => void }
  | { status: 'success'; data: DashboardMetricData };

export interface MetricCardProps {
  metric: Metric;
  state: MetricState;
  condition: SearchCondition;
  comparison: DateRange;
}

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
        {term}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}
      >
        {children}
      </Typography>
    </Box>
  );
}

/**
 * Shows the chart while the pointer is over the card or the card has focus. The chart never takes
 * the pointer: moving on to the next card reaches that card, not the chart laid over it.
 */
function useChartVisibility() {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  return {
    open: (hovered || focused) && !dismissed,
    cardProps: {
      onMouseEnter: () => {
        setHovered(true);
        setDismissed(false);
      },
      onMouseLeave: () => setHovered(false),
      onFocus: () => {
        setFocused(true);
        setDismissed(false);
      },
      onBlur: () => setFocused(false),
      onKeyDown: (event: { key: string }) => {
        if (event.key === 'Escape') setDismissed(true);
      },
    },
  };
}

/** One metric: base and comparison totals, the change, and the trend chart on hover/focus. */
export function MetricCard({ metric, state, condition, comparison }: MetricCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const chartId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const loaded = state.status === 'success' ? state.data : null;
  const definition = (DASHBOARD_DEFINED_METRICS as readonly string[]).includes(metric.slug)
    ? metricDefinition(metric.slug)
    : undefined;
  const withData = loaded !== null && hasData(loaded);
  const visibility = useChartVisibility();
  const chartOpen = withData && visibility.open;
  // The same object while the data and periods stay, so a re-render does not redraw the chart.
  const chart = useMemo(
    () => (loaded ? chartData(loaded, condition.base, comparison, condition.timeAxis) : null),
    // The periods by value: the page derives them anew on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      loaded,
      condition.base.from,
      condition.base.to,
      comparison.from,
      comparison.to,
      condition.timeAxis,
    ],
  );

  let body: ReactNode;
  if (state.status === 'pending') {
    body = (
      <Box role="status" aria-label={t('common.loading')}>
        <Skeleton variant="text" width="70%" sx={{ fontSize: 28 }} />
        <Skeleton variant="text" width="90%" />
        <Skeleton variant="text" width="50%" />
      </Box>
    );
  } else if (state.status === 'error') {
    body = (
      <Box sx={{ display: 'grid', justifyItems: 'start', gap: 1, py: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.loadFailed')}
        </Typography>
        <Button size="small" onClick={state.retry} sx={{ ml: -1 }}>
          {t('dashboard.retry')}
        </Button>
      </Box>
    );
  } else if (!withData) {
    body = (
      <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
        {MESSAGES.noData}
      </Typography>
    );
  } else {
    const figures = cardFigures(metric, state.data);
    body = (
      <>
        <Typography
          data-testid="metric-base"
          sx={{
            fontSize: 26,
            fontWeight: 700,
            lineHeight: 1.3,
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          <Box component="span" sx={visuallyHidden}>
            {t('dashboard.base')}
          </Box>
          {figures.base}
        </Typography>
        <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gap: 0.5 }}>
          <Figure term={t('dashboard.comparison')}>
            <span data-testid="metric-comparison">{figures.comparison}</span>
          </Figure>
          <Figure term={t('dashboard.change')}>
            <span data-testid="metric-change">
              {figures.note ? (
                <Typography component="span" variant="caption" color="text.secondary">
                  {figures.note}
                </Typography>
              ) : (
                <ChangeBadge style={figures.style} text={figures.change} />
              )}
            </span>
          </Figure>
        </Box>
      </>
    );
  }

  return (
    <>
      <Paper
        component="article"
        variant="outlined"
        ref={setAnchor}
        tabIndex={withData ? 0 : undefined}
        aria-labelledby={titleId}
        aria-describedby={chartOpen ? chartId : undefined}
        aria-busy={state.status === 'pending'}
        data-slug={metric.slug}
        {...(withData ? visibility.cardProps : {})}
        sx={{
          p: 2,
          display: 'flex',
          flexDirection: 'column',
          minHeight: 156,
          outline: 'none',
          transition: (theme) => theme.transitions.create(['border-color', 'box-shadow']),
          ...(withData && {
            cursor: 'default',
            '&:hover, &:focus-visible': {
              borderColor: 'primary.main',
              boxShadow: '0 2px 10px rgba(0, 105, 92, 0.12)',
            },
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
          }),
        }}
      >
        <Box
          sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }}>
            <Typography id={titleId} component="h3" sx={{ fontWeight: 700, fontSize: 15 }}>
              {metric.label}
            </Typography>
            {definition && <DefinitionHint label={metric.label} definition={definition} />}
          </Box>
          <Typography variant="caption" color="text.secondary" aria-hidden="true">
            {metric.unit}
          </Typography>
        </Box>
        {body}
      </Paper>
      {loaded && withData && (
        <Popper
          open={chartOpen}
          anchorEl={anchor}
          placement="bottom-start"
          sx={{ zIndex: (theme) => theme.zIndex.tooltip, pointerEvents: 'none' }}
          modifiers={[{ name: 'offset', options: { offset: [0, 6] } }]}
        >
          <Paper
            id={chartId}
            elevation={8}
            sx={{ width: CHART_WIDTH, maxWidth: 'calc(100vw - 32px)', p: 2, pb: 1 }}
          >
            <Typography component="p" sx={{ fontWeight: 700, fontSize: 14 }}>
              {t('dashboard.chartTitle', { metric: metric.label })}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {t('dashboard.base')} {periodText(condition.base)} ／ {t('dashboard.comparison')}{' '}
              {periodText(comparison)}
            </Typography>
            <Box
              role="img"
              aria-label={t('dashboard.chartSummary', {
                metric: metric.label,
                base: periodText(condition.base),
                comparison: periodText(comparison),
              })}
            >
              {chart && <MetricTrendChart chart={chart} unit={metric.unit} />}
            </Box>
          </Paper>
        </Popper>
      )}
    </>
  );
}
