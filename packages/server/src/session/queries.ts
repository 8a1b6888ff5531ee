import type { Database } from '../db/connection.ts';

/** The member of an identity account, with the account's state that decides a login. */
export function findLoginMember(db: Database, identityUserId: string) {
  return db
    .selectFrom('members as m')
    .innerJoin('identity_users as u', 'u.local_id', 'm.identity_user_id')
    .select(['m.id', 'u.disabled', 'u.token_generation', 'u.tokens_revoked_at'])
    .where('m.identity_user_id', '=', identityUserId)
    .executeTakeFirst();
}
