import { can } from '@pharmalytics/domain';
import type { AuthContext } from '../access/auth-context.ts';
import { browsableStoreIds } from '../access/browsable-stores.ts';
import type { Database } from '../db/connection.ts';
import type { SecretBox } from '../tokens/secret-box.ts';
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
            .whereRef('d.corporation_id', '=', 's.corporation_id'),
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
  return (row: StoreRowWithDevice) => ({
    ...toStoreView(row),
    clientDeviceUser:
      showCredentials && row.user_name && row.key_sealed
        ? { deviceId: row.id, name: row.user_name, plainTextPassword: box.open(row.key_sealed) }
        : null,
  });
}
