import {
  can,
  NOTICE_LIMIT,
  noticePeriod,
  PRESCRIBER_FLOOR,
  type DateRange,
  type PrescriberNotice,
} from '@pharmalytics/domain';
import { allBrowsableScope } from '../access/analysis-scope.ts';
import type { AuthContext } from '../access/auth-context.ts';
import type { AnalyticsRouteDeps } from '../analytics/metric-cache.ts';
import { scopeStores } from '../analytics/queries.ts';
import { dismissedNotices } from './dismissal-queries.ts';
import { nearbyOfStores } from './nearby.ts';
import { allPrescriberNotices, prescriberChanges } from './service.ts';

/**
 * The NOTICE_LIMIT strongest prescriber changes of every store a member may browse over a period
 * that the member has not closed: for the dashboard (the last three whole months) and the report mail (its
 * month). None for a member without `followPrescriberChanges` (an administrator of the advanced
 * plan).
 */
export async function memberPrescriberNotices(
  { db, metrics }: AnalyticsRouteDeps,
  auth: AuthContext,
  period: DateRange,
): Promise<PrescriberNotice[]> {
  if (!can(auth, 'followPrescriberChanges')) return [];
  const scope = await allBrowsableScope(db, auth);
  if (scope.storeIds.length === 0) return [];
  const [stores, nearbyOf, dismissed] = await Promise.all([
    scopeStores(db, scope),
    nearbyOfStores(db, scope, period.to),
    dismissedNotices(db, auth),
  ]);
  const q = { ...period, floor: PRESCRIBER_FLOOR.default };
  const answer = await metrics.answer('prescriberChanges', scope, [q.from, q.to, q.floor], (on) =>
    prescriberChanges(on, scope, q, stores, nearbyOf),
  );
  const closed = new Set(dismissed.map((d) => `${d.store_code}\n${d.notice_key}`));
  return allPrescriberNotices(answer.stores, answer.periods.current)
    .filter((n) => !closed.has(`${n.storeCode}\n${n.key}`))
    .slice(0, NOTICE_LIMIT);
}

/** The dashboard's notices on `today`: those of the last three whole months. */
export async function dashboardPrescriberNotices(
  deps: AnalyticsRouteDeps,
  auth: AuthContext,
  today: string,
): Promise<{ period: DateRange; notices: PrescriberNotice[] }> {
  const period = noticePeriod(today);
  return { period, notices: await memberPrescriberNotices(deps, auth, period) };
}
