import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';

export interface LockoutPolicy {
  attempts: number;
  minutes: number;
}

/**
 * Consecutive failed sign-ins per address, known or not, and the lock they lead to. Each change
 * is one statement that reads and writes the row together, so parallel attempts cannot undo a
 * lock or slip past it: after `attempts` failures the address is locked for `minutes`, a failure
 * during the lock leaves it as it is, and a success during the lock does not count.
 */
export class SignInFailures {
  constructor(
    private readonly db: Database,
    private readonly policy: LockoutPolicy,
  ) {}

  async isLocked(email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sign_in_failures')
      .select(sql<boolean>`locked_until is not null and locked_until > now()`.as('locked'))
      .where('email', '=', email)
      .executeTakeFirst();
    return row?.locked ?? false;
  }

  /** Counts a failure; answers whether the address is locked afterwards. */
  async record(email: string): Promise<boolean> {
    const { attempts, minutes } = this.policy;
    const lockedNow = sql<boolean>`sign_in_failures.locked_until > now()`;
    const reaches = sql<boolean>`sign_in_failures.failed_attempts + 1 >= ${attempts}`;
    const until = sql<Date>`now() + make_interval(mins => ${minutes})`;
    const row = await this.db
      .insertInto('sign_in_failures')
      .values({
        email,
        failed_attempts: attempts <= 1 ? 0 : 1,
        locked_until: attempts <= 1 ? until : null,
      })
      .onConflict((oc) =>
        oc.column('email').doUpdateSet({
          failed_attempts: sql`case when ${lockedNow} then sign_in_failures.failed_attempts
            when ${reaches} then 0 else sign_in_failures.failed_attempts + 1 end`,
          locked_until: sql`case when ${lockedNow} then sign_in_failures.locked_until
            when ${reaches} then ${until} else null end`,
        }),
      )
      .returning(sql<boolean>`locked_until is not null and locked_until > now()`.as('locked'))
      .executeTakeFirstOrThrow();
    return row.locked;
  }

  /**
   * Clears the count after a right password, unless the address is locked (perhaps by failures
   * that finished while the password was being checked): answers false then, and the sign-in
   * must be refused.
   */
  async clear(email: string): Promise<boolean> {
    const row = await this.db
      .insertInto('sign_in_failures')
      .values({ email, failed_attempts: 0, locked_until: null })
      .onConflict((oc) =>
        oc
          .column('email')
          .doUpdateSet({ failed_attempts: 0, locked_until: null })
          .where(
            sql<boolean>`sign_in_failures.locked_until is null or sign_in_failures.locked_until <= now()`,
          ),
      )
      .returning('email')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Lifts a lock and forgets the failures, as a new password does. */
  async reset(email: string): Promise<void> {
    await this.db.deleteFrom('sign_in_failures').where('email', '=', email).execute();
  }
}
