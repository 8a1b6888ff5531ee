import {
  ASSIGNABLE_ROLES,
  can,
  roleByName,
  type RoleName,
  type Standing,
} from '@pharmalytics/domain';

export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** The two roles offered when inviting or changing a role, with their public names. */
export const ROLE_OPTIONS = ASSIGNABLE_ROLES.map((name) => ({
  value: name,
  label: roleByName(name)!.publicName,
}));

export function isAssignableRole(value: string): value is AssignableRole {
  return (ASSIGNABLE_ROLES as readonly string[]).includes(value);
}

export interface AccountEditRights {
  /** Role edit: not for role user callers, one's own account or system_admin targets. */
  role: boolean;
  /** Viewable stores: not for role user callers nor admin or system_admin targets. */
  stores: boolean;
  /** Delete: hidden for role user callers; a system_admin can only delete itself. */
  remove: boolean;
}

/** What the caller may change on an account (spec 01 §6). */
export function accountEditRights(
  caller: { id: number } & Standing,
  target: { id: number; role: RoleName },
): AccountEditRights {
  const manager = can(caller, 'administer');
  return {
    role: manager && caller.id !== target.id && target.role !== 'system_admin',
    stores: manager && target.role === 'user',
    remove: manager && (target.role !== 'system_admin' || caller.id === target.id),
  };
}
