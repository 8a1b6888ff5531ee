import { ERROR_WIRE_MESSAGES, todayInJapan } from '@pharmalytics/domain';
import type { Database } from '../db/connection.ts';
import { conflict } from '../http/errors.ts';

export interface NewAccount {
  corporationId: number;
  email: string;
  passwordHash: string;
  publicName: string;
  searchName?: string | null;
  roleId: number;
}

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * Creates the identity account and the member in one go. The person has just agreed to the
 * terms (sign-up consent or invitation), so both agreement dates are today. An address that got
 * an account meanwhile (two links used at once) is a 409; call it inside the transaction that
 * should then be undone.
 */
export async function createAccount(db: Database, account: NewAccount): Promise<number> {
  const { local_id } = await db
    .insertInto('identity_users')
    .values({ email: account.email, password_hash: account.passwordHash })
    .returning('local_id')
    .executeTakeFirstOrThrow()
    .catch((error: unknown) => {
      if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) {
        throw conflict(ERROR_WIRE_MESSAGES.emailAlreadyRegistered);
      }
      throw error;
    });
  const today = todayInJapan();
  const { id } = await db
    .insertInto('members')
    .values({
      corporation_id: account.corporationId,
      identity_user_id: local_id,
      email: account.email,
      public_name: account.publicName,
      search_name: account.searchName || null,
      role_id: account.roleId,
      terms_agreed_on: today,
      privacy_policy_agreed_on: today,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function isEmailRegistered(db: Database, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('identity_users')
    .select('local_id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}
