import { FORM_MESSAGES } from '@pharmalytics/domain';
import type { AuthContext } from '../access/auth-context.ts';
import { browsableStoreIds } from '../access/browsable-stores.ts';
import type { Database } from '../db/connection.ts';
import { badRequest, forbidden } from '../http/errors.ts';

/**
 * Ids of the requested stores, each of which must be an active store the caller may browse:
 * a role-user member only its assigned stores. An empty request is refused; `isAll` is the
 * client sending every code it was offered.
 */
export async function storeScope(
  db: Database,
  auth: AuthContext,
  storeCodes: readonly string[],
): Promise<number[]> {
  const codes = [...new Set(storeCodes.map((c) => c.trim()).filter((c) => c !== ''))];
  if (codes.length === 0) throw badRequest(FORM_MESSAGES.storeRequired);
  const rows = await db
    .selectFrom('stores')
    .select(['id', 'store_code'])
    .where('corporation_id', '=', auth.corporationId)
    .where('id', 'in', browsableStoreIds(db, auth))
    .where('store_code', 'in', codes)
    .execute();
  if (rows.length !== codes.length) throw forbidden();
  return rows.map((r) => r.id);
}
