import DateRangeOutlinedIcon from '@mui/icons-material/DateRangeOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { jaJP as pickersJaJP } from '@mui/x-date-pickers/locales';
import {
  DASHBOARD_METRIC_SLUGS,
  DASHBOARD_METRICS,
  durationPresetByValue,
  MESSAGES,
  periodText,
  TIME_AXES,
  todayInJapan,
  type DashboardMetricSlug,
} from '@pharmalytics/domain';
import { useQueries, useQuery } from '@tanstack/react-query';
import { ja } from 'date-fns/locale/ja';
import { useId, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isApiError,
  isDevApiEnabled,
  isSessionExpiry,
  subscribeDevApi,
  type Member,
  type Store,
} from '../../api/index.ts';
import { routeTitle } from '../../app/paths.ts';
import { enqueueSnackbar, PageHeading, PageLoader } from '../../components/index.ts';
import { useSignedInMember } from '../auth/index.ts';
import { fetchStores, storeKeys, visibleStores } from '../stores/index.ts';
import { dashboardKeys, dashboardQuery, fetchDashboardMetric, type DashboardQuery } from './api.ts';
import {
  comparisonOf,
  loadCondition,
  queriedStoreCodes,
  saveCondition,
  storageKey,
  type DashboardCondition,
} from './condition.ts';
import type { DashboardMetricData } from './figures.ts';
import { MailButton } from './MailButton.tsx';
import { canSendMail, mailBody, type LoadedMetrics } from './mail.ts';
import { MetricCard, type MetricState } from './MetricCard.tsx';
import { PeriodMenu } from './PeriodMenu.tsx';
import { StoreSelectDialog } from './StoreSelectDialog.tsx';
import { activeStores, activeStoreTree, storesText } from './storeSelection.ts';

const PICKER_LOCALE_TEXT = pickersJaJP.components.MuiLocalizationProvider.defaultProps.localeText;

/** A failed card shows the unexpected-error message once (spec 02 §8). */
async function loadMetric(
  slug: DashboardMetricSlug,
  query: DashboardQuery,
  signal: AbortSignal,
): Promise<DashboardMetricData> {
  try {
    return await fetchDashboardMetric(slug, query, signal);
  } catch (error) {
    const aborted = error instanceof DOMException && error.name === 'AbortError';
    // The session expiry has its own message; parallel failures show as one snackbar.
    if (!aborted && !isSessionExpiry(error)) enqueueSnackbar(MESSAGES.unexpected, 'error');
    if (!isApiError(error) && !aborted) console.error(error);
    throw error;
  }
}

/** The Dashboard route (spec 02 §2.1): eleven metrics of a period against a comparison. */
export function DashboardPage() {
  const { t } = useTranslation();
  const member = useSignedInMember();
  const stores = useQuery({ queryKey: storeKeys.all, queryFn: fetchStores });

  let content;
  if (stores.isPending) {
    content = <PageLoader minHeight="50vh" />;
  } else if (stores.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void stores.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {MESSAGES.unexpected}
      </Alert>
    );
  } else {
    const key = storageKey(member.id, member.corporation.corporationCode);
    content = <Dashboard key={key} storageKey={key} member={member} stores={stores.data} />;
  }

  return (
    <Box component="section" aria-labelledby="dashboard-heading">
      <PageHeading id="dashboard-heading" title={routeTitle('Dashboard')} />
      <LocalizationProvider
        dateAdapter={AdapterDateFns}
        adapterLocale={ja}
        localeText={PICKER_LOCALE_TEXT}
      >
        {content}
      </LocalizationProvider>
    </Box>
  );
}

