import { SESSION_COOKIE_DAYS } from '@pharmalytics/domain';
import type { Database } from '../db/connection.ts';
import { hashToken, randomToken } from '../tokens/random-token.ts';

export const SESSION_COOKIE = 'pl_session';
export const SESSION_MAX_AGE_SECONDS = SESSION_COOKIE_DAYS * 24 * 60 * 60;

/** Server-side sessions: a random id in the cookie, only its hash in the database. */
export class SessionStore {
  constructor(private readonly db: Database) {}

  async create(memberId: number, userAgent: string | undefined): Promise<string> {
    const id = randomToken();
    await this.db
      .insertInto('sessions')
      .values({
        id_hash: hashToken(id),
        member_id: memberId,
        expires_at: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
        user_agent: userAgent?.slice(0, 300) ?? null,
      })
      .execute();
    // Expired rows are of no use to anyone; clearing them here keeps the table small.
    await this.db.deleteFrom('sessions').where('expires_at', '<', new Date()).execute();
    return id;
  }

  async memberIdOf(id: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select('member_id')
      .where('id_hash', '=', hashToken(id))
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    return row?.member_id;
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id_hash', '=', hashToken(id)).execute();
  }

  /** Ends every session of a member, except the one given (the caller's own). */
  async deleteAllOf(memberId: number, except?: string): Promise<void> {
    let query = this.db.deleteFrom('sessions').where('member_id', '=', memberId);
    if (except) query = query.where('id_hash', '!=', hashToken(except));
    await query.execute();
  }
}
