import type { AnalysisScope } from '../access/analysis-scope.ts';
import type { AuthContext } from '../access/auth-context.ts';
import { browsableStoreIds } from '../access/browsable-stores.ts';
import type { Database } from '../db/connection.ts';

/** The codes of the caller's browsable active stores. */
export async function browsableStoreCodes(db: Database, auth: AuthContext): Promise<string[]> {
  const stores = await db
    .selectFrom('stores')
    .select('store_code')
    .where('corporation_id', '=', auth.corporationId)
    .where('id', 'in', browsableStoreIds(db, auth))
    .execute();
  return stores.map((s) => s.store_code);
}

/** The scope's stores on the map: those with a point (a store without one is not drawn). */
export async function storesOnMap(db: Database, scope: AnalysisScope) {
  const stores = await db
    .selectFrom('stores')
    .select(['store_code', 'name', 'latitude', 'longitude'])
    .where('corporation_id', '=', scope.corporationId)
    .where('id', 'in', [...scope.storeIds])
    .where('latitude', 'is not', null)
    .where('longitude', 'is not', null)
    .where('latitude', '<>', 0)
    .where('longitude', '<>', 0)
    .orderBy('store_code')
    .execute();
  return stores.map((s) => ({
    storeCode: s.store_code,
    name: s.name,
    location: { lat: s.latitude!, lng: s.longitude! },
  }));
}
