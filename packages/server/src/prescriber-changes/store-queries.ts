import type { Place } from '@pharmalytics/domain';
import type { AnalysisScope } from '../access/analysis-scope.ts';
import type { Database } from '../db/connection.ts';

/** The points of the scope's stores that have one, by store id. */
export async function storePlaces(db: Database, scope: AnalysisScope): Promise<Map<number, Place>> {
  const rows = await db
    .selectFrom('stores')
    .select(['id', 'latitude', 'longitude'])
    .where('corporation_id', '=', scope.corporationId)
    .where('id', 'in', [...scope.storeIds])
    .where('latitude', 'is not', null)
    .where('longitude', 'is not', null)
    .execute();
  return new Map(
    rows.map((r) => [r.id, { latitude: Number(r.latitude), longitude: Number(r.longitude) }]),
  );
}
