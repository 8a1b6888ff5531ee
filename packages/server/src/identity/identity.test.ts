import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import type { SignInFailures } from './sign-in-failures.ts';

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
      .updateTable('sign_in_failures')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('email', '=', 'free@example.com')
      .execute();
    expect((await client.signIn('free@example.com', 'Pharmalytics-demo1')).status).toBe(200);
  });

  it('locks an unknown address exactly like an account, so a lock tells nothing', async () => {
    const answers = async (email: string) => {
      const client = t.client();
      const messages = [];
      for (let i = 0; i < 6; i++) {
        const reply = await client.signIn(email, `wrong-password-${i}`);
        messages.push(`${reply.status} ${reply.body.error.message}`);
      }
      return messages;
    };
    const known = await answers('user@example.com');
    const unknown = await answers('no-such-person@example.com');
    expect(known).toEqual([
      '400 INVALID_LOGIN_CREDENTIALS',
      '400 INVALID_LOGIN_CREDENTIALS',
      '400 TOO_MANY_ATTEMPTS_TRY_LATER',
      '400 TOO_MANY_ATTEMPTS_TRY_LATER',
      '400 TOO_MANY_ATTEMPTS_TRY_LATER',
      '400 TOO_MANY_ATTEMPTS_TRY_LATER',
    ]);
    expect(unknown).toEqual(known);
  });

  it('stays locked under 30 parallel attempts with the right password among them', async () => {
    for (const round of [1, 2, 3]) {
      const email = `parallel-${round}@example.com`;
      await t.app.services.identity.createUser(email, 'Right-password1');
      const client = t.client();
      const passwords = Array.from({ length: 30 }, (_, i) => `wrong-${i}`);
      passwords[round * 7] = 'Right-password1';
      const replies = await Promise.all(passwords.map((p) => client.signIn(email, p)));
      // At most the right password got a token, and only if it came before the lock.
      expect(replies.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
      const after = await client.signIn(email, 'Right-password1');
      expect(after.body).toEqual({ error: { code: 400, message: 'TOO_MANY_ATTEMPTS_TRY_LATER' } });
      const row = await t.db
        .selectFrom('sign_in_failures')
        .select('locked_until')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.locked_until!.getTime()).toBeGreaterThan(Date.now());
    }
  });

  it('refuses the right password when a lock lands while it is being checked', async () => {
    const email = 'slow-check@example.com';
    await t.app.services.identity.createUser(email, 'Right-password1');
    // The lock lands right after the check found the address unlocked, as parallel failures
    // finishing while the password is hashed would leave it.
    const failures = (t.app.services.identity as unknown as { failures: SignInFailures }).failures;
    const isLocked = failures.isLocked.bind(failures);
    failures.isLocked = async (name: string) => {
      const locked = await isLocked(name);
      if (name === email) {
        await t.db
          .insertInto('sign_in_failures')
          .values({ email, failed_attempts: 0, locked_until: new Date(Date.now() + 60_000) })
          .execute();
      }
      return locked;
    };
    try {
      expect((await t.client().signIn(email, 'Right-password1')).body).toEqual({
        error: { code: 400, message: 'TOO_MANY_ATTEMPTS_TRY_LATER' },
      });
    } finally {
      failures.isLocked = isLocked;
    }
  });

  it('issues no token to the right password once parallel failures have locked the account', async () => {
    const email = 'locked-burst@example.com';
    await t.app.services.identity.createUser(email, 'Right-password1');
    const client = t.client();
    for (let i = 0; i < 3; i++) await client.signIn(email, `wrong-${i}`);
    const passwords = Array.from({ length: 30 }, (_, i) =>
      i % 3 ? `wrong-${i}` : 'Right-password1',
    );
    const replies = await Promise.all(passwords.map((p) => client.signIn(email, p)));
    expect(replies.map((r) => r.body)).toEqual(
      passwords.map(() => ({ error: { code: 400, message: 'TOO_MANY_ATTEMPTS_TRY_LATER' } })),
    );
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
  const statuses = async (replies: Promise<{ status: number }>[]) =>
    (await Promise.all(replies)).map((r) => r.status);

  it('refuses a burst of sign-in attempts from one address with 429, whatever X-Forwarded-For says', async () => {
    const limited = await startTestApp({ seed: false, env: { IDENTITY_RATE_LIMIT: '3' } });
    try {
      const client = limited.client();
      const signIn = (i: number) =>
        client.request('POST', '/identity/v1/accounts:signInWithPassword', {
          body: { email: 'x@example.com', password: 'password1' },
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
          csrf: false,
        });
      const results: number[] = [];
      for (let i = 0; i < 5; i++) results.push((await signIn(i)).status);
      expect(results).toEqual([400, 400, 400, 429, 429]);

      // The reset request has its own limit, just as deaf to the header.
      const reset = (i: number) =>
        client.request('POST', '/v2/reset_passwords', {
          body: { email: 'x@example.com' },
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
      const resets: number[] = [];
      for (let i = 0; i < 5; i++) resets.push((await reset(i)).status);
      expect(resets).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('believes X-Forwarded-For only from a configured proxy, and only the hop it added', async () => {
    const limited = await startTestApp({
      seed: false,
      env: { IDENTITY_RATE_LIMIT: '3', TRUST_PROXY: '127.0.0.1' },
    });
    try {
      const client = limited.client();
      // The proxy (the loopback client here) appends the address it saw; a client can only put
      // made-up addresses before it.
      const signIn = (forwardedFor: string) =>
        client.request('POST', '/identity/v1/accounts:signInWithPassword', {
          body: { email: 'x@example.com', password: 'password1' },
          headers: { 'x-forwarded-for': forwardedFor },
          csrf: false,
        });
      const results: number[] = [];
      for (let i = 0; i < 5; i++) results.push((await signIn(`10.0.0.${i}, 192.0.2.7`)).status);
      expect(results).toEqual([400, 400, 400, 429, 429]);
      // Another client behind the proxy has its own allowance.
      expect(await statuses([signIn('192.0.2.8')])).toEqual([400]);
    } finally {
      await limited.close();
    }
  }, 90_000);

  it('refuses a hop count or "true" for TRUST_PROXY', () => {
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'loopback',
    ]);
  });
});
