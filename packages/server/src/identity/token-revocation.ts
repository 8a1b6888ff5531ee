import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';
import type { IdTokenClaims } from './tokens.ts';

/** What an account keeps to tell current ID tokens from revoked ones. */
export interface TokenRevocation {
  token_generation: number;
  tokens_revoked_at: Date;
}

/**
 * Whether a token was issued before the account's last revocation. Our tokens carry the
 * generation, which tells exactly, even within one second. An external provider's token has only
 * its issue second, so one issued in the second of the revocation counts as revoked too.
 */
export function isRevoked(claims: IdTokenClaims, account: TokenRevocation): boolean {
  if (claims.generation !== undefined) return claims.generation !== account.token_generation;
  return claims.iat <= Math.floor(account.tokens_revoked_at.getTime() / 1000);
}

/**
 * Records that a token has opened a session; answers false when it had already, so each ID token
 * opens one session only. The record is kept until the token expires.
 */
export async function useIdTokenOnce(db: Database, claims: IdTokenClaims): Promise<boolean> {
  const used = await db
    .insertInto('used_id_tokens')
    .values({ token_id: claims.id, expires_at: new Date(claims.exp * 1000) })
    .onConflict((oc) => oc.column('token_id').doNothing())
    .returning('token_id')
    .executeTakeFirst();
  await db
    .deleteFrom('used_id_tokens')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  return used !== undefined;
}
