import { createHash, randomBytes } from 'node:crypto';
import { SESSION_COOKIE_DAYS } from '@pharmalytics/domain';
import type { Database } from '../db/connection.ts';

export const SESSION_COOKIE = 'pl_session';
export const SESSION_MAX_AGE_SECONDS = SESSION_COOKIE_DAYS * 24 * 60 * 60;

function hashId(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

/** Server-side sessions: a random id in the cookie, only its hash in the database. */
export class SessionStore {
  constructor(private readonly db: Database) {}

  async create(memberId: number, userAgent: string | undefined): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    await this.db
      .insertInto('sessions')
      .values({
        id_hash: hashId(id),
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
      .where('id_hash', '=', hashId(id))
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    return row?.member_id;
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id_hash', '=', hashId(id)).execute();
  }

  async deleteAllOf(memberId: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('member_id', '=', memberId).execute();
  }
}
