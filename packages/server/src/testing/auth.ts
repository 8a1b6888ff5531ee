import type { AuthContext } from '../access/auth-context.ts';
import type { HttpClient } from './http-client.ts';
import type { TestApp } from './test-app.ts';

/** An administrator of a corporation on the advanced plan, for tests that scope engine calls. */
export function adminOf(corporationId: number): AuthContext {
  return {
    memberId: 0,
    corporationId,
    corporationSuspended: false,
    plan: 'advanced',
    role: 'admin',
  };
}

/** The demo members the access tests sign in, by the local part of their e-mail address. */
export const DEMO_MEMBERS = ['admin', 'user', 'sysadmin', 'basic', 'free'] as const;
export type DemoMember = (typeof DEMO_MEMBERS)[number];

/** Signs every demo member in, each on a client of its own. */
export async function signInDemoMembers(t: TestApp): Promise<Record<DemoMember, HttpClient>> {
  const clients = {} as Record<DemoMember, HttpClient>;
  for (const name of DEMO_MEMBERS) {
    const client = t.client();
    const reply = await client.login(`${name}@example.com`);
    if (reply.status !== 200) throw new Error(`${name} could not sign in (${reply.status})`);
    clients[name] = client;
  }
  return clients;
}
