import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.ts';

/**
 * Error codes of the Identity Toolkit REST contract. Unknown address and wrong password both give
 * INVALID_LOGIN_CREDENTIALS (e-mail enumeration protection).
 */
export type SignInErrorCode =
  | 'INVALID_LOGIN_CREDENTIALS'
  | 'USER_DISABLED'
  | 'TOO_MANY_ATTEMPTS_TRY_LATER'
  | 'INVALID_EMAIL'
  | 'MISSING_PASSWORD';

export type SignInResult =
  { ok: true; localId: string; email: string } | { ok: false; error: SignInErrorCode };

export interface LockoutPolicy {
  attempts: number;
  minutes: number;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class IdentityService {
  constructor(
    private readonly db: Database,
    private readonly lockout: LockoutPolicy,
  ) {}

  async createUser(email: string, password: string): Promise<string> {
    const row = await this.db
      .insertInto('identity_users')
      .values({ email: normalizeEmail(email), password_hash: await hashPassword(password) })
      .returning('local_id')
      .executeTakeFirstOrThrow();
    return row.local_id;
  }

  async setPassword(localId: string, password: string): Promise<void> {
    await this.db
      .updateTable('identity_users')
      .set({
        password_hash: await hashPassword(password),
        password_changed_at: new Date(),
        failed_attempts: 0,
        locked_until: null,
      })
      .where('local_id', '=', localId)
      .execute();
  }

  /** Checks a password; repeated failures lock the account for a while, even for the right one. */
  async signIn(emailInput: string, password: string): Promise<SignInResult> {
    const email = normalizeEmail(emailInput);
    if (!email.includes('@')) return { ok: false, error: 'INVALID_EMAIL' };
    if (!password) return { ok: false, error: 'MISSING_PASSWORD' };

    const user = await this.db
      .selectFrom('identity_users')
      .select(['local_id', 'password_hash', 'disabled', 'locked_until'])
      .where('email', '=', email)
      .executeTakeFirst();
    if (!user) {
      await verifyAgainstNothing(password);
      return { ok: false, error: 'INVALID_LOGIN_CREDENTIALS' };
    }
    if (user.locked_until && user.locked_until > new Date()) {
      return { ok: false, error: 'TOO_MANY_ATTEMPTS_TRY_LATER' };
    }
    if (!(await verifyPassword(user.password_hash, password))) {
      return this.recordFailure(user.local_id);
    }
    if (user.disabled) return { ok: false, error: 'USER_DISABLED' };
    await this.db
      .updateTable('identity_users')
      .set({ failed_attempts: 0, locked_until: null })
      .where('local_id', '=', user.local_id)
      .execute();
    return { ok: true, localId: user.local_id, email };
  }

  private async recordFailure(localId: string): Promise<SignInResult> {
    const { attempts, minutes } = this.lockout;
    const row = await this.db
      .updateTable('identity_users')
      .set({
        failed_attempts: sql`case when failed_attempts + 1 >= ${attempts} then 0 else failed_attempts + 1 end`,
        locked_until: sql`case when failed_attempts + 1 >= ${attempts}
          then now() + make_interval(mins => ${minutes}) else null end`,
      })
      .where('local_id', '=', localId)
      .returning('locked_until')
      .executeTakeFirstOrThrow();
    return {
      ok: false,
      error: row.locked_until ? 'TOO_MANY_ATTEMPTS_TRY_LATER' : 'INVALID_LOGIN_CREDENTIALS',
    };
  }
}
