import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { FORM_MESSAGES } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { useAppWithSmtp } from '../testing/lifecycle-app.ts';
import { linkIn } from '../testing/smtp-catcher.ts';
import { startTestApp } from '../testing/test-app.ts';

const ctx = useAppWithSmtp();

async function requestReset(email: string) {
  const client = ctx.t.client();
  expect((await client.request('POST', '/v2/reset_passwords', { body: { email } })).status).toBe(
    200,
  );
  const mail = await ctx.smtp.lastTo(email);
  expect(mail.subject).toBe('【Pharmalytics】パスワード再設定のご案内');
  return { client, token: linkIn(mail, '/service/reset-password').searchParams.get('token')! };
}

describe('password reset', () => {
  it('sets a new password from the mailed link and ends the old sessions', async () => {
    const old = ctx.t.client();
    const me = (await old.login('basic@example.com')).body;
    const { client, token } = await requestReset('basic@example.com');
    expect((await client.get(`/v2/reset_passwords/verify?token=${token}`)).body).toEqual({
      email: 'basic@example.com',
    });

    const reply = await client.request('PATCH', '/v2/reset_passwords/update', {
      body: { token, password: 'Brand-new-pass1', rePassword: 'Brand-new-pass1' },
    });
    expect(reply.status).toBe(200);
    expect((await ctx.t.client().signIn('basic@example.com', 'Pharmalytics-demo1')).status).toBe(
      400,
    );
    expect((await ctx.t.client().login('basic@example.com', 'Brand-new-pass1')).status).toBe(200);
    expect((await old.get(`/v2/members/${me.id}`)).status).toBe(401);

    // single use
    const again = await client.request('PATCH', '/v2/reset_passwords/update', {
      body: { token, password: 'Another-pass12', rePassword: 'Another-pass12' },
    });
    expect(again.status).toBe(401);
  });

  it('answers an unknown address exactly like a known one and sends nothing', async () => {
    const before = ctx.smtp.mails.length;
    const reply = await ctx.t
      .client()
      .request('POST', '/v2/reset_passwords', { body: { email: 'ghost@example.com' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({});
    await new Promise((r) => setTimeout(r, 300));
    expect(ctx.smtp.mails.length).toBe(before);
  });

  it('answers a known and an unknown address identically', async () => {
    const ask = async (email: string) => {
      const reply = await ctx.t
        .client()
        .request('POST', '/v2/reset_passwords', { body: { email } });
      return {
        status: reply.status,
        body: reply.body,
        type: reply.headers.get('content-type'),
        length: reply.headers.get('content-length'),
      };
    };
    const known = await ask('admin@example.com');
    expect(known).toEqual(await ask('nobody-here@example.com'));
    expect(known).toMatchObject({ status: 200, body: {} });
    await ctx.smtp.lastTo('admin@example.com');
  });

  it('uses a link once only under 10 parallel uses', async () => {
    const { token } = await requestReset('sysadmin@example.com');
    const passwords = Array.from({ length: 10 }, (_, i) => `Parallel-pass${i}`);
    const replies = await Promise.all(
      passwords.map((password) =>
        ctx.t.client().request('PATCH', '/v2/reset_passwords/update', {
          body: { token, password, rePassword: password },
        }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(401)]);
    const winner = passwords[replies.findIndex((r) => r.status === 200)]!;
    expect((await ctx.t.client().signIn('sysadmin@example.com', winner)).status).toBe(200);
  });

  it('refuses ID tokens issued before the reset, even within the same second', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
    const early = (await ctx.t.client().signIn('notice@example.com', 'Pharmalytics-demo1')).body
      .idToken as string;
    const { client, token } = await requestReset('notice@example.com');
    const reset = await client.request('PATCH', '/v2/reset_passwords/update', {
      body: { token, password: 'Brand-new-pass1', rePassword: 'Brand-new-pass1' },
    });
    expect(reset.status).toBe(200);
    const login = await ctx.t.client().request('POST', '/v2/login', {
      headers: { authorization: `Bearer ${early}` },
    });
    expect(login.status).toBe(401);
  });

  it('refuses an expired link with 401', async () => {
    const { client, token } = await requestReset('free@example.com');
    await ctx.t.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('email', '=', 'free@example.com')
      .execute();
    expect((await client.get(`/v2/reset_passwords/verify?token=${token}`)).status).toBe(401);
    const reply = await client.request('PATCH', '/v2/reset_passwords/update', {
      body: { token, password: 'Brand-new-pass1', rePassword: 'Brand-new-pass1' },
    });
    expect(reply.status).toBe(401);
  });

  it('needs matching passwords other than the e-mail, and keeps the link usable when refused', async () => {
    const { client, token } = await requestReset('user@example.com');
    const mismatch = await client.request('PATCH', '/v2/reset_passwords/update', {
      body: { token, password: 'Brand-new-pass1', rePassword: 'Brand-new-pass2' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual([
      { path: 'rePassword', message: FORM_MESSAGES.passwordMismatch },
    ]);
    const sameAsEmail = await client.request('PATCH', '/v2/reset_passwords/update', {
      body: { token, password: 'user@example.com', rePassword: 'user@example.com' },
    });
    expect(sameAsEmail.status).toBe(400);
    expect((await client.get(`/v2/reset_passwords/verify?token=${token}`)).status).toBe(200);
  });
});

describe('password reset request', () => {
  it('answers before the mail is sent, so a slow mail server tells nothing', async () => {
    // A mail server that accepts connections and never says a word.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const t = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const started = Date.now();
      const reply = await t
        .client()
        .request('POST', '/v2/reset_passwords', { body: { email: 'admin@example.com' } });
      expect(reply.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(3000);
      // The link was issued after answering, and the mail is on its way.
      await expect
        .poll(async () => (await t.db.selectFrom('email_tokens').select('email').execute()).length)
        .toBe(1);
      await expect.poll(() => sockets.size).toBeGreaterThan(0);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await t.close();
    }
  });
});
