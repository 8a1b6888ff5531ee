import { PASSWORD_RESET_LINK_VALID_HOURS, SIGN_UP_LINK_VALID_HOURS } from '@pharmalytics/domain';
import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';
import { hashToken, randomToken } from './random-token.ts';

export type EmailTokenPurpose = 'sign_up' | 'password_reset';

const HOUR_MS = 60 * 60 * 1000;
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  sign_up: SIGN_UP_LINK_VALID_HOURS * HOUR_MS,
  password_reset: PASSWORD_RESET_LINK_VALID_HOURS * HOUR_MS,
};

/** Single-use links sent by e-mail: random, stored hashed, with an expiry. */
export class EmailTokens {
  constructor(private readonly db: Database) {}

  async issue(purpose: EmailTokenPurpose, email: string): Promise<string> {
    const token = randomToken();
    await this.db
      .insertInto('email_tokens')
      .values({
        token_hash: hashToken(token),
        purpose,
        email,
        expires_at: new Date(Date.now() + EMAIL_TOKEN_TTL_MS[purpose]),
      })
      .execute();
    return token;
  }

  /** The address a live token was sent to, without using it up. */
  async emailOf(purpose: EmailTokenPurpose, token: string, db: Database = this.db) {
    const row = await db
      .selectFrom('email_tokens')
      .select('email')
      .where('token_hash', '=', hashToken(token))
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row?.email;
  }

  /** Uses a live token up; answers its address, or undefined when it was not live. */
  async consume(purpose: EmailTokenPurpose, token: string, db: Database = this.db) {
    const row = await db
      .updateTable('email_tokens')
      .set({ used_at: sql`now()` })
      .where('token_hash', '=', hashToken(token))
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('email')
      .executeTakeFirst();
    return row?.email;
  }
}
