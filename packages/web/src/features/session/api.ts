import { identityContracts, sessionContracts, type IdentitySignIn } from '@pharmalytics/domain';
import { call, type Member } from '../../api/index.ts';

/** Step 1: the identity provider (Identity Toolkit REST subset, spec DESIGN §4). */
export function signInWithPassword(email: string, password: string): Promise<IdentitySignIn> {
  return call(identityContracts.signIn, { body: { email, password, returnSecureToken: true } });
}

/** Step 2: the product login with the identity token; answers the member. */
export function loginWithIdToken(idToken: string): Promise<Member> {
  return call(sessionContracts.login, {}, { headers: { Authorization: `Bearer ${idToken}` } });
}

export async function logoutSession(): Promise<void> {
  await call(sessionContracts.logout, {}, { silent: true });
}
