import type { CorporationEditForm } from '@pharmalytics/domain';
import type { AuthContext } from '../access/auth-context.ts';
import { browsableStoreIds } from '../access/browsable-stores.ts';
import type { Database } from '../db/connection.ts';

const orNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** The plan of the caller's corporation. */
export async function planIdOf(db: Database, auth: AuthContext): Promise<number> {
  const row = await db
    .selectFrom('corporations')
    .select('plan_id')
    .where('id', '=', auth.corporationId)
    .executeTakeFirstOrThrow();
  return row.plan_id;
}

export async function setPlan(db: Database, auth: AuthContext, planId: number): Promise<void> {
  await db
    .updateTable('corporations')
    .set({ plan_id: planId, updated_at: new Date() })
    .where('id', '=', auth.corporationId)
    .execute();
}

/** Writes the edit form; empty values are stored as null. */
export async function updateCorporation(
  db: Database,
  corporationId: number,
  body: CorporationEditForm,
): Promise<void> {
  await db
    .updateTable('corporations')
    .set({
      name: body.name.trim(),
      zip_code: orNull(body.zip_code),
      address: orNull(body.address),
      building_name: orNull(body.building_name),
      technical_person_name: orNull(body.technical_person_name),
      technical_person_tel: orNull(body.technical_person_tel),
      technical_person_email: orNull(body.technical_person_email),
      billing_person_name: orNull(body.billing_person_name),
      billing_person_tel: orNull(body.billing_person_tel),
      billing_person_email: orNull(body.billing_person_email),
      updated_at: new Date(),
    })
    .where('id', '=', corporationId)
    .execute();
}

/** The rows of the account list: members, their assigned stores, the stores the caller sees. */
export function accountListRows(db: Database, auth: AuthContext) {
  return Promise.all([
    db
      .selectFrom('members')
      .select(['id', 'public_name', 'email', 'role_id'])
      .where('corporation_id', '=', auth.corporationId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('member_browsable_stores as b')
      .innerJoin('stores as s', (j) =>
        j.onRef('s.id', '=', 'b.store_id').onRef('s.corporation_id', '=', 'b.corporation_id'),
      )
      .select(['b.member_id', 's.store_code', 's.name'])
      .where('b.corporation_id', '=', auth.corporationId)
      .where('s.id', 'in', browsableStoreIds(db, auth))
      .orderBy('s.store_code')
      .execute(),
    db
      .selectFrom('stores')
      .select(['store_code', 'name'])
      .where('id', 'in', browsableStoreIds(db, auth))
      .orderBy('store_code')
      .execute(),
    // How many stores "all stores" stands for: a count, which names no store.
    db
      .selectFrom('stores')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('corporation_id', '=', auth.corporationId)
      .where('contract_status', '=', 'active')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('invitations')
      .select(['id', 'email', 'role_id', 'expires_at'])
      .where('corporation_id', '=', auth.corporationId)
      .where('accepted_at', 'is', null)
      .orderBy('id')
      .execute(),
  ]);
}
