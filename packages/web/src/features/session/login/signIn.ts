import type { Member } from '../../../api/index.ts';
import { loginWithIdToken, signInWithPassword } from '../api.ts';

/** Identity sign-in, then the product login (spec 01 §4 step 1). */
export async function signIn(email: string, password: string): Promise<Member> {
  const identity = await signInWithPassword(email, password);
  return loginWithIdToken(identity.idToken);
}
