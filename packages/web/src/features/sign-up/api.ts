import {
  signUpContracts,
  type NewAccountForm,
  type NewAccountResult,
  type SignUpForm,
  type VerifiedLink,
} from '@pharmalytics/domain';
import { call } from '../../api/index.ts';

export const signUpKeys = {
  verify: (token: string) => ['signUp', 'verify', token] as const,
};

// The calls are silent: their failures (401 = the link expired) are explained on the screen,
// not by the global handling, which would take a 401 for an expired session.

/** Sends the verification mail with the new-account link. */
export function requestSignUp(form: SignUpForm): Promise<unknown> {
  return call(signUpContracts.request, { body: form }, { silent: true });
}

export function verifySignUpToken(token: string): Promise<VerifiedLink> {
  return call(signUpContracts.verify, { query: { token } }, { silent: true });
}

/** Creates the corporation (free plan) and its first administrator. */
export function completeSignUp(token: string, form: NewAccountForm): Promise<NewAccountResult> {
  return call(signUpContracts.complete, { params: { token }, body: form }, { silent: true });
}
