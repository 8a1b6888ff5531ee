import { timingSafeEqual } from 'node:crypto';
import { CONTROL_CHARACTER } from '@pharmalytics/domain';
import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';
import { hashToken } from '../tokens/random-token.ts';

export const INVALID_DEVICE_CREDENTIALS = 'invalid device credentials';

export interface DeviceIdentity {
  corporationId: number;
  storeId: number;
  storeCode: string;
  storeName: string;
  insuranceInstitutionCode: string | null;
  userName: string;
}

/** The user name and key of HTTP Basic credentials, or undefined when there are none to check. */
export function basicCredentials(
  authorization: string | undefined,
): { userName: string; key: string } | undefined {
  const encoded = /^Basic (.+)$/i.exec(authorization ?? '')?.[1];
  if (!encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return undefined;
  // No user name or key holds one, and the database takes no NUL in text.
  if (CONTROL_CHARACTER.test(decoded)) return undefined;
  return { userName: decoded.slice(0, colon), key: decoded.slice(colon + 1) };
}

/** Checks HTTP Basic credentials (store user name and key) against the stored key hash. */
export async function authenticateDevice(
  db: Database,
  authorization: string | undefined,
): Promise<DeviceIdentity | undefined> {
  const credentials = basicCredentials(authorization);
  if (!credentials) return undefined;
  const { userName, key } = credentials;
  // The global list of user names finds the store's corporation; the rest is read in it.
  const owner = await db
    .selectFrom('device_user_names')
    .select('corporation_id')
    .where('user_name', '=', userName)
    .executeTakeFirst();
  const row = await db
    .selectFrom('device_users as u')
    .innerJoin('stores as s', (j) =>
      j.onRef('s.id', '=', 'u.store_id').onRef('s.corporation_id', '=', 'u.corporation_id'),
    )
    .innerJoin('corporations as c', 'c.id', 's.corporation_id')
    .select([
      'u.key_hash',
      's.corporation_id',
      's.id',
      's.store_code',
      's.name',
      's.insurance_institution_code',
    ])
    .where('u.corporation_id', '=', owner?.corporation_id ?? 0)
    .where('u.user_name', '=', userName)
    .where('s.contract_status', '=', 'active')
    .where('c.status', '=', 'active')
    .executeTakeFirst();
  const expected = Buffer.from(row?.key_hash ?? hashToken('no such user'));
  const given = Buffer.from(hashToken(key));
  if (!row || !timingSafeEqual(expected, given)) return undefined;
  return {
    corporationId: row.corporation_id,
    storeId: row.id,
    storeCode: row.store_code,
    storeName: row.name,
    insuranceInstitutionCode: row.insurance_institution_code,
    userName,
  };
}

/**
 * Records that the store's uploader is alive; the first contact makes the store connected. The
 * time is a parameter: a distributed database refuses now() inside ON CONFLICT DO UPDATE.
 */
export async function recordContact(
  db: Database,
  device: DeviceIdentity,
  deviceName: string,
  at = new Date(),
) {
  await sql`
    insert into client_devices (corporation_id, store_id, name, last_contact_at)
    values (${device.corporationId}, ${device.storeId}, ${deviceName}, ${at})
    on conflict (corporation_id, store_id, name)
      do update set last_contact_at = excluded.last_contact_at`.execute(db);
}
