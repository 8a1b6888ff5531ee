import type { Database } from '../db/connection.ts';

/** Moves a member to the corporation with this code; false when no corporation has it. */
export async function moveToCorporation(
  db: Database,
  memberId: number,
  corporationCode: string,
): Promise<boolean> {
  const corporation = await db
    .selectFrom('corporations')
    .select('id')
    .where('corporation_code', '=', corporationCode)
    .executeTakeFirst();
  if (!corporation) return false;
  await db
    .updateTable('members')
    .set({ corporation_id: corporation.id, updated_at: new Date() })
    .where('id', '=', memberId)
    .execute();
  return true;
}

/** Records the member's agreement to the terms of service and the privacy policy on a day. */
export async function recordAgreement(db: Database, memberId: number, day: string): Promise<void> {
  await db
    .updateTable('members')
    .set({ terms_agreed_on: day, privacy_policy_agreed_on: day, updated_at: new Date() })
    .where('id', '=', memberId)
    .execute();
}
