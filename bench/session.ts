import { DEMO_PASSWORD } from '@pharmalytics/datagen';
import { HEADER_NAMES } from '../packages/domain/src/index.ts';

function cookiesOf(headers: Headers): Map<string, string> {
  return new Map(
    headers.getSetCookie().map((line) => {
      const pair = line.split(';')[0]!;
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)] as const;
    }),
  );
}
const cookieHeader = (cookies: Map<string, string>) =>
  [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

export async function ok(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

/** Signs in as the web app does; answers the session cookie and the member's active stores. */
export async function signIn(url: string, email: string) {
  const csrf = await ok(await fetch(`${url}/v2/csrf_token`), 'csrf token');
  const cookies = cookiesOf(csrf.headers);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const identity = await ok(
    await fetch(`${url}/identity/v1/accounts:signInWithPassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD, returnSecureToken: true }),
    }),
    'sign-in',
  );
  const { idToken } = (await identity.json()) as { idToken: string };
  const login = await ok(
    await fetch(`${url}/v2/login`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${idToken}`,
        cookie: cookieHeader(cookies),
        [HEADER_NAMES.csrf]: csrfToken,
      },
    }),
    'login',
  );
  for (const [name, value] of cookiesOf(login.headers)) cookies.set(name, value);
  const cookie = cookieHeader(cookies);
  const stores = (await (
    await ok(await fetch(`${url}/v3/branches`, { headers: { cookie } }), 'stores')
  ).json()) as { storeCode: string }[];
  return { cookie, storeCodes: stores.map((s) => s.storeCode).join(',') };
}
