import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('CSRF', () => {
  it('hands out a token', async () => {
    const reply = await t.client().get('/v2/csrf_token');
    expect(reply.status).toBe(200);
    expect(typeof reply.body.csrfToken).toBe('string');
  });

  it('refuses a mutating call without the token with 403 and changes nothing', async () => {
    const client = t.client();
    await client.login('notice@example.com');
    const before = await t.db
      .selectFrom('members')
      .select('terms_agreed_on')
      .where('email', '=', 'notice@example.com')
      .executeTakeFirstOrThrow();
    const reply = await client.request('PATCH', '/v2/members/agreement', { csrf: false });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe('invalid csrf token');
    const after = await t.db
      .selectFrom('members')
      .select('terms_agreed_on')
      .where('email', '=', 'notice@example.com')
      .executeTakeFirstOrThrow();
    expect(after.terms_agreed_on).toBe(before.terms_agreed_on);
  });

  it('refuses a forged token', async () => {
    const client = t.client();
    await client.login('admin@example.com');
    const reply = await client.request('DELETE', '/v2/logout', {
      csrf: false,
      headers: { 'X-CSRF-Token': 'forged' },
    });
    expect(reply.status).toBe(403);
  });
});

describe('POST /v2/login', () => {
  it('opens a session from an ID token and answers with the member', async () => {
    const client = t.client();
    const reply = await client.login('admin@example.com');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      email: 'admin@example.com',
      publicName: '山田 太郎',
      systemRole: { id: 1, name: 'admin', publicName: '管理者' },
      corporation: { corporationCode: '100001', plan: { id: 3, code: 'advanced' } },
    });
    const setCookie = reply.headers.getSetCookie().find((c) => c.startsWith('pl_session='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=86400/);
    expect((await client.get(`/v2/members/${reply.body.id}`)).status).toBe(200);
  });

  it('keeps only a hash of the session id', async () => {
    const client = t.client();
    await client.login('basic@example.com');
    const id = client.cookie('pl_session')!;
    const rows = await t.db.selectFrom('sessions').select('id_hash').execute();
    expect(rows.map((r) => r.id_hash)).toContain(
      createHash('sha256').update(id).digest('base64url'),
    );
    expect(rows.map((r) => r.id_hash)).not.toContain(id);
  });

  it("answers 401 'invalid token' for a missing or forged token", async () => {
    const client = t.client();
    const missing = await client.request('POST', '/v2/login');
    expect(missing.status).toBe(401);
    expect(missing.body.message).toBe('invalid token');
    const forged = await client.request('POST', '/v2/login', {
      headers: { authorization: 'Bearer eyJhbGciOiJFUzI1NiJ9.e30.AAAA' },
    });
    expect(forged.status).toBe(401);
    expect(forged.body.message).toBe('invalid token');
  });

  it('refuses members of a suspended corporation with 403', async () => {
    const client = t.client();
    const reply = await client.login('suspended@example.com');
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe('corporation suspended');
    expect(client.cookie('pl_session')).toBeUndefined();
  });

  it('ends access for a corporation suspended after sign-in', async () => {
    const client = t.client();
    const login = await client.login('basic@example.com');
    await t.db
      .updateTable('corporations')
      .set({ status: 'suspended' })
      .where('corporation_code', '=', '100003')
      .execute();
    try {
      expect((await client.get(`/v2/members/${login.body.id}`)).status).toBe(403);
    } finally {
      await t.db
        .updateTable('corporations')
        .set({ status: 'active' })
        .where('corporation_code', '=', '100003')
        .execute();
    }
  });
});

describe('ID tokens', () => {
  async function idToken(email: string, password = 'Pharmalytics-demo1') {
    const reply = await t.client().signIn(email, password);
    expect(reply.status).toBe(200);
    return reply.body.idToken as string;
  }
  const loginWith = (token: string, client = t.client()) =>
    client.request('POST', '/v2/login', { headers: { authorization: `Bearer ${token}` } });
  /** Waits for the start of a second, so that what follows happens within one (iat's unit). */
  const startOfSecond = () =>
    new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));

  it('open one session only', async () => {
    const token = await idToken('admin@example.com');
    expect((await loginWith(token)).status).toBe(200);
    const again = await loginWith(token);
    expect(again.status).toBe(401);
    expect(again.body.message).toBe('invalid token');
  });

  it('open one session only under 10 parallel uses', async () => {
    const token = await idToken('admin@example.com');
    const replies = await Promise.all(Array.from({ length: 10 }, () => loginWith(token)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(401)]);
  });

  it('that opened a session open no other after its logout', async () => {
    const token = await idToken('basic@example.com');
    const client = t.client();
    expect((await loginWith(token, client)).status).toBe(200);
    expect((await client.request('DELETE', '/v2/logout')).status).toBe(204);
    const refused = await loginWith(token);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('invalid token');
    // Signing in again gives a new token, which opens a session.
    expect((await loginWith(await idToken('basic@example.com'))).status).toBe(200);
  });

  it('issued before a new password open no session, even within the same second', async () => {
    await startOfSecond();
    const early = await idToken('notice@example.com');
    const { local_id } = await t.db
      .selectFrom('identity_users')
      .select('local_id')
      .where('email', '=', 'notice@example.com')
      .executeTakeFirstOrThrow();
    await t.app.services.identity.setPassword(local_id, 'Pharmalytics-demo1');
    expect((await loginWith(early)).status).toBe(401);
    expect((await loginWith(await idToken('notice@example.com'))).status).toBe(200);
  });
});

describe('a system administrator in a suspended corporation', () => {
  it('keeps working, can sign in again and switch back', async () => {
    const client = t.client();
    const me = (await client.login('sysadmin@example.com')).body;
    const switchTo = (corporationCode: string, by = client) =>
      by.request('PUT', `/v2/members/${me.id}/corporations`, { body: { corporationCode } });
    try {
      const moved = await switchTo('100004');
      expect(moved.status).toBe(200);
      expect(moved.body.corporation.corporationCode).toBe('100004');
      expect((await client.get(`/v2/members/${me.id}`)).status).toBe(200);

      const fresh = t.client();
      const again = await fresh.login('sysadmin@example.com');
      expect(again.status).toBe(200);
      expect(again.body.corporation.corporationCode).toBe('100004');
      const back = await switchTo('100001', fresh);
      expect(back.status).toBe(200);
      expect(back.body.corporation.corporationCode).toBe('100001');
    } finally {
      await t.db
        .updateTable('members')
        .set({
          corporation_id: t.db
            .selectFrom('corporations')
            .select('id')
            .where('corporation_code', '=', '100001'),
        })
        .where('id', '=', me.id)
        .execute();
    }
    // Members of the suspended corporation itself stay shut out.
    expect((await t.client().login('suspended@example.com')).status).toBe(403);
  });
});

describe('DELETE /v2/logout', () => {
  it('ends the session', async () => {
    const client = t.client();
    const login = await client.login('admin@example.com');
    const stolen = `pl_session=${client.cookie('pl_session')}`;
    expect((await client.request('DELETE', '/v2/logout')).status).toBe(204);
    expect(client.cookie('pl_session')).toBeUndefined();
    // Replaying the old cookie does not bring the session back.
    const replay = await t.client().request('GET', `/v2/members/${login.body.id}`, {
      headers: { cookie: stolen },
    });
    expect(replay.status).toBe(401);
  });

  it('a call without a session is 401', async () => {
    expect((await t.client().get('/v3/branches')).status).toBe(401);
  });
});
