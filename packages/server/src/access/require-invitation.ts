import type { Database } from '../db/connection.ts';
import { notFound } from '../http/errors.ts';
import type { AuthContext } from './auth-context.ts';
import { ownedBy } from './require.ts';

/** A pending (not yet accepted) invitation of the caller's corporation; any other is a 404. */
export async function requirePendingInvitation(
  db: Database,
  auth: AuthContext,
  invitationId: number,
): Promise<{ id: number }> {
  const row = await db
    .selectFrom('invitations')
    .select('id')
    .where(...ownedBy(auth))
    .where('id', '=', invitationId)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}
