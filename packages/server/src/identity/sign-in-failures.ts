import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';

export interface LockoutPolicy {
  attempts: number;
  minutes: number;
}

/**
 * Consecutive failed sign-ins per name (an address, a device's user name), known or not, and the
 * lock they lead to. Each change is one statement that reads and writes the row together, so
 * parallel attempts cannot undo a lock or slip past it: after `attempts` failures the name is
 * locked for `minutes`, a failure during the lock leaves it as it is, and a success during the
 * lock does not count.
 */
class FailureLock {
  constructor(
    private readonly db: Database,
    private readonly policy: LockoutPolicy,
    /** The table that counts, keyed by `column`. */
    private readonly table: 'sign_in_failures' | 'device_sign_in_failures',
    private readonly column: 'email' | 'user_name',
  ) {}

  private get t() {
    return sql.table(this.table);
  }

  private get key() {
    return sql.ref(this.column);
  }

  async isLocked(name: string): Promise<boolean> {
    const { rows } = await sql<{ locked: boolean }>`
      select locked_until is not null and locked_until > now() as locked
      from ${this.t} where ${this.key} = ${name}`.execute(this.db);
    return rows[0]?.locked ?? false;
  }

  /** Counts a failure; answers whether the name is locked afterwards. */
  async record(name: string): Promise<boolean> {
    const { attempts, minutes } = this.policy;
    const until = sql<Date>`now() + make_interval(mins => ${minutes})`;
    const { rows } = await sql<{ locked: boolean }>`
      insert into ${this.t} as f (${this.key}, failed_attempts, locked_until)
      values (${name}, ${attempts <= 1 ? 0 : 1}, ${attempts <= 1 ? until : null})
      on conflict (${this.key}) do update set
        failed_attempts = case when f.locked_until > now() then f.failed_attempts
          when f.failed_attempts + 1 >= ${attempts} then 0 else f.failed_attempts + 1 end,
        locked_until = case when f.locked_until > now() then f.locked_until
          when f.failed_attempts + 1 >= ${attempts} then ${until} else null end
      returning locked_until is not null and locked_until > now() as locked`.execute(this.db);
    return rows[0]!.locked;
  }

  /**
   * Clears the count after a right password or key, unless the name is locked (perhaps by
   * failures that finished while it was being checked): answers false then, and the sign-in
   * must be refused.
   */
  async clear(name: string): Promise<boolean> {
    const { rows } = await sql`
      insert into ${this.t} as f (${this.key}, failed_attempts, locked_until)
      values (${name}, 0, null)
      on conflict (${this.key}) do update set failed_attempts = 0, locked_until = null
        where f.locked_until is null or f.locked_until <= now()
      returning 1`.execute(this.db);
    return rows.length > 0;
  }

  /** Lifts a lock and forgets the failures, as a new password does. */
  async reset(name: string): Promise<void> {
    await sql`delete from ${this.t} where ${this.key} = ${name}`.execute(this.db);
  }
}

/** Failed sign-ins per e-mail address. */
export class SignInFailures extends FailureLock {
  constructor(db: Database, policy: LockoutPolicy) {
    super(db, policy, 'sign_in_failures', 'email');
  }
}

/** Failed uploader sign-ins (HTTP Basic) per device user name. */
export class DeviceSignInFailures extends FailureLock {
  constructor(db: Database, policy: LockoutPolicy) {
    super(db, policy, 'device_sign_in_failures', 'user_name');
  }
}
