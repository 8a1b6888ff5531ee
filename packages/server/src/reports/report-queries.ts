import { can, CAPABILITIES, planByCode } from '@pharmalytics/domain';
import { toAuthContext, type AuthContext } from '../access/auth-context.ts';
import { browsableStoreIds } from '../access/browsable-stores.ts';
import type { Database } from '../db/connection.ts';

/** Plans whose members receive dashboard reports: those of the capability `receiveDashboardReport`. */
const REPORT_PLAN_IDS = CAPABILITIES.receiveDashboardReport.plans.map(
  (code) => planByCode(code)!.id,
);

/**
 * Who receives the dashboard report: every member who allowed reports (of one corporation, or of
 * every active basic or advanced corporation) and may browse at least one store, with those
 * stores.
 */
export async function reportRecipients(db: Database, corporationId?: number) {
  let query = db
    .selectFrom('members as m')
    .innerJoin('corporations as c', 'c.id', 'm.corporation_id')
    .select([
      'm.id',
      'm.corporation_id',
      'm.role_id',
      'm.email',
      'm.public_name',
      'c.plan_id',
      'c.status',
      'c.name as corporation_name',
    ])
    .where('m.send_report_allowed', '=', true)
    .where('c.status', '=', 'active')
    .where('c.plan_id', 'in', REPORT_PLAN_IDS)
    .orderBy('m.id');
  if (corporationId !== undefined) query = query.where('m.corporation_id', '=', corporationId);
  const recipients = [];
  for (const member of await query.execute()) {
    const auth: AuthContext = toAuthContext(member);
    if (!can(auth, 'receiveDashboardReport')) continue;
    const stores = await db
      .selectFrom('stores')
      .select(['id', 'name', 'store_code'])
      .where('corporation_id', '=', member.corporation_id)
      .where('id', 'in', browsableStoreIds(db, auth))
      .orderBy('store_code')
      .execute();
    if (stores.length > 0) recipients.push({ member, auth, stores });
  }
  return recipients;
}
