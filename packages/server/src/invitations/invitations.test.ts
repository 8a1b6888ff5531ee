import { describe, expect, it } from 'vitest';
import { useAppWithSmtp } from '../testing/lifecycle-app.ts';
import { linkIn } from '../testing/smtp-catcher.ts';

const ctx = useAppWithSmtp();

async function invite(emails: string[], role: 'admin' | 'user' = 'user', as = 'admin@example.com') {
  const client = ctx.t.client();
  await client.login(as);
  return client.request('POST', '/v2/invitations', { body: { emails, system_role: role } });
}

async function tokenFor(email: string) {
  const mail = await ctx.smtp.lastTo(email);
  return linkIn(mail, '/service/account/register').searchParams.get('token')!;
}

const registration = (token: string, email: string) => ({
  token,
  publicName: '招待 太郎',
  searchName: 'Taro Shotai',
  email,
  password: 'Invited-pass1',
});

describe('invitations', () => {
  it('mails each invitee a link that registers an enabled account with the invited role', async () => {
    const reply = await invite(['staff1@example.com', 'Staff2@Example.com'], 'user');
    expect(reply.status).toBe(201);
    expect(reply.body.invitations.map((i: { email: string }) => i.email)).toEqual([
      'staff1@example.com',
      'staff2@example.com',
    ]);
    const mail = await ctx.smtp.lastTo('staff1@example.com');
    expect(mail.subject).toBe('【Pharmalytics】株式会社博多ファーマシーからの招待');
    expect(mail.text).toContain('山田 太郎様から');

    const token = await tokenFor('staff1@example.com');
    const client = ctx.t.client();
    expect((await client.get(`/v2/invitations/verify?token=${token}`)).body).toMatchObject({
      status: 'valid',
      email: 'staff1@example.com',
    });
    const created = await client.request('POST', '/v2/members', {
      body: registration(token, 'staff1@example.com'),
    });
    expect(created.status).toBe(201);
    const login = await ctx.t.client().login('staff1@example.com', 'Invited-pass1');
    expect(login.body).toMatchObject({
      publicName: '招待 太郎',
      searchName: 'Taro Shotai',
      systemRole: { name: 'user' },
      corporation: { corporationCode: '100001' },
      browsableStores: [],
    });
    // single use
    expect((await client.get(`/v2/invitations/verify?token=${token}`)).status).toBe(401);
  });

  it('refuses an expired invitation with 401', async () => {
    await invite(['late-staff@example.com']);
    const token = await tokenFor('late-staff@example.com');
    await ctx.t.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('email', '=', 'late-staff@example.com')
      .execute();
    const client = ctx.t.client();
    expect((await client.get(`/v2/invitations/verify?token=${token}`)).status).toBe(401);
    expect(
      (
        await client.request('POST', '/v2/members', {
          body: registration(token, 'late-staff@example.com'),
        })
      ).status,
    ).toBe(401);
  });

  it('answers 409 when the address got an account in the meantime', async () => {
    await invite(['race@example.com'], 'user');
    const token = await tokenFor('race@example.com');
    await ctx.t.app.services.identity.createUser('race@example.com', 'Something-1');
    expect((await ctx.t.client().get(`/v2/invitations/verify?token=${token}`)).status).toBe(409);
  });

  it('names only addresses of its own members as registered', async () => {
    const own = await invite(['user@example.com', 'fresh-one@example.com']);
    expect(own.status).toBe(409);
    expect(own.body).toEqual({
      statusCode: 409,
      message: 'email already registered',
      emails: ['user@example.com'],
    });
    // A member of another corporation is invited like an address nobody has: the answer does
    // not tell that the address is taken.
    const elsewhere = await invite(['basic@example.com'], 'admin');
    const nobody = await invite(['nobody-yet@example.com'], 'admin');
    expect(elsewhere.status).toBe(201);
    expect(nobody.status).toBe(201);
    const shape = (body: { invitations: { id: number; email: string }[] }) =>
      body.invitations.map(({ id, email, ...rest }) => ({ id: typeof id, email, ...rest }));
    expect(shape(elsewhere.body)).toEqual([
      { id: 'number', email: 'basic@example.com', systemRole: 'admin' },
    ]);
    expect(shape(nobody.body)).toEqual([
      { id: 'number', email: 'nobody-yet@example.com', systemRole: 'admin' },
    ]);
    // Its owner learns from the link that the address has an account already.
    const token = await tokenFor('basic@example.com');
    expect((await ctx.t.client().get(`/v2/invitations/verify?token=${token}`)).status).toBe(409);
  });

  it('uses an invitation once only under 10 parallel uses', async () => {
    await invite(['parallel-invitee@example.com']);
    const token = await tokenFor('parallel-invitee@example.com');
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.t.client().request('POST', '/v2/members', {
          body: registration(token, 'parallel-invitee@example.com'),
        }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => [201, 401, 409].includes(s))).toBe(true);
    const members = await ctx.t.db
      .selectFrom('members')
      .select('id')
      .where('email', '=', 'parallel-invitee@example.com')
      .execute();
    expect(members).toEqual([{ id: replies.find((r) => r.status === 201)!.body.id }]);
  });

  it('makes one account when invitations of two corporations are accepted at once', async () => {
    const email = 'wanted@example.com';
    await invite([email], 'user', 'admin@example.com');
    const first = await tokenFor(email);
    await invite([email], 'user', 'basic@example.com');
    await expect.poll(async () => (await tokenFor(email)) !== first).toBe(true);
    const second = await tokenFor(email);
    const replies = await Promise.all(
      [first, second].map((token) =>
        ctx.t.client().request('POST', '/v2/members', { body: registration(token, email) }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    const members = await ctx.t.db
      .selectFrom('members')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(members).toHaveLength(1);
  });

  it('refuses a password containing the e-mail and an e-mail other than the invited one', async () => {
    await invite(['careful@example.com']);
    const token = await tokenFor('careful@example.com');
    const client = ctx.t.client();
    const containing = await client.request('POST', '/v2/members', {
      body: { ...registration(token, 'careful@example.com'), password: 'xcareful@example.comx' },
    });
    expect(containing.status).toBe(400);
    expect(containing.body.errors[0].message).toBe(
      'メールアドレスを含むパスワードは登録できません。',
    );
    const other = await client.request('POST', '/v2/members', {
      body: registration(token, 'other@example.com'),
    });
    expect(other.status).toBe(400);
    expect((await client.get(`/v2/invitations/verify?token=${token}`)).status).toBe(200);
  });

  it('is cancelled by an admin of the same corporation only', async () => {
    const reply = await invite(['cancel-me@example.com']);
    const id = reply.body.invitations[0].id;
    const token = await tokenFor('cancel-me@example.com');

    const stranger = ctx.t.client();
    await stranger.login('basic@example.com');
    expect((await stranger.request('DELETE', `/v2/invitations/${id}`)).status).toBe(404);

    const admin = ctx.t.client();
    await admin.login('admin@example.com');
    expect((await admin.request('DELETE', `/v2/invitations/${id}`)).status).toBe(204);
    expect((await ctx.t.client().get(`/v2/invitations/verify?token=${token}`)).status).toBe(401);
  });

  it('may not be sent by a user-role member, nor to more than ten addresses', async () => {
    expect((await invite(['x@example.com'], 'user', 'user@example.com')).status).toBe(403);
    const eleven = Array.from({ length: 11 }, (_, i) => `many${i}@example.com`);
    const reply = await invite(eleven);
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0].message).toBe('最大10件までのメールアドレスの入力が可能です');
  });
});
