import { can } from '@pharmalytics/domain';
import type { Database } from '../db/connection.ts';
import type { AuthContext } from './auth-context.ts';

/**
 * Ids of the stores the caller may see: every store of the corporation with the capability
 * `browseAllStores`, otherwise (role user) only its assigned stores. Every store-scoped query goes through this.
 */
export function browsableStoreIds(db: Database, auth: AuthContext, includeInactive = false) {
  let query = db
    .selectFrom('stores as s')
    .select('s.id')
    .where('s.corporation_id', '=', auth.corporationId);
  if (!includeInactive) query = query.where('s.contract_status', '=', 'active');
  if (!can(auth, 'browseAllStores')) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('member_browsable_stores as b')
          .whereRef('b.store_id', '=', 's.id')
          .whereRef('b.corporation_id', '=', 's.corporation_id')
          .where('b.member_id', '=', auth.memberId),
      ),
    );
  }
  return query;
}
