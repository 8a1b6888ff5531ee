import type { Database } from '../db/connection.ts';

/** The member with this (normalized) e-mail address, with its identity account. */
export function findMemberByEmail(db: Database, email: string) {
  return db
    .selectFrom('members')
    .select(['id', 'identity_user_id'])
    .where('email', '=', email)
    .executeTakeFirst();
}
