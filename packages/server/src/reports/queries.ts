import type { Database } from '../db/connection.ts';

/** Turns a member's report mail off; false when there is no such member. */
export async function turnReportMailOff(db: Database, memberId: number): Promise<boolean> {
  const updated = await db
    .updateTable('members')
    .set({ send_report_allowed: false, updated_at: new Date() })
    .where('id', '=', memberId)
    .returning('id')
    .execute();
  return updated.length > 0;
}
