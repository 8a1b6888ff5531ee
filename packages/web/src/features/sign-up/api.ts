import type { NewAccountForm, SignUpForm } from '@pharmalytics/domain';
import { api } from '../../api/index.ts';

export interface VerifiedEmail {
  email: string;
}

export interface NewAccountResult {
  corporationCode: string;
  email: string;
}

export const signUpKeys = {
  verify: (token: string) => ['signUp', 'verify', token] as const,
};

// The calls are silent: their failures (401 = the link expired) are explained on the screen,
// not by the global handling, which would take a 401 for an expired session.

/** Sends the verification mail with the new-account link. */
export function requestSignUp(form: SignUpForm): Promise<unknown> {
  return api.post<unknown>('/v2/sign_ups', form, { silent: true });
}

export function verifySignUpToken(token: string): Promise<VerifiedEmail> {
  return api.get<VerifiedEmail>(`/v2/sign_ups/verify?token=${encodeURIComponent(token)}`, {
    silent: true,
  });
}

/** Creates the corporation (free plan) and its first administrator. */
export function completeSignUp(token: string, form: NewAccountForm): Promise<NewAccountResult> {
  return api.patch<NewAccountResult>(`/v2/sign_ups/${encodeURIComponent(token)}`, form, {
    silent: true,
  });
}
