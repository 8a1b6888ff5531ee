import type { StoreAreas } from '../stores/index.ts';
import type { AssignableRole } from './roles.ts';
import { invitationContracts, type Invitation } from '@pharmalytics/domain';
import { api, call, type BrowsableStore, type Member, type SystemRole } from '../../api/index.ts';

/** An enabled account of the account list (GET /v2/corporations/{code}/members). */
export interface AccountRow {
  id: number;
  name: string;
  mail: string;
  status: 'enabled';
  systemRole: SystemRole;
  browsableStores: BrowsableStore[];
}

/** A pending invitation of the account list. */
export interface InvitingRow {
  id: number;
  email: string;
  status: 'invitation';
  systemRole: SystemRole;
  expired: boolean;
}

export interface AccountList {
  totalStoreCount: number;
  members: AccountRow[];
  invitingMembers: InvitingRow[];
}

/** GET /v2/members/{id} for account detail. */
export interface AccountDetail extends Member {
  cipUserId: string;
  status: 'enabled';
  branches: StoreAreas;
}

export type { Invitation } from '@pharmalytics/domain';

export const accountKeys = {
  list: (code: string) => ['accounts', 'list', code] as const,
  detail: (id: number) => ['accounts', 'detail', id] as const,
  branches: (id: number) => ['accounts', 'branches', id] as const,
};

export function fetchAccountList(corporationCode: string): Promise<AccountList> {
  return api.get<AccountList>(`/v2/corporations/${encodeURIComponent(corporationCode)}/members`);
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
  return api.get<AccountDetail>(`/v2/members/${id}`);
}

export function changeRole(id: number, role: AssignableRole): Promise<AccountDetail> {
  return api.patch<AccountDetail>(`/v2/members/${id}/role`, { system_role: role });
}

export function fetchViewableStoreCodes(id: number): Promise<string[]> {
  return api
    .get<{ storeCodes: string[] }>(`/v2/members/${id}/branches`)
    .then((body) => body.storeCodes);
}

/** Replaces the viewable stores; an empty list clears them. */
export function updateViewableStores(id: number, storeCodes: readonly string[]): Promise<string[]> {
  return api
    .patch<{ storeCodes: string[] }>(`/v2/members/${id}/branches`, {
      storeCodes: storeCodes.join(','),
    })
    .then((body) => body.storeCodes);
}

export function deleteAccount(id: number): Promise<void> {
  return api.delete<void>(`/v2/members/${id}`);
}
