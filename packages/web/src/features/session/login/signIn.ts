import { MESSAGES } from '@pharmalytics/domain';
import { isApiError, type Member } from '../../../api/index.ts';
import { loginWithIdToken, signInWithPassword } from '../api.ts';

/** Identity sign-in, then the product login (spec 01 §4 step 1). */
export async function signIn(email: string, password: string): Promise<Member> {
  const identity = await signInWithPassword(email, password);
  return loginWithIdToken(identity.idToken);
}

/** Spec 01 §8: 403 is a suspended corporation; every other failure is the generic login error. */
export function loginErrorMessage(error: unknown): string {
  return isApiError(error) && error.status === 403 ? MESSAGES.loginSuspended : MESSAGES.loginFailed;
}
