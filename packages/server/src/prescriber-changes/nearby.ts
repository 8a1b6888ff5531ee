import type { AnalysisScope } from '../access/analysis-scope.ts';
import type { Database } from '../db/connection.ts';
import { nearbyClosings, nearbyOpenings } from './opening-queries.ts';
import type { Nearby, StoreOfScope } from './service.ts';
import { storePlaces } from './store-queries.ts';

const DAY_MS = 86_400_000;

/**
 * For each store of the scope, the clinics of the facility master opened and closed within reach
 * over the year up to `to` (none for a store without a point). The master is public data on the
 * system of record, read the same for /v3 and its twin.
 */
export async function nearbyOfStores(
  db: Database,
  scope: AnalysisScope,
  to: string,
): Promise<(store: StoreOfScope) => Promise<Nearby>> {
  const places = await storePlaces(db, scope);
  const yearStart = new Date(Date.parse(`${to}T00:00:00Z`) - 364 * DAY_MS)
    .toISOString()
    .slice(0, 10);
  return async (store) => {
    const place = places.get(store.id);
    if (!place) return { openings: [], closings: [] };
    const [openings, closings] = await Promise.all([
      nearbyOpenings(db, place, yearStart, to),
      nearbyClosings(db, place, yearStart, to),
    ]);
    return { openings, closings };
  };
}
