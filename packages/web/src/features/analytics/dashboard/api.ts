import {
  dashboardMailRecipientsResponseSchema,
  FACILITY_SETTINGS_API_PATHS,
  facilityAlertsResponseSchema,
  type FacilityAlert,
  type DashboardMailRecipient,
  type DashboardMetricSlug,
} from '@pharmalytics/domain';
import { z } from 'zod';
import { api } from '../../../api/index.ts';
import { comparisonOf, type SearchCondition } from '../../search-condition/index.ts';
import type { DashboardMetricData } from './figures.ts';
import type { DashboardMailBody } from './mail.ts';
import { FACILITY_QUERY_ROOT } from '../../facility-standards/index.ts';

/** Query of GET /v3/dashboard/{slug} (spec 02 §7). */
export interface DashboardQuery {
  baseFrom: string;
  baseTo: string;
  comparisonTargetFrom: string;
  comparisonTargetTo: string;
  /** Time axis value. */
  periodCode: number;
  /** Comma-joined. */
  storeCodes: string;
}

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

const series = z.object({
  rows: z.array(z.object({ date: z.string(), value: z.number().nullable() })),
  total: z.number().nullable(),
});
const metricResponse = z.object({
  source: series,
  destination: series,
  comparisonComplete: z.boolean().optional(),
});

/** A response that does not have the contract's shape. */
export class DashboardResponseError extends Error {
  constructor(slug: string) {
    super(`Unexpected response of /v3/dashboard/${slug}`);
    this.name = 'DashboardResponseError';
  }
}

/** One metric of both periods; follows the dev-API flag to the /v2/ twin. */
export async function fetchDashboardMetric(
  slug: DashboardMetricSlug,
  query: DashboardQuery,
  signal?: AbortSignal,
): Promise<DashboardMetricData> {
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  );
  const body = await api.get<unknown>(`/v3/dashboard/${slug}?${params.toString()}`, {
    devSwap: true,
    signal,
  });
  const parsed = metricResponse.safeParse(body);
  if (!parsed.success) throw new DashboardResponseError(slug);
  return parsed.data;
}

/** POST /v2/mails/dashboard (system_admin): sends the dashboard report. */
export const dashboardMailKeys = {
  recipients: ['dashboard', 'mailRecipients'] as const,
};

export async function fetchDashboardMailRecipients(): Promise<DashboardMailRecipient[]> {
  const body = await api.get<unknown>('/v2/mails/dashboard/recipients');
  return dashboardMailRecipientsResponseSchema.parse(body).recipients;
}

export function sendDashboardMail(body: DashboardMailBody): Promise<{ sent: number }> {
  return api.post<{ sent: number }>('/v2/mails/dashboard', body);
}

export const facilityAlertKeys = {
  // Under the 施設基準 root, so a saved 施設基準 setting asks the notices again.
  all: [...FACILITY_QUERY_ROOT, 'alerts'] as const,
};

/** GET the 施設基準 alerts of an administrator's stores it has not dismissed. */
export async function fetchFacilityAlerts(signal?: AbortSignal): Promise<FacilityAlert[]> {
  const body = await api.get<unknown>(FACILITY_SETTINGS_API_PATHS.alerts, { signal });
  return facilityAlertsResponseSchema.parse(body).alerts;
}

/** POST a dismissal: the alert is not shown to the member again. */
export function dismissFacilityAlert(alert: Pick<FacilityAlert, 'storeCode' | 'key'>) {
  return api.post<void>(FACILITY_SETTINGS_API_PATHS.alertDismissals, {
    storeCode: alert.storeCode,
    key: alert.key,
  });
}
