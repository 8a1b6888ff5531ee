import type { AuthContext } from '../access/auth-context.ts';
import { browsableStoreIds } from '../access/browsable-stores.ts';
import type { Database } from '../db/connection.ts';

/** Uploader installations of the caller's stores, in store-code order. */
export function clientDeviceRows(db: Database, auth: AuthContext) {
  return db
    .selectFrom('client_devices as d')
    .innerJoin('stores as s', (join) =>
      join.onRef('s.id', '=', 'd.store_id').onRef('s.corporation_id', '=', 'd.corporation_id'),
    )
    .select(['d.id', 'd.name', 's.store_code', 'd.last_contact_at'])
    .where('d.corporation_id', '=', auth.corporationId)
    .where('d.store_id', 'in', browsableStoreIds(db, auth))
    .orderBy('s.store_code')
    .execute();
}
