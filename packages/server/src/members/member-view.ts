import { planById, roleById } from '@pharmalytics/domain';
import type { AuthContext } from '../access/auth-context.ts';
import { browsableStoreIds } from '../access/browsable-stores.ts';
import type { Database } from '../db/connection.ts';

/** The member as the browser sees it (spec 01 §3, Member). */
export interface MemberView {
  id: number;
  publicName: string;
  searchName: string | null;
  email: string;
  systemRole: { id: number; name: string; publicName: string };
  sendReportAllowed: boolean;
  serviceAgreedOn: string | null;
  privacyPolicyAgreedOn: string | null;
  corporation: {
    id: number;
    name: string;
    corporationCode: string;
    plan: { id: number; code: string; name: string };
  };
  browsableStores: { storeCode: string; name: string }[];
}

export async function loadMemberView(
  db: Database,
  memberId: number,
): Promise<MemberView | undefined> {
  const row = await db
    .selectFrom('members as m')
    .innerJoin('corporations as c', 'c.id', 'm.corporation_id')
    .select([
      'm.id',
      'm.public_name',
      'm.search_name',
      'm.email',
      'm.role_id',
      'm.send_report_allowed',
      'm.terms_agreed_on',
      'm.privacy_policy_agreed_on',
      'c.id as corporation_id',
      'c.name as corporation_name',
      'c.corporation_code',
      'c.plan_id',
      'c.status',
    ])
    .where('m.id', '=', memberId)
    .executeTakeFirst();
  if (!row) return undefined;
  const role = roleById(row.role_id)!;
  const plan = planById(row.plan_id)!;
  const auth: AuthContext = {
    memberId: row.id,
    corporationId: row.corporation_id,
    corporationSuspended: row.status === 'suspended',
    plan: plan.code,
    role: role.name,
  };
  const stores = await db
    .selectFrom('stores')
    .select(['store_code', 'name'])
    .where('id', 'in', browsableStoreIds(db, auth))
    .where('corporation_id', '=', row.corporation_id)
    .orderBy('store_code')
    .execute();
  return {
    id: row.id,
    publicName: row.public_name,
    searchName: row.search_name,
    email: row.email,
    systemRole: { id: role.id, name: role.name, publicName: role.publicName },
    sendReportAllowed: row.send_report_allowed,
    serviceAgreedOn: row.terms_agreed_on,
    privacyPolicyAgreedOn: row.privacy_policy_agreed_on,
    corporation: {
      id: row.corporation_id,
      name: row.corporation_name,
      corporationCode: row.corporation_code,
      plan: { id: plan.id, code: plan.code, name: plan.name },
    },
    browsableStores: stores.map((s) => ({ storeCode: s.store_code, name: s.name })),
  };
}
