import { ownedBy } from '../access/require.ts';
import type { AuthContext } from '../access/auth-context.ts';
import { browsableStoreIds } from '../access/browsable-stores.ts';
import type { Database } from '../db/connection.ts';

/** Whether the corporation has an admin other than `exceptId`. */
export async function otherMembersWithRole(
  db: Database,
  auth: AuthContext,
  roleId: number,
  exceptId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('corporation_id', '=', auth.corporationId)
    .where('role_id', '=', roleId)
    .where('id', '!=', exceptId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives a member another role; its viewable stores start empty. */
export async function setRole(db: Database, memberId: number, roleId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('members')
      .set({ role_id: roleId, updated_at: new Date() })
      .where('id', '=', memberId)
      .execute();
    await trx.deleteFrom('member_browsable_stores').where('member_id', '=', memberId).execute();
  });
}

/** The codes of a member's viewable stores that the caller may see too, in code order. */
export async function viewableStoreCodes(
  db: Database,
  auth: AuthContext,
  memberId: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('member_browsable_stores as b')
    .innerJoin('stores as s', (j) =>
      j.onRef('s.id', '=', 'b.store_id').onRef('s.corporation_id', '=', 'b.corporation_id'),
    )
    .select('s.store_code')
    .where('b.member_id', '=', memberId)
    .where('s.id', 'in', browsableStoreIds(db, auth))
    .orderBy('s.store_code')
    .execute();
  return rows.map((r) => r.store_code);
}

/** The active stores of the caller's corporation among these codes. */
export function activeStoresByCode(db: Database, auth: AuthContext, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('stores')
    .select(['id', 'store_code'])
    .where(...ownedBy(auth))
    .where('contract_status', '=', 'active')
    .where('store_code', 'in', [...codes])
    .execute();
}

/** Replaces a member's viewable stores. */
export async function replaceViewableStores(
  db: Database,
  auth: AuthContext,
  memberId: number,
  storeIds: readonly number[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('member_browsable_stores').where('member_id', '=', memberId).execute();
    if (storeIds.length) {
      await trx
        .insertInto('member_browsable_stores')
        .values(
          storeIds.map((storeId) => ({
            corporation_id: auth.corporationId,
            member_id: memberId,
            store_id: storeId,
          })),
        )
        .execute();
    }
  });
}

/** Deletes a member and its sign-in; invitations it sent stay, without their sender. */
export async function deleteMember(
  db: Database,
  member: { id: number; identity_user_id: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('invitations')
      .set({ invited_by: null })
      .where('invited_by', '=', member.id)
      .execute();
    // Tenant tables keep no foreign key to the global members (docs/scaling.md): their rows
    // naming the member go with it here.
    await trx.deleteFrom('member_browsable_stores').where('member_id', '=', member.id).execute();
    await trx.deleteFrom('facility_alert_dismissals').where('member_id', '=', member.id).execute();
    await trx
      .deleteFrom('prescriber_notice_dismissals')
      .where('member_id', '=', member.id)
      .execute();
    await trx.deleteFrom('members').where('id', '=', member.id).execute();
    await trx
      .deleteFrom('identity_users')
      .where('local_id', '=', member.identity_user_id)
      .execute();
  });
}
