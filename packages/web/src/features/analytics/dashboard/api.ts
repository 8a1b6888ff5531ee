import {
  analyticsContracts,
  facilityStandardsContracts,
  reportsContracts,
  type FacilityAlert,
  type DashboardMailRecipient,
  type DashboardMailBody,
  type DashboardMetricSlug,
  type DashboardQuery,
} from '@pharmalytics/domain';
import { call } from '../../../api/index.ts';
import { comparisonOf, type SearchCondition } from '../../search-condition/index.ts';
import type { DashboardMetricData } from './figures.ts';
import { FACILITY_QUERY_ROOT } from '../../facility-standards/index.ts';

/** Query of GET /v3/dashboard/{slug} (spec 02 §7), as the contract reads it. */
export type { DashboardQuery };

export function dashboardQuery(
  condition: SearchCondition,
  storeCodes: readonly string[],
): DashboardQuery {
  const comparison = comparisonOf(condition);
  return {
    baseFrom: condition.base.from,
    baseTo: condition.base.to,
    comparisonTargetFrom: comparison.from,
    comparisonTargetTo: comparison.to,
    periodCode: condition.timeAxis,
    storeCodes: storeCodes.join(','),
  };
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  metric: (slug: DashboardMetricSlug, query: DashboardQuery, devApi: boolean) =>
    ['dashboard', slug, query, devApi] as const,
};

/** One metric of both periods; follows the dev-API flag to the /v2/ twin. */
export function fetchDashboardMetric(
  slug: DashboardMetricSlug,
  query: DashboardQuery,
  signal?: AbortSignal,
): Promise<DashboardMetricData> {
  return call(
    analyticsContracts.dashboard,
    { params: { metric: slug }, query: { ...query, periodCode: String(query.periodCode) } },
    { devSwap: true, signal },
  );
}

/** POST /v2/mails/dashboard (system_admin): sends the dashboard report. */
export const dashboardMailKeys = {
  recipients: ['dashboard', 'mailRecipients'] as const,
};

export async function fetchDashboardMailRecipients(): Promise<DashboardMailRecipient[]> {
  return (await call(reportsContracts.dashboardMailRecipients, {})).recipients;
}

export function sendDashboardMail(body: DashboardMailBody): Promise<{ sent: number }> {
  return call(reportsContracts.sendDashboardMail, { body });
}

export const facilityAlertKeys = {
  // Under the 施設基準 root, so a saved 施設基準 setting asks the notices again.
  all: [...FACILITY_QUERY_ROOT, 'alerts'] as const,
};

/** GET the 施設基準 alerts of an administrator's stores it has not dismissed. */
export async function fetchFacilityAlerts(signal?: AbortSignal): Promise<FacilityAlert[]> {
  return (await call(facilityStandardsContracts.alerts, {}, { signal })).alerts;
}

/** POST a dismissal: the alert is not shown to the member again. */
export async function dismissFacilityAlert(
  alert: Pick<FacilityAlert, 'storeCode' | 'key'>,
): Promise<void> {
  await call(facilityStandardsContracts.dismissAlert, {
    body: { storeCode: alert.storeCode, key: alert.key },
  });
}
