import { FORM_MESSAGES } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { useAppWithSmtp } from '../testing/lifecycle-app.ts';
import { linkIn } from '../testing/smtp-catcher.ts';

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
