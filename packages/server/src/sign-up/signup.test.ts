import { FORM_MESSAGES, V } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { useAppWithSmtp } from '../testing/lifecycle-app.ts';
import { linkIn } from '../testing/smtp-catcher.ts';

const ctx = useAppWithSmtp();

const newAccount = {
  name: '新井 一郎',
  tel: '0921234567',
  roleName: '薬局長',
  corporationName: '株式会社あらい薬局',
  prefectureId: 40,
  branchCount: '3',
  questionnaire: 3,
  password: 'Arai-pharmacy1',
};

async function signUp(email: string) {
  const client = ctx.t.client();
  const reply = await client.request('POST', '/v2/sign_ups', { body: { email, isApproval: true } });
  expect(reply.status).toBe(200);
  const mail = await ctx.smtp.lastTo(email);
  return { client, token: linkIn(mail, '/service/sign-up/new-account').searchParams.get('token')! };
}

describe('sign-up', () => {
  it('verifies the address by mail, creates a free corporation and its admin, who can sign in', async () => {
    const { client, token } = await signUp('new-owner@example.com');
    const mail = await ctx.smtp.lastTo('new-owner@example.com');
    expect(mail.subject).toBe('【Pharmalytics】利用申込のメールアドレス確認');
    expect(mail.text).toContain('24時間');

    expect((await client.get(`/v2/sign_ups/verify?token=${token}`)).body).toEqual({
      email: 'new-owner@example.com',
    });
    const created = await client.request('PATCH', `/v2/sign_ups/${token}`, { body: newAccount });
    expect(created.status).toBe(201);

    const login = await ctx.t.client().login('new-owner@example.com', 'Arai-pharmacy1');
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      publicName: '新井 一郎',
      systemRole: { name: 'admin' },
      corporation: {
        name: '株式会社あらい薬局',
        corporationCode: created.body.corporationCode,
        plan: { code: 'free' },
      },
      browsableStores: [],
    });
    const corporation = await ctx.t.db
      .selectFrom('corporations')
      .selectAll()
      .where('corporation_code', '=', created.body.corporationCode)
      .executeTakeFirstOrThrow();
    expect(corporation).toMatchObject({
      head_office_prefecture_id: 40,
      applicant_tel: '0921234567',
      applicant_role_title: '薬局長',
      planned_store_count: 3,
      questionnaire: 3,
    });
  });

  it('refuses a link used once already with 401', async () => {
    const { client, token } = await signUp('twice@example.com');
    expect(
      (await client.request('PATCH', `/v2/sign_ups/${token}`, { body: newAccount })).status,
    ).toBe(201);
    expect((await client.get(`/v2/sign_ups/verify?token=${token}`)).status).toBe(401);
    expect(
      (await client.request('PATCH', `/v2/sign_ups/${token}`, { body: newAccount })).status,
    ).toBe(401);
  });

  it('uses a link once only under 10 parallel uses', async () => {
    const { token } = await signUp('parallel-owner@example.com');
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.t.client().request('PATCH', `/v2/sign_ups/${token}`, { body: newAccount }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => [201, 401, 409].includes(s))).toBe(true);
    const corporations = await ctx.t.db
      .selectFrom('members as m')
      .innerJoin('corporations as c', 'c.id', 'm.corporation_id')
      .select('c.corporation_code')
      .where('m.email', '=', 'parallel-owner@example.com')
      .execute();
    expect(corporations).toEqual([
      { corporation_code: replies.find((r) => r.status === 201)!.body.corporationCode },
    ]);
  });

  it('makes one account when two links of one address are used at once; the other gets 409', async () => {
    const email = 'two-links@example.com';
    const tokens = [];
    for (let i = 0; i < 2; i++) {
      const before = ctx.smtp.mails.filter((m) => m.recipients.includes(email)).length;
      expect(
        (
          await ctx.t
            .client()
            .request('POST', '/v2/sign_ups', { body: { email, isApproval: true } })
        ).status,
      ).toBe(200);
      await expect
        .poll(() => ctx.smtp.mails.filter((m) => m.recipients.includes(email)).length)
        .toBe(before + 1);
      const mail = ctx.smtp.mails.findLast((m) => m.recipients.includes(email))!;
      tokens.push(linkIn(mail, '/service/sign-up/new-account').searchParams.get('token')!);
    }
    const countCorporations = async () =>
      (await ctx.t.db.selectFrom('corporations').select('id').execute()).length;
    const before = await countCorporations();
    const replies = await Promise.all(
      tokens.map((token) =>
        ctx.t.client().request('PATCH', `/v2/sign_ups/${token}`, { body: newAccount }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(replies.find((r) => r.status === 409)!.body.message).toBe('email already registered');
    const members = await ctx.t.db
      .selectFrom('members')
      .select('email')
      .where('email', '=', email)
      .execute();
    expect(members).toHaveLength(1);
    // The refused sign-up left no corporation behind.
    expect(await countCorporations()).toBe(before + 1);
  });

  it('refuses an expired link with 401', async () => {
    const { client, token } = await signUp('late@example.com');
    await ctx.t.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', 'late@example.com')
      .execute();
    expect((await client.get(`/v2/sign_ups/verify?token=${token}`)).status).toBe(401);
    const reply = await client.request('PATCH', `/v2/sign_ups/${token}`, { body: newAccount });
    expect(reply.status).toBe(401);
    expect(
      await ctx.t.db
        .selectFrom('members')
        .select('id')
        .where('email', '=', 'late@example.com')
        .execute(),
    ).toEqual([]);
  });

  it('answers 409 for an address that already has an account', async () => {
    const { client, token } = await signUp('admin@example.com');
    expect((await client.get(`/v2/sign_ups/verify?token=${token}`)).status).toBe(409);
    expect(
      (await client.request('PATCH', `/v2/sign_ups/${token}`, { body: newAccount })).status,
    ).toBe(409);
  });

  it("refuses the e-mail address as password with type 'password_same_to_email'", async () => {
    const { client, token } = await signUp('same@example.com');
    const reply = await client.request('PATCH', `/v2/sign_ups/${token}`, {
      body: { ...newAccount, password: 'same@example.com' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.type).toBe('password_same_to_email');
  });

  it('validates both forms with the spec messages and changes nothing', async () => {
    const client = ctx.t.client();
    const noConsent = await client.request('POST', '/v2/sign_ups', {
      body: { email: 'x@example.com', isApproval: false },
    });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.errors).toEqual([
      { path: 'isApproval', message: FORM_MESSAGES.consentRequired },
    ]);
    const badEmail = await client.request('POST', '/v2/sign_ups', {
      body: { email: 'not-an-address', isApproval: true },
    });
    expect(badEmail.body.errors[0].message).toBe(V.email);

    const { token } = await signUp('form@example.com');
    const reply = await client.request('PATCH', `/v2/sign_ups/${token}`, {
      body: { ...newAccount, prefectureId: 0, password: 'short' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'prefectureId', message: FORM_MESSAGES.headOfficePrefectureRequired },
        { path: 'password', message: V.minLength('パスワード', 8) },
      ]),
    );
    expect((await client.get(`/v2/sign_ups/verify?token=${token}`)).status).toBe(200);
  });
});
