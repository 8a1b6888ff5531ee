import {
  invitationContracts,
  type InvitationLink,
  type InvitationRegistrationForm,
} from '@pharmalytics/domain';
import { call } from '../../api/index.ts';

export const invitationKeys = {
  verify: (token: string) => ['invitation', 'verify', token] as const,
};

// Silent: a 401 here means the invitation expired, which the screen explains (spec 01 §8).

export function verifyInvitation(token: string): Promise<InvitationLink> {
  return call(invitationContracts.verify, { query: { token } }, { silent: true });
}

/** Turns the invitation into an enabled account. */
export function registerInvitedMember(form: InvitationRegistrationForm): Promise<unknown> {
  return call(invitationContracts.register, { body: form }, { silent: true });
}
