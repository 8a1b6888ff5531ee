import { facilityAlertsOf, type FacilityAlert } from '@pharmalytics/domain';
import { allBrowsableScope, groupScope } from '../access/analysis-scope.ts';
import type { AuthContext } from '../access/auth-context.ts';
import type { AnalyticsRouteDeps } from '../analytics/metric-cache.ts';
import { dismissedAlerts } from './alert-queries.ts';
import { judgeStores } from './judgements.ts';
import { alertSettingsOf } from './settings-queries.ts';

/**
 * The 施設基準 alerts of every store a member may browse on `today`, under its corporation's
 * alert settings, less those the member dismissed.
 */
export async function memberFacilityAlerts(
  deps: AnalyticsRouteDeps,
  auth: AuthContext,
  today: string,
): Promise<FacilityAlert[]> {
  const { db } = deps;
  const [scope, group, settings] = await Promise.all([
    allBrowsableScope(db, auth),
    groupScope(db, auth),
    alertSettingsOf(db, auth.corporationId),
  ]);
  if (scope.storeIds.length === 0) return [];
  const [judged, dismissed] = await Promise.all([
    judgeStores(deps, { auth, scope, group, today }),
    dismissedAlerts(db, auth),
  ]);
  const closed = new Set(dismissed.map((d) => `${d.store_code}\n${d.alert_key}`));
  return facilityAlertsOf(judged.stores, settings).filter(
    (alert) => !closed.has(`${alert.storeCode}\n${alert.key}`),
  );
}