function Dashboard({
  storageKey: key,
  member,
  stores,
}: {
  storageKey: string;
  member: Member;
  stores: readonly Store[];
}) {
  const { t } = useTranslation();
  const plan = member.corporation.plan.code;
  const systemAdmin = member.systemRole.name === 'system_admin';
  const [today] = useState(todayInJapan);
  const active = useMemo(
    () => activeStores(visibleStores(stores, member.systemRole.name, member.browsableStores)),
    [stores, member.systemRole.name, member.browsableStores],
  );
  const activeCodes = useMemo(() => active.map((s) => s.storeCode), [active]);
  const tree = useMemo(() => activeStoreTree(active), [active]);
  const [condition, setCondition] = useState<DashboardCondition>(() =>
    loadCondition(key, { today, plan, activeStoreCodes: activeCodes }),
  );
  const [periodAnchor, setPeriodAnchor] = useState<HTMLElement | null>(null);
  const [periodSession, setPeriodSession] = useState(0);
  const [periodOpen, setPeriodOpen] = useState(false);
  const [storesOpen, setStoresOpen] = useState(false);
  const comparisonId = useId();
  const devApi = useSyncExternalStore(subscribeDevApi, isDevApiEnabled, isDevApiEnabled);

  const update = (next: DashboardCondition) => {
    setCondition(next);
    saveCondition(key, next);
  };

  const comparison = comparisonOf(condition);
  const query = dashboardQuery(condition, queriedStoreCodes(condition, activeCodes));
  const results = useQueries({
    queries: DASHBOARD_METRIC_SLUGS.map((slug) => ({
      queryKey: dashboardKeys.metric(slug, query, devApi),
      queryFn: ({ signal }: { signal: AbortSignal }) => loadMetric(slug, query, signal),
    })),
  });
  const loaded: LoadedMetrics = {};
  DASHBOARD_METRIC_SLUGS.forEach((slug, i) => {
    const data = results[i]?.data;
    if (data && results[i]?.isSuccess) loaded[slug] = data;
  });
  const stateOf = (i: number): MetricState => {
    const result = results[i];
    // A retry after a failure shows the skeleton again rather than the old error.
    if (!result || result.isPending || (result.isError && result.isFetching)) {
      return { status: 'pending' };
    }
    if (result.isError) return { status: 'error', retry: () => void result.refetch() };
    return { status: 'success', data: result.data };
  };

  const presetText = durationPresetByValue(condition.preset)?.text ?? '';
  const axisText = TIME_AXES.find((a) => a.value === condition.timeAxis)?.text ?? '';
  const baseText = periodText(condition.base);
  const comparisonText = t('dashboard.comparisonText', { period: periodText(comparison) });
  const storeText = storesText(condition.pharmacy, active);

  return (
    <>
      <Paper
        variant="outlined"
        role="group"
        aria-label={t('dashboard.conditionsLabel')}
        sx={{
          p: 1.5,
          mb: 3,
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          gap: 1.5,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<DateRangeOutlinedIcon color="primary" />}
            endIcon={<ExpandMoreIcon />}
            aria-haspopup="dialog"
            aria-expanded={periodOpen}
            aria-label={t('dashboard.periodButton', {
              preset: presetText,
              period: baseText,
              axis: axisText,
            })}
            aria-describedby={comparisonId}
            onClick={(event) => {
              setPeriodAnchor(event.currentTarget);
              setPeriodSession((n) => n + 1);
              setPeriodOpen(true);
            }}
            sx={{ borderColor: 'divider', py: 0.75, textAlign: 'left' }}
          >
            <Box component="span" sx={{ display: 'grid', lineHeight: 1.3 }}>
              <Box component="span" sx={{ fontSize: 11, color: 'text.secondary', fontWeight: 600 }}>
                {presetText} ・ {axisText}
              </Box>
              <Box
                component="span"
                data-testid="dashboard-period"
                sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
              >
                {baseText}
              </Box>
            </Box>
          </Button>
          <Typography
            id={comparisonId}
            data-testid="dashboard-comparison"
            variant="body2"
            color="text.secondary"
            sx={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {comparisonText}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<StorefrontOutlinedIcon color="primary" />}
          endIcon={<ExpandMoreIcon />}
          aria-haspopup="dialog"
          aria-label={t('dashboard.storesButton', { stores: storeText })}
          onClick={() => setStoresOpen(true)}
          sx={{ borderColor: 'divider', py: 1, maxWidth: 320 }}
        >
          <Box
            component="span"
            data-testid="dashboard-stores"
            sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {storeText}
          </Box>
        </Button>
        {systemAdmin && (
          <Box sx={{ ml: 'auto' }}>
            <MailButton
              condition={condition}
              body={canSendMail(condition, loaded) ? mailBody(condition, loaded) : null}
            />
          </Box>
        )}
      </Paper>

      <Box
        component="section"
        aria-label={t('dashboard.metrics')}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(250px, 1fr))',
        }}
      >
        {DASHBOARD_METRICS.map((metric, i) => (
          <MetricCard
            key={metric.slug}
            metric={metric}
            state={stateOf(i)}
            condition={condition}
            comparison={comparison}
          />
        ))}
      </Box>

      <PeriodMenu
        anchorEl={periodAnchor}
        open={periodOpen}
        session={periodSession}
        applied={condition}
        plan={plan}
        today={today}
        onClose={() => setPeriodOpen(false)}
        onApply={(next) => {
          update({ ...next, pharmacy: condition.pharmacy });
          setPeriodOpen(false);
        }}
      />
      <StoreSelectDialog
        open={storesOpen}
        tree={tree}
        applied={condition.pharmacy}
        onClose={() => setStoresOpen(false)}
        onApply={(pharmacy) => {
          update({ ...condition, pharmacy });
          setStoresOpen(false);
        }}
      />
    </>
  );
}
