import { api } from '../../api/index.ts';

export interface ResetPasswordRequest {
  token: string;
  password: string;
  rePassword: string;
}

export const passwordResetKeys = {
  verify: (token: string) => ['passwordReset', 'verify', token] as const,
};

// Silent: a 401 here means the link expired, which the screen explains (spec 01 §8).

/** Sends the reset mail when the address has an account; answers the same either way. */
export function requestPasswordReset(email: string): Promise<unknown> {
  return api.post<unknown>('/v2/reset_passwords', { email }, { silent: true });
}

export function verifyResetToken(token: string): Promise<{ email: string }> {
  return api.get<{ email: string }>(
    `/v2/reset_passwords/verify?token=${encodeURIComponent(token)}`,
    { silent: true },
  );
}

/** Sets the new password; the member's sessions end. */
export function resetPassword(request: ResetPasswordRequest): Promise<unknown> {
  return api.patch<unknown>('/v2/reset_passwords/update', request, { silent: true });
}
