import type { InvitationRegistrationForm, RoleName } from '@pharmalytics/domain';
import { api } from '../../api/index.ts';

export interface InvitationInfo {
  status: 'valid';
  email: string;
  corporationName: string;
  systemRole: RoleName;
}

export const invitationKeys = {
  verify: (token: string) => ['invitation', 'verify', token] as const,
};

// Silent: a 401 here means the invitation expired, which the screen explains (spec 01 §8).

export function verifyInvitation(token: string): Promise<InvitationInfo> {
  return api.get<InvitationInfo>(`/v2/invitations/verify?token=${encodeURIComponent(token)}`, {
    silent: true,
  });
}

/** Turns the invitation into an enabled account. */
export function registerInvitedMember(form: InvitationRegistrationForm): Promise<unknown> {
  return api.post<unknown>('/v2/members', form, { silent: true });
}
