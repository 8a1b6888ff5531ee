import type { UserInformation } from '@pharmalytics/domain';
import type { Database } from '../db/connection.ts';

/** The member's own name and address. */
export async function userInformation(db: Database, memberId: number): Promise<UserInformation> {
  const row = await db
    .selectFrom('members')
    .select(['public_name', 'search_name', 'email'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return { publicName: row.public_name, searchName: row.search_name, email: row.email };
}

export async function updateNames(
  db: Database,
  memberId: number,
  names: { publicName: string; searchName: string | null },
): Promise<void> {
  await db
    .updateTable('members')
    .set({ public_name: names.publicName, search_name: names.searchName, updated_at: new Date() })
    .where('id', '=', memberId)
    .execute();
}

/** The member's address and identity account. */
export function loginOf(db: Database, memberId: number) {
  return db
    .selectFrom('members')
    .select(['email', 'identity_user_id'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
}

export async function updateSendReportAllowed(
  db: Database,
  memberId: number,
  sendReportAllowed: boolean,
): Promise<void> {
  await db
    .updateTable('members')
    .set({ send_report_allowed: sendReportAllowed, updated_at: new Date() })
    .where('id', '=', memberId)
    .execute();
}
