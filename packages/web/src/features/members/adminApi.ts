import {
  corporationContracts,
  invitationContracts,
  memberAdminContracts,
  memberContracts,
  type AccountList,
  type AccountRow,
  type Invitation,
  type InvitingRow,
  type Member as MemberAnswer,
} from '@pharmalytics/domain';
import type { AssignableRole } from './roles.ts';
import { call } from '../../api/index.ts';

export type { AccountList, AccountRow, InvitingRow };

/** GET /v2/members/{id} for account detail. */
export type AccountDetail = MemberAnswer;

export type { Invitation } from '@pharmalytics/domain';

export const accountKeys = {
  list: (code: string) => ['accounts', 'list', code] as const,
  detail: (id: number) => ['accounts', 'detail', id] as const,
  branches: (id: number) => ['accounts', 'branches', id] as const,
};

export function fetchAccountList(corporationCode: string): Promise<AccountList> {
  return call(corporationContracts.members, { params: { code: corporationCode } });
}

export function inviteAccounts(
  emails: readonly string[],
  role: AssignableRole,
): Promise<{ invitations: Invitation[] }> {
  return call(invitationContracts.invite, { body: { emails: [...emails], system_role: role } });
}

export async function cancelInvitation(id: number): Promise<void> {
  await call(invitationContracts.cancel, { params: { id } });
}

export function fetchAccount(id: number): Promise<AccountDetail> {
  return call(memberContracts.get, { params: { id } });
}

export function changeRole(id: number, role: AssignableRole): Promise<AccountDetail> {
  return call(memberAdminContracts.changeRole, { params: { id }, body: { system_role: role } });
}

export function fetchViewableStoreCodes(id: number): Promise<string[]> {
  return call(memberAdminContracts.viewableStores, { params: { id } }).then(
    (body) => body.storeCodes,
  );
}

/** Replaces the viewable stores; an empty list clears them. */
export function updateViewableStores(id: number, storeCodes: readonly string[]): Promise<string[]> {
  return call(memberAdminContracts.setViewableStores, {
    params: { id },
    body: { storeCodes: storeCodes.join(',') },
  }).then((body) => body.storeCodes);
}

export async function deleteAccount(id: number): Promise<void> {
  await call(memberAdminContracts.delete, { params: { id } });
}
