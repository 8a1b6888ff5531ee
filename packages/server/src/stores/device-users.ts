import type { Database } from '../db/connection.ts';
import { hashToken, randomToken } from '../tokens/random-token.ts';
import type { SecretBox } from '../tokens/secret-box.ts';

/**
 * A random uploader key of 32 characters that starts with a letter or digit: the key goes out in a
 * CSV, where a text starting with '-' would be written with a quote in front (a formula guard).
 */
function uploaderKey(): string {
  for (;;) {
    const key = randomToken().slice(0, 32);
    if (/^[A-Za-z0-9]/.test(key)) return key;
  }
}

/**
 * Claims a store code in the global list of codes (unique across corporations), in the
 * transaction that writes the store.
 */
export async function claimStoreCode(
  db: Database,
  corporationId: number,
  storeCode: string,
): Promise<void> {
  await db
    .insertInto('store_codes')
    .values({ store_code: storeCode, corporation_id: corporationId })
    .execute();
}

/**
 * Gives a store its uploader credentials: a user name (unique across corporations, so also kept in
 * the global list that finds the store's corporation) and a random key.
 */
export async function createDeviceUser(
  db: Database,
  box: SecretBox,
  store: { corporationId: number; id: number; storeCode: string },
): Promise<void> {
  const key = uploaderKey();
  const userName = `store-${store.storeCode}`;
  await db
    .insertInto('device_user_names')
    .values({ user_name: userName, corporation_id: store.corporationId, store_id: store.id })
    .execute();
  await db
    .insertInto('device_users')
    .values({
      corporation_id: store.corporationId,
      store_id: store.id,
      user_name: userName,
      key_hash: hashToken(key),
      key_sealed: box.seal(key),
    })
    .execute();
}
