import { sql } from 'kysely';
import { ownedBy } from '../access/require.ts';
import type { AuthContext } from '../access/auth-context.ts';
import type { Database } from '../db/connection.ts';
import { hashToken } from '../tokens/random-token.ts';

/** The addresses among `emails` that are members of the caller's own corporation. */
export async function ownMemberEmails(
  db: Database,
  auth: AuthContext,
  emails: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('members')
    .select('email')
    .where(...ownedBy(auth))
    .where('email', 'in', [...emails])
    .execute();
  return rows.map((row) => row.email);
}

/** The inviting member's name and corporation name, for the mail. */
export function inviterOf(db: Database, memberId: number) {
  return db
    .selectFrom('members as m')
    .innerJoin('corporations as c', 'c.id', 'm.corporation_id')
    .select(['m.public_name', 'c.name'])
    .where('m.id', '=', memberId)
    .executeTakeFirstOrThrow();
}

/**
 * A new pending invitation of the caller's corporation, replacing a pending one of the address;
 * run in the caller's transaction, which writes the token to the global list with it.
 */
export async function replacePendingInvitation(
  trx: Database,
  auth: AuthContext,
  invitation: { email: string; roleId: number; tokenHash: string; expiresAt: Date },
): Promise<number> {
  const replaced = await trx
    .deleteFrom('invitations')
    .where(...ownedBy(auth))
    .where('email', '=', invitation.email)
    .where('accepted_at', 'is', null)
    .returning('token_hash')
    .execute();
  await forgetTokens(
    trx,
    replaced.map((r) => r.token_hash),
  );
  await trx
    .insertInto('invitation_tokens')
    .values({ token_hash: invitation.tokenHash, corporation_id: auth.corporationId })
    .execute();
  const row = await trx
    .insertInto('invitations')
    .values({
      corporation_id: auth.corporationId,
      email: invitation.email,
      role_id: invitation.roleId,
      token_hash: invitation.tokenHash,
      invited_by: auth.memberId,
      expires_at: invitation.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Removes the tokens of deleted invitations from the global list of invitation tokens. */
async function forgetTokens(db: Database, tokenHashes: string[]): Promise<void> {
  if (tokenHashes.length === 0) return;
  await db.deleteFrom('invitation_tokens').where('token_hash', 'in', tokenHashes).execute();
}

/** Deletes a pending invitation; false when it is no longer pending. */
export async function deletePendingInvitation(
  db: Database,
  auth: AuthContext,
  id: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('invitations')
      .where(...ownedBy(auth))
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .returning('token_hash')
      .execute();
    await forgetTokens(
      trx,
      deleted.map((r) => r.token_hash),
    );
    return deleted.length > 0;
  });
}

export interface LiveInvitation {
  id: number;
  corporationId: number;
  email: string;
  roleId: number;
  corporationName: string;
}

/** A pending, unexpired invitation by the token of its link. */
export async function findLiveInvitation(
  db: Database,
  token: string,
): Promise<LiveInvitation | undefined> {
  const tokenHash = hashToken(token);
  // The global list of tokens finds the invitation's corporation; the rest is read in it.
  const owner = await db
    .selectFrom('invitation_tokens')
    .select('corporation_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!owner) return undefined;
  const row = await db
    .selectFrom('invitations as i')
    .innerJoin('corporations as c', 'c.id', 'i.corporation_id')
    .select(['i.id', 'i.corporation_id', 'i.email', 'i.role_id', 'c.name as corporation_name'])
    .where('i.corporation_id', '=', owner.corporation_id)
    .where('i.token_hash', '=', tokenHash)
    .where('i.accepted_at', 'is', null)
    .where('i.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      corporationId: row.corporation_id,
      email: row.email,
      roleId: row.role_id,
      corporationName: row.corporation_name,
    }
  );
}

/** Marks the invitation accepted; false when it was accepted meanwhile. */
export async function acceptInvitation(db: Database, invitation: LiveInvitation): Promise<boolean> {
  const accepted = await db
    .updateTable('invitations')
    .set({ accepted_at: sql`now()` })
    .where('corporation_id', '=', invitation.corporationId)
    .where('id', '=', invitation.id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return accepted.numUpdatedRows > 0n;
}
