import { SESSION_COOKIE_DAYS } from '@pharmalytics/domain';
import { authContextRows, toAuthContext, type AuthContext } from '../access/auth-context.ts';
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

  /**
   * Who a live session belongs to, with the member's corporation: one statement, since every
   * member call asks it before anything else.
   */
  async authContextOf(id: string): Promise<AuthContext | undefined> {
    const row = await authContextRows(this.db)
      .innerJoin('sessions as s', 's.member_id', 'm.id')
      .where('s.id_hash', '=', hashToken(id))
      .where('s.expires_at', '>', new Date())
      .executeTakeFirst();
    return row && toAuthContext(row);
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
