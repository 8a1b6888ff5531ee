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

/** Gives a store its uploader credentials: a user name and a random key. */
export async function createDeviceUser(
  db: Database,
  box: SecretBox,
  store: { corporationId: number; id: number; storeCode: string },
): Promise<void> {
  const key = uploaderKey();
  await db
    .insertInto('device_users')
    .values({
      corporation_id: store.corporationId,
      store_id: store.id,
      user_name: `store-${store.storeCode}`,
      key_hash: hashToken(key),
      key_sealed: box.seal(key),
    })
    .execute();
}
