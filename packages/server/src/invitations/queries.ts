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

/** A new pending invitation of the caller's corporation, replacing a pending one of the address. */
export async function replacePendingInvitation(
  db: Database,
  auth: AuthContext,
  invitation: { email: string; roleId: number; tokenHash: string; expiresAt: Date },
): Promise<number> {
  await db
    .deleteFrom('invitations')
    .where(...ownedBy(auth))
    .where('email', '=', invitation.email)
    .where('accepted_at', 'is', null)
    .execute();
  const row = await db
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

/** Deletes a pending invitation; false when it is no longer pending. */
export async function deletePendingInvitation(db: Database, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('invitations')
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
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
  const row = await db
    .selectFrom('invitations as i')
    .innerJoin('corporations as c', 'c.id', 'i.corporation_id')
    .select(['i.id', 'i.corporation_id', 'i.email', 'i.role_id', 'c.name as corporation_name'])
    .where('i.token_hash', '=', hashToken(token))
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
