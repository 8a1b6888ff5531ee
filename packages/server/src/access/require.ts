import type { Database } from '../db/connection.ts';
import { notFound } from '../http/errors.ts';
import type { AuthContext } from './auth-context.ts';
import { browsableStoreIds } from './browsable-stores.ts';

/**
 * Rows a handler may touch, loaded only when the caller may touch them: a row of another
 * corporation, or a store outside a role user's browsable stores, is answered 404 as if it did
 * not exist, so a handler never filters by corporation or checks a role itself.
 */

/** The caller's tenant, as a where-clause: `.where(...ownedBy(auth))` on a tenant table. */
export const ownedBy = (auth: AuthContext) => ['corporation_id', '=', auth.corporationId] as const;

/** A store the caller may browse, by its code (active ones unless `includeInactive`). */
export async function requireStore(
  db: Database,
  auth: AuthContext,
  storeCode: string,
  { includeInactive = false } = {},
): Promise<{ id: number; storeCode: string }> {
  const row = await db
    .selectFrom('stores')
    .select(['id', 'store_code'])
    .where(...ownedBy(auth))
    .where('id', 'in', browsableStoreIds(db, auth, includeInactive))
    .where('store_code', '=', storeCode)
    .executeTakeFirst();
  if (!row) throw notFound('store not found');
  return { id: row.id, storeCode: row.store_code };
}

/** A member of the caller's corporation. */
export async function requireMember(db: Database, auth: AuthContext, memberId: number) {
  const member = await db
    .selectFrom('members')
    .select(['id', 'role_id', 'identity_user_id', 'email'])
    .where(...ownedBy(auth))
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member) throw notFound('member not found');
  return member;
}

/** The caller's own corporation, named by its code; any other code is answered as not found. */
export async function requireOwnCorporation(db: Database, auth: AuthContext, code: string) {
  const row = await db
    .selectFrom('corporations')
    .selectAll()
    .where('id', '=', auth.corporationId)
    .where('corporation_code', '=', code)
    .executeTakeFirst();
  if (!row) throw notFound('corporation not found');
  return row;
}
