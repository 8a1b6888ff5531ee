import type { AuthContext } from '../access/auth-context.ts';
import type { Database } from '../db/connection.ts';

/** The prescriber notices the caller closed, by store code and notice key. */
export function dismissedNotices(
  db: Database,
  auth: AuthContext,
): Promise<{ store_code: string; notice_key: string }[]> {
  return db
    .selectFrom('prescriber_notice_dismissals as d')
    .innerJoin('stores as s', (join) =>
      join.onRef('s.id', '=', 'd.store_id').onRef('s.corporation_id', '=', 'd.corporation_id'),
    )
    .select(['s.store_code', 'd.notice_key'])
    .where('d.corporation_id', '=', auth.corporationId)
    .where('d.member_id', '=', auth.memberId)
    .execute();
}

/** Records a notice the caller closed on a store it may browse; closing it again changes nothing. */
export async function saveNoticeDismissal(
  db: Database,
  auth: AuthContext,
  storeId: number,
  key: string,
): Promise<void> {
  await db
    .insertInto('prescriber_notice_dismissals')
    .values({
      corporation_id: auth.corporationId,
      member_id: auth.memberId,
      store_id: storeId,
      notice_key: key,
    })
    .onConflict((oc) =>
      oc.columns(['corporation_id', 'member_id', 'store_id', 'notice_key']).doNothing(),
    )
    .execute();
}
