import { api, type Member } from '../../api/index.ts';

export interface IdentitySignInResponse {
  idToken: string;
  expiresIn: string;
  localId: string;
  email: string;
}

/** Step 1: the identity provider (Identity Toolkit REST subset, spec DESIGN §4). */
export function signInWithPassword(
  email: string,
  password: string,
): Promise<IdentitySignInResponse> {
  return api.post<IdentitySignInResponse>('/identity/v1/accounts:signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
}

/** Step 2: the product login with the identity token; answers the member. */
export function loginWithIdToken(idToken: string): Promise<Member> {
  return api.post<Member>('/v2/login', undefined, {
    headers: { Authorization: `Bearer ${idToken}` },
  });
}

export function logoutSession(): Promise<void> {
  return api.delete<void>('/v2/logout', { silent: true });
}
