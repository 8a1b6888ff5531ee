import { can } from '@pharmalytics/domain';
import type { AuthContext } from '../access/auth-context.ts';
import { browsableStoreIds } from '../access/browsable-stores.ts';
import type { Database } from '../db/connection.ts';
import { sql } from 'kysely';
import type { Store } from '@pharmalytics/domain';
import { recordFactsChange } from '../analytics/data-version.ts';
import { USER_ROLE_ID } from '../members/member-view-queries.ts';
import type { SecretBox } from '../tokens/secret-box.ts';
import { claimStoreCode, createDeviceUser } from './device-users.ts';
import type { StoreColumns } from './registration-queries.ts';
import { toStoreView } from './store-view.ts';

/** Stores the caller may see, with prefecture, area and whether an uploader has connected. */
export function browsableStoreRows(db: Database, auth: AuthContext, includeInactive = false) {
  return db
    .selectFrom('stores as s')
    .innerJoin('prefectures as p', 'p.id', 's.prefecture_id')
    .leftJoin('device_users as u', (join) =>
      join.onRef('u.store_id', '=', 's.id').onRef('u.corporation_id', '=', 's.corporation_id'),
    )
    .selectAll('s')
    .select(['p.name as prefecture_name', 'p.area_name', 'u.user_name', 'u.key_sealed'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('client_devices as d')
            .whereRef('d.store_id', '=', 's.id')
            // The corporation as a value: Citus runs a subquery of the select list tied only to
            // the outer row's corporation on every shard.
            .where('d.corporation_id', '=', auth.corporationId),
        )
        .$castTo<boolean>()
        .as('connected'),
    )
    .where('s.corporation_id', '=', auth.corporationId)
    .where('s.id', 'in', browsableStoreIds(db, auth, includeInactive))
    .orderBy('p.area_order')
    .orderBy('s.prefecture_id')
    .orderBy('s.store_code');
}

type StoreRowWithDevice = Parameters<typeof toStoreView>[0] & {
  user_name: string | null;
  key_sealed: string | null;
};

/** The store view; uploader credentials only for members who set stores up (`administer`). */
export function toStoreViewFor(auth: AuthContext, box: SecretBox) {
  const showCredentials = can(auth, 'administer');
  return (row: StoreRowWithDevice): Store => ({
    ...toStoreView(row),
    clientDeviceUser:
      showCredentials && row.user_name && row.key_sealed
        ? { deviceId: row.id, name: row.user_name, plainTextPassword: box.open(row.key_sealed) }
        : null,
  });
}

/** The view row of a store the caller may see (found through the access helpers first). */
export function storeRow(db: Database, auth: AuthContext, storeId: number) {
  return browsableStoreRows(db, auth, true).where('s.id', '=', storeId).executeTakeFirstOrThrow();
}

/** Adds a store with the next store code, and its uploader credentials; answers the code. */
export function insertStore(
  db: Database,
  box: SecretBox,
  auth: AuthContext,
  columns: StoreColumns,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const store = await trx
      .insertInto('stores')
      .values({
        ...columns,
        corporation_id: auth.corporationId,
        store_code: sql<string>`nextval('store_code_seq')::text`,
      })
      .returning(['id', 'store_code'])
      .executeTakeFirstOrThrow();
    await claimStoreCode(trx, auth.corporationId, store.store_code);
    await createDeviceUser(trx, box, {
      corporationId: auth.corporationId,
      id: store.id,
      storeCode: store.store_code,
    });
    return store.store_code;
  });
}

/** Writes a store's columns; a store's name shows in analytics, so the change is logged. */
export function updateStore(
  db: Database,
  auth: AuthContext,
  storeId: number,
  columns: StoreColumns,
): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('stores')
      .set(columns)
      .where('corporation_id', '=', auth.corporationId)
      .where('id', '=', storeId)
      .execute();
    await recordFactsChange(trx, { corporationId: auth.corporationId });
  });
}

/** Ends a store's contract: it leaves every list, its dispensing history stays. */
export async function endStoreContract(
  db: Database,
  auth: AuthContext,
  storeId: number,
): Promise<void> {
  await db
    .updateTable('stores')
    .set({ contract_status: 'inactive', updated_at: new Date() })
    .where('corporation_id', '=', auth.corporationId)
    .where('id', '=', storeId)
    .execute();
  await db
    .deleteFrom('member_browsable_stores')
    .where('corporation_id', '=', auth.corporationId)
    .where('store_id', '=', storeId)
    .execute();
}

/** Members who can see the store: every admin, and the user-role members assigned to it. */
export function storeMemberRows(db: Database, auth: AuthContext, storeId: number) {
  return db
    .selectFrom('members as m')
    .select(['m.id', 'm.public_name', 'm.email', 'm.role_id'])
    .where('m.corporation_id', '=', auth.corporationId)
    .where((eb) =>
      eb.or([
        eb('m.role_id', '!=', USER_ROLE_ID),
        eb.exists(
          eb
            .selectFrom('member_browsable_stores as b')
            .whereRef('b.member_id', '=', 'm.id')
            .where('b.store_id', '=', storeId),
        ),
      ]),
    )
    .orderBy('m.role_id')
    .orderBy('m.id')
    .execute();
}

/** Takes a member off a store's viewers. */
export async function removeStoreViewer(
  db: Database,
  auth: AuthContext,
  storeId: number,
  memberId: number,
): Promise<void> {
  await db
    .deleteFrom('member_browsable_stores')
    .where('corporation_id', '=', auth.corporationId)
    .where('member_id', '=', memberId)
    .where('store_id', '=', storeId)
    .execute();
}
