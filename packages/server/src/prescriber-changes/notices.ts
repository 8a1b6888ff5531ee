import {
  can,
  isRouteAllowed,
  PRESCRIBER_FLOOR,
  route,
  type DateRange,
  type PrescriberNotice,
} from '@pharmalytics/domain';
import { allBrowsableScope } from '../access/analysis-scope.ts';
import type { AuthContext } from '../access/auth-context.ts';
import type { AnalyticsRouteDeps } from '../analytics/metric-cache.ts';
import { scopeStores } from '../analytics/queries.ts';
import { nearbyOpenings } from './opening-queries.ts';
import { storePlaces } from './store-queries.ts';
import { prescriberChanges, type StoreOfScope } from './service.ts';

/**
 * The strongest prescriber changes of an administrator's stores over a period, for the report
 * mail (none for other members, or below the advanced plan).
 */
export async function memberPrescriberNotices(
  { db, metrics }: AnalyticsRouteDeps,
  auth: AuthContext,
  period: DateRange,
): Promise<PrescriberNotice[]> {
  if (
    !can(auth, 'administer') ||
    !isRouteAllowed(route('PrescriberChanges'), auth.plan, auth.role)
  ) {
    return [];
  }
  const scope = await allBrowsableScope(db, auth);
  if (scope.storeIds.length === 0) return [];
  const [stores, places] = await Promise.all([scopeStores(db, scope), storePlaces(db, scope)]);
  const yearStart = new Date(Date.parse(`${period.to}T00:00:00Z`) - 364 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const openingsOf = async (store: StoreOfScope) => {
    const place = places.get(store.id);
    return place ? nearbyOpenings(db, place, yearStart, period.to) : [];
  };
  const q = { ...period, floor: PRESCRIBER_FLOOR.default };
  const answer = await metrics.answer('prescriberChanges', scope, [q.from, q.to, q.floor], (on) =>
    prescriberChanges(on, scope, q, stores, openingsOf),
  );
  return answer.notices;
}
