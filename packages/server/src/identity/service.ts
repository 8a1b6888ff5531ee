import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.ts';
import { SignInFailures, type LockoutPolicy } from './sign-in-failures.ts';

export type { LockoutPolicy } from './sign-in-failures.ts';

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
  | {
      ok: true;
      localId: string;
      email: string;
      /** The account's token generation, which the ID token carries (see tokens.ts). */
      tokenGeneration: number;
    }
  | { ok: false; error: SignInErrorCode };

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class IdentityService {
  private readonly failures: SignInFailures;

  constructor(
    private readonly db: Database,
    lockout: LockoutPolicy,
  ) {
    this.failures = new SignInFailures(db, lockout);
  }

  async createUser(email: string, password: string): Promise<string> {
    const row = await this.db
      .insertInto('identity_users')
      .values({ email: normalizeEmail(email), password_hash: await hashPassword(password) })
      .returning('local_id')
      .executeTakeFirstOrThrow();
    return row.local_id;
  }

  /** Sets a new password: earlier ID tokens open no session any more, and a lock is lifted. */
  async setPassword(localId: string, password: string): Promise<void> {
    const row = await this.db
      .updateTable('identity_users')
      .set({
        password_hash: await hashPassword(password),
        password_changed_at: sql`now()`,
        token_generation: sql`token_generation + 1`,
        tokens_revoked_at: sql`now()`,
      })
      .where('local_id', '=', localId)
      .returning('email')
      .executeTakeFirst();
    if (row) await this.failures.reset(row.email);
  }

  /**
   * Checks a password. Every address, with an account or not, takes the same path: the same
   * hashing work and the same failure count, so that neither the answers nor a lock tell which
   * addresses have accounts. Repeated failures lock the address for a while, even for the right
   * password.
   */
  async signIn(emailInput: string, password: string): Promise<SignInResult> {
    const email = normalizeEmail(emailInput);
    if (!email.includes('@')) return { ok: false, error: 'INVALID_EMAIL' };
    if (!password) return { ok: false, error: 'MISSING_PASSWORD' };
    const user = await this.db
      .selectFrom('identity_users')
      .select(['local_id', 'password_hash', 'disabled', 'token_generation'])
      .where('email', '=', email)
      .executeTakeFirst();
    if (await this.failures.isLocked(email)) {
      return { ok: false, error: 'TOO_MANY_ATTEMPTS_TRY_LATER' };
    }
    const valid = user
      ? await verifyPassword(user.password_hash, password)
      : await verifyAgainstNothing(password);
    if (!user || !valid) {
      const locked = await this.failures.record(email);
      return {
        ok: false,
        error: locked ? 'TOO_MANY_ATTEMPTS_TRY_LATER' : 'INVALID_LOGIN_CREDENTIALS',
      };
    }
    // Failures that ended while the password was checked may have locked the address meanwhile.
    if (!(await this.failures.clear(email))) {
      return { ok: false, error: 'TOO_MANY_ATTEMPTS_TRY_LATER' };
    }
    if (user.disabled) return { ok: false, error: 'USER_DISABLED' };
    return { ok: true, localId: user.local_id, email, tokenGeneration: user.token_generation };
  }
}
