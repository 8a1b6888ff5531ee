import type { ASSIGNABLE_ROLES } from '@pharmalytics/domain';
import { ERROR_TYPES, roleByName } from '@pharmalytics/domain';
import type { AuthContext } from '../access/auth-context.ts';
import { requireMember } from '../access/require.ts';
import type { Database } from '../db/connection.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import {
  activeStoresByCode,
  deleteMember,
  otherMembersWithRole,
  replaceViewableStores,
  setRole,
  viewableStoreCodes,
} from './admin-queries.ts';
import { USER_ROLE_ID } from './member-view-queries.ts';

/** Rules of account administration: role, viewable stores, deletion (spec 01 §4, §6). */

type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

const ADMIN_ROLE_ID = roleByName('admin')!.id;
const SYSTEM_ADMIN_ROLE_ID = roleByName('system_admin')!.id;
const lastUser = () => forbidden('last user', ERROR_TYPES.lastUser);

/** The corporation keeps at least one admin. */
const otherAdminsExist = (db: Database, auth: AuthContext, exceptId: number) =>
  otherMembersWithRole(db, auth, ADMIN_ROLE_ID, exceptId);

/** user → admin sees every store; admin → user starts with none. */
export async function changeRole(
  db: Database,
  auth: AuthContext,
  memberId: number,
  role: AssignableRole,
): Promise<void> {
  if (memberId === auth.memberId) throw forbidden('own role cannot be changed');
  const member = await requireMember(db, auth, memberId);
  if (member.role_id === SYSTEM_ADMIN_ROLE_ID)
    throw forbidden('system administrator role cannot be changed');
  const roleId = roleByName(role)!.id;
  if (
    member.role_id === ADMIN_ROLE_ID &&
    roleId !== ADMIN_ROLE_ID &&
    !(await otherAdminsExist(db, auth, member.id))
  ) {
    throw lastUser();
  }
  await setRole(db, member.id, roleId);
}

/** A user-role member of the caller's corporation. */
async function requireUserRoleMember(db: Database, auth: AuthContext, memberId: number) {
  const member = await requireMember(db, auth, memberId);
  if (member.role_id !== USER_ROLE_ID)
    throw badRequest('only user-role members have viewable stores');
  return member;
}

export async function viewableStores(
  db: Database,
  auth: AuthContext,
  memberId: number,
): Promise<string[]> {
  const member = await requireUserRoleMember(db, auth, memberId);
  return viewableStoreCodes(db, auth, member.id);
}

/** Replaces the viewable stores of a user-role member; an empty string clears them. */
export async function setViewableStores(
  db: Database,
  auth: AuthContext,
  memberId: number,
  storeCodes: string,
): Promise<string[]> {
  const member = await requireUserRoleMember(db, auth, memberId);
  const codes = [
    ...new Set(
      storeCodes
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ];
  const stores = await activeStoresByCode(db, auth, codes);
  if (stores.length !== codes.length) throw badRequest('unknown store code');
  await replaceViewableStores(
    db,
    auth,
    member.id,
    stores.map((s) => s.id),
  );
  return stores.map((s) => s.store_code).sort();
}

/** Deletes an account for good (its sign-in too); answers whether it was the caller's own. */
export async function deleteAccount(
  db: Database,
  auth: AuthContext,
  memberId: number,
): Promise<{ own: boolean }> {
  const member = await requireMember(db, auth, memberId);
  if (member.role_id === SYSTEM_ADMIN_ROLE_ID && member.id !== auth.memberId) {
    throw forbidden('system administrator cannot be deleted');
  }
  if (member.role_id === ADMIN_ROLE_ID && !(await otherAdminsExist(db, auth, member.id)))
    throw lastUser();
  await deleteMember(db, member);
  return { own: member.id === auth.memberId };
}
