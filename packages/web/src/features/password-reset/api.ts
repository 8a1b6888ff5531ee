import {
  passwordResetContracts,
  type PasswordResetRequest,
  type VerifiedLink,
} from '@pharmalytics/domain';
import { call } from '../../api/index.ts';

export const passwordResetKeys = {
  verify: (token: string) => ['passwordReset', 'verify', token] as const,
};

// Silent: a 401 here means the link expired, which the screen explains (spec 01 §8).

/** Sends the reset mail when the address has an account; answers the same either way. */
export function requestPasswordReset(email: string): Promise<unknown> {
  return call(passwordResetContracts.request, { body: { email } }, { silent: true });
}

export function verifyResetToken(token: string): Promise<VerifiedLink> {
  return call(passwordResetContracts.verify, { query: { token } }, { silent: true });
}

/** Sets the new password; the member's sessions end. */
export function resetPassword(request: PasswordResetRequest): Promise<unknown> {
  return call(passwordResetContracts.update, { body: request }, { silent: true });
}
