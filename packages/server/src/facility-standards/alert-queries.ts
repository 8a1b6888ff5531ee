import type { AuthContext } from '../access/auth-context.ts';
import type { Database } from '../db/connection.ts';

/** The alerts the caller dismissed, by store code and alert key. */
export function dismissedAlerts(
  db: Database,
  auth: AuthContext,
): Promise<{ store_code: string; alert_key: string }[]> {
  return db
    .selectFrom('facility_alert_dismissals as d')
    .innerJoin('stores as s', (join) =>
      join.onRef('s.id', '=', 'd.store_id').onRef('s.corporation_id', '=', 'd.corporation_id'),
    )
    .select(['s.store_code', 'd.alert_key'])
    .where('d.member_id', '=', auth.memberId)
    .where('d.corporation_id', '=', auth.corporationId)
    .execute();
}

/** Records an alert the caller closed on a store it may browse; closing it again changes nothing. */
export async function saveAlertDismissal(
  db: Database,
  auth: AuthContext,
  storeId: number,
  key: string,
): Promise<void> {
  await db
    .insertInto('facility_alert_dismissals')
    .values({
      corporation_id: auth.corporationId,
      member_id: auth.memberId,
      store_id: storeId,
      alert_key: key,
    })
    .onConflict((oc) =>
      oc.columns(['corporation_id', 'member_id', 'store_id', 'alert_key']).doNothing(),
    )
    .execute();
}
