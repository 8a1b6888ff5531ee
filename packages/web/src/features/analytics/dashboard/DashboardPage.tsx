import Box from '@mui/material/Box';
import {
  DASHBOARD_METRIC_SLUGS,
  DASHBOARD_REPORT_TITLE,
  exportFileName,
  DASHBOARD_METRICS,
  MESSAGES,
  type DashboardMetricSlug,
} from '@pharmalytics/domain';
import { useQueries } from '@tanstack/react-query';
import { useId, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isAbort,
  isApiError,
  isDevApiEnabled,
  isSessionExpiry,
  subscribeDevApi,
  type Member,
  type Store,
} from '../../../api/index.ts';
import { routeTitle } from '../../../routes/paths.ts';
import { enqueueSnackbar, PageHeading } from '../../../components/index.ts';
import { memberCan } from '@pharmalytics/domain';
import { useSignedInMember } from '../../session/index.ts';
import {
  ComparisonPeriodText,
  ConditionBar,
  comparisonOf,
  conditionKey,
  PeriodControl,
  PickerProvider,
  queriedStoreCodes,
  StoresControl,
  StoresGate,
  useConditionStores,
  useConditionUrl,
} from '../../search-condition/index.ts';
import { dashboardKeys, dashboardQuery, fetchDashboardMetric, type DashboardQuery } from './api.ts';
import type { DashboardMetricData } from './figures.ts';
import { PrescriberNotices } from '../../prescriber-changes/index.ts';
import { FacilityAlerts } from './FacilityAlerts.tsx';
import { MailButton } from './MailButton.tsx';
import {
  downloadDashboardPdf,
  downloadDashboardXlsx,
  PdfButton,
  XlsxButton,
} from '../../exports/index.ts';
import { canSendMail, mailBody, type LoadedMetrics } from './mail.ts';
import { MetricCard, type MetricState } from './MetricCard.tsx';

/** A failed card shows the unexpected-error message once (spec 02 §8). */
async function loadMetric(
  slug: DashboardMetricSlug,
  query: DashboardQuery,
  signal: AbortSignal,
): Promise<DashboardMetricData> {
  try {
    return await fetchDashboardMetric(slug, query, signal);
  } catch (error) {
    const aborted = isAbort(error);
    // The session expiry has its own message; parallel failures show as one snackbar.
    if (!aborted && !isSessionExpiry(error)) enqueueSnackbar(MESSAGES.unexpected, 'error');
    if (!isApiError(error) && !aborted) console.error(error);
    throw error;
  }
}

/** The Dashboard route (spec 02 §2.1): eleven metrics of a period against a comparison. */
export function DashboardPage() {
  const member = useSignedInMember();
  return (
    <Box component="section" aria-labelledby="dashboard-heading">
      <PageHeading id="dashboard-heading" title={routeTitle('Dashboard')} />
      <PickerProvider>
        <StoresGate>
          {(stores) => <Dashboard key={conditionKey(member)} member={member} stores={stores} />}
        </StoresGate>
      </PickerProvider>
    </Box>
  );
}

function Dashboard({ member, stores }: { member: Member; stores: readonly Store[] }) {
  const { t } = useTranslation();
  const sendsReport = memberCan(member, 'sendDashboardReport');
  const { active, activeCodes, tree } = useConditionStores(member, stores);
  const { condition, update, today, plan } = useConditionUrl(member, activeCodes);
  const comparisonId = useId();
  const devApi = useSyncExternalStore(subscribeDevApi, isDevApiEnabled, isDevApiEnabled);

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

  return (
    <>
      <ConditionBar>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <PeriodControl
            condition={condition}
            comparison
            plan={plan}
            today={today}
            describedBy={comparisonId}
            onApply={(period) => update((current) => ({ ...current, ...period }))}
          />
          <ComparisonPeriodText
            id={comparisonId}
            testId="dashboard-comparison"
            period={comparison}
          />
        </Box>
        <StoresControl
          pharmacy={condition.pharmacy}
          stores={active}
          tree={tree}
          onApply={(pharmacy) => update((current) => ({ ...current, pharmacy }))}
        />
        <Box sx={{ ml: 'auto', display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {memberCan(member, 'exportTables') && (
            <XlsxButton
              fallbackName={exportFileName([routeTitle('Dashboard')], condition.base, 'xlsx')}
              fetchFile={() => downloadDashboardXlsx(query)}
            />
          )}
          {memberCan(member, 'exportPdfReport') && (
            <PdfButton
              fallbackName={exportFileName([DASHBOARD_REPORT_TITLE], condition.base, 'pdf')}
              fetchFile={() => downloadDashboardPdf(query)}
            />
          )}
          {sendsReport && (
            <MailButton
              condition={condition}
              body={canSendMail(condition, loaded) ? mailBody(condition, loaded) : null}
            />
          )}
        </Box>
      </ConditionBar>
      {memberCan(member, 'administerFacilityStandards') && <FacilityAlerts />}
      {memberCan(member, 'followPrescriberChanges') && <PrescriberNotices />}
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
    </>
  );
}
