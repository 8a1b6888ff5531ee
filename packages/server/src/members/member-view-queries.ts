import { planById, roleById, roleByName, type Member, type StoreTree } from '@pharmalytics/domain';
import { toAuthContext, type AuthContext } from '../access/auth-context.ts';
import { browsableStoreIds } from '../access/browsable-stores.ts';
import type { Database } from '../db/connection.ts';

/** The member as the browser sees it (spec 01 §3, Member). */
export type MemberView = Member;

/** Groups stores (already in area, prefecture, code order) into the selection hierarchy. */
export function toStoreTree(
  stores: {
    storeCode: string;
    name: string;
    prefectureId: number;
    prefectureName: string;
    areaName: string;
  }[],
): StoreTree {
  const tree: StoreTree = [];
  for (const s of stores) {
    let area = tree.at(-1);
    if (area?.areaName !== s.areaName)
      tree.push((area = { areaName: s.areaName, prefectures: [] }));
    let prefecture = area.prefectures.at(-1);
    if (prefecture?.prefectureId !== s.prefectureId) {
      area.prefectures.push(
        (prefecture = { prefectureId: s.prefectureId, name: s.prefectureName, stores: [] }),
      );
    }
    prefecture.stores.push({ storeCode: s.storeCode, name: s.name });
  }
  return tree;
}

export function roleView(roleId: number) {
  const role = roleById(roleId)!;
  return { id: role.id, name: role.name, publicName: role.publicName };
}

export const USER_ROLE_ID = roleByName('user')!.id;

/**
 * A member as `viewer` may see it (the member itself when absent): a role-user viewer sees
 * another member's stores only where they are its own browsable stores too.
 */
export async function loadMemberView(
  db: Database,
  memberId: number,
  viewer?: AuthContext,
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
      'm.identity_user_id',
      'c.id as corporation_id',
      'c.name as corporation_name',
      'c.corporation_code',
      'c.plan_id',
      'c.status',
    ])
    .where('m.id', '=', memberId)
    .executeTakeFirst();
  if (!row) return undefined;
  const plan = planById(row.plan_id)!;
  const rows = await db
    .selectFrom('stores as s')
    .innerJoin('prefectures as p', 'p.id', 's.prefecture_id')
    .select([
      's.store_code',
      's.name',
      's.prefecture_id',
      'p.name as prefecture_name',
      'p.area_name',
    ])
    .where('s.id', 'in', browsableStoreIds(db, toAuthContext(row)))
    .$if(viewer !== undefined, (q) => q.where('s.id', 'in', browsableStoreIds(db, viewer!)))
    .where('s.corporation_id', '=', row.corporation_id)
    .orderBy('p.area_order')
    .orderBy('s.prefecture_id')
    .orderBy('s.store_code')
    .execute();
  const stores = rows.map((s) => ({
    storeCode: s.store_code,
    name: s.name,
    prefectureId: s.prefecture_id,
    prefectureName: s.prefecture_name,
    areaName: s.area_name,
  }));
  return {
    id: row.id,
    publicName: row.public_name,
    searchName: row.search_name,
    email: row.email,
    systemRole: roleView(row.role_id),
    sendReportAllowed: row.send_report_allowed,
    serviceAgreedOn: row.terms_agreed_on,
    privacyPolicyAgreedOn: row.privacy_policy_agreed_on,
    corporation: {
      id: row.corporation_id,
      name: row.corporation_name,
      corporationCode: row.corporation_code,
      plan: { id: plan.id, code: plan.code, name: plan.name },
    },
    browsableStores: stores.map(({ storeCode, name }) => ({ storeCode, name })),
    cipUserId: row.identity_user_id,
    status: 'enabled',
    branches: toStoreTree(stores),
  };
}
