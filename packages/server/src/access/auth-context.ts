import { can, planById, roleById, type PlanCode, type RoleName } from '@pharmalytics/domain';
import type { Database } from '../db/connection.ts';

/** Who is calling: established from the session on every request that needs it. */
export interface AuthContext {
  memberId: number;
  corporationId: number;
  corporationSuspended: boolean;
  plan: PlanCode;
  role: RoleName;
}

/** Members with their corporation's plan and status: what an `AuthContext` is made of. */
export function authContextRows(db: Database) {
  return db
    .selectFrom('members as m')
    .innerJoin('corporations as c', 'c.id', 'm.corporation_id')
    .select(['m.id', 'm.corporation_id', 'm.role_id', 'c.plan_id', 'c.status']);
}

export async function loadAuthContext(
  db: Database,
  memberId: number,
): Promise<AuthContext | undefined> {
  const row = await authContextRows(db).where('m.id', '=', memberId).executeTakeFirst();
  return row && toAuthContext(row);
}

/**
 * A suspended corporation shuts out its members, but not a system administrator: it may switch
 * into a suspended corporation to look at it, and must always be able to sign in and switch back.
 */
export function shutOutBySuspension(auth: AuthContext): boolean {
  return auth.corporationSuspended && !can(auth, 'enterSuspendedCorporation');
}

export function toAuthContext(row: {
  id: number;
  corporation_id: number;
  role_id: number;
  plan_id: number;
  status: 'active' | 'suspended';
}): AuthContext {
  return {
    memberId: row.id,
    corporationId: row.corporation_id,
    corporationSuspended: row.status === 'suspended',
    plan: planById(row.plan_id)!.code,
    role: roleById(row.role_id)!.name,
  };
}
