import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { LOCKOUT_ATTEMPTS: '3', IDENTITY_RATE_LIMIT: '1000' } });
});
afterAll(() => t.close());

describe('POST /identity/v1/accounts:signInWithPassword', () => {
  it('returns an ID token signed with the key published as JWKS', async () => {
    const reply = await t.client().signIn('Admin@Example.com ', 'Pharmalytics-demo1');
    expect(reply.status).toBe(200);
    const body = reply.body as {
      idToken: string;
      localId: string;
      email: string;
      expiresIn: string;
    };
    expect(body.email).toBe('admin@example.com');
    expect(body.expiresIn).toBe('3600');
    const jwks = (await t.client().get('/identity/v1/jwks')).body;
    const { payload } = await jwtVerify(body.idToken, createLocalJWKSet(jwks));
    expect(payload.sub).toBe(body.localId);
    expect(payload.email).toBe('admin@example.com');
  });

  it('gives the same answer for an unknown address and a wrong password', async () => {
    const unknown = await t.client().signIn('nobody@example.com', 'Pharmalytics-demo1');
    const wrong = await t.client().signIn('basic@example.com', 'wrong-password');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: { code: 400, message: 'INVALID_LOGIN_CREDENTIALS' } });
    expect(wrong.body).toEqual(unknown.body);
  });

  it('locks the account after repeated failures, even for the right password', async () => {
    const client = t.client();
    await client.signIn('free@example.com', 'wrong-1');
    await client.signIn('free@example.com', 'wrong-2');
    const third = await client.signIn('free@example.com', 'wrong-3');
    expect(third.body).toEqual({ error: { code: 400, message: 'TOO_MANY_ATTEMPTS_TRY_LATER' } });
    const right = await client.signIn('free@example.com', 'Pharmalytics-demo1');
    expect(right.body).toEqual({ error: { code: 400, message: 'TOO_MANY_ATTEMPTS_TRY_LATER' } });

    // Once the lock has run out, the right password works again.
    await t.db
      .updateTable('identity_users')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('email', '=', 'free@example.com')
      .execute();
    expect((await client.signIn('free@example.com', 'Pharmalytics-demo1')).status).toBe(200);
  });

  it('stores passwords as argon2id hashes only', async () => {
    const row = await t.db
      .selectFrom('identity_users')
      .select('password_hash')
      .where('email', '=', 'admin@example.com')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('Pharmalytics-demo1');
  });
});

describe('identity rate limit', () => {
  it('refuses a burst of sign-in attempts from one address with 429', async () => {
    const limited = await startTestApp({ seed: false, env: { IDENTITY_RATE_LIMIT: '3' } });
    try {
      const client = limited.client();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await client.signIn('x@example.com', 'password1')).status);
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
