import { V } from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { LOCKOUT_ATTEMPTS: '3' } });
});
afterAll(() => t.close());

describe('profile', () => {
  it('shows and updates the display and search names', async () => {
    const client = t.client();
    await client.login('admin@example.com');
    expect((await client.get('/v2/profile')).body).toEqual({
      userInformation: {
        publicName: '山田 太郎',
        searchName: 'Taro Yamada',
        email: 'admin@example.com',
      },
    });
    const reply = await client.request('PUT', '/v2/profile', {
      body: { publicName: '山田 太郎（本部）', searchName: '' },
    });
    expect(reply.body.userInformation).toEqual({
      publicName: '山田 太郎（本部）',
      searchName: null,
      email: 'admin@example.com',
    });
  });

  it('refuses names breaking the rules with the spec messages', async () => {
    const client = t.client();
    await client.login('admin@example.com');
    const blank = await client.request('PUT', '/v2/profile', {
      body: { publicName: '   ', searchName: 'やまだ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([
      { path: 'publicName', message: V.whitespaceOnly },
      { path: 'searchName', message: V.alphanumeric },
    ]);
  });
});

describe('PATCH /v2/profile/change_password', () => {
  it('answers INVALID_PASSWORD for a wrong current password, then locks', async () => {
    const client = t.client();
    await client.login('basic@example.com');
    const body = {
      email: 'basic@example.com',
      currentPassword: 'Wrong-password1',
      newPassword: 'Brand-new-pass1',
    };
    const first = await client.request('PATCH', '/v2/profile/change_password', { body });
    expect(first.status).toBe(400);
    expect(first.body.message).toBe('INVALID_PASSWORD');
    await client.request('PATCH', '/v2/profile/change_password', { body });
    const third = await client.request('PATCH', '/v2/profile/change_password', { body });
    expect(third.body.message).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
  });

  it('changes the password and ends the other sessions only', async () => {
    const other = t.client();
    const me = (await other.login('user@example.com')).body;
    const client = t.client();
    await client.login('user@example.com');
    const reply = await client.request('PATCH', '/v2/profile/change_password', {
      body: {
        email: 'user@example.com',
        currentPassword: 'Pharmalytics-demo1',
        newPassword: 'Changed-pass12',
      },
    });
    expect(reply.status).toBe(200);
    expect((await client.get(`/v2/members/${me.id}`)).status).toBe(200);
    expect((await other.get(`/v2/members/${me.id}`)).status).toBe(401);
    expect((await t.client().signIn('user@example.com', 'Pharmalytics-demo1')).status).toBe(400);
    expect((await t.client().login('user@example.com', 'Changed-pass12')).status).toBe(200);
  });

  it("refuses the e-mail as new password with type 'password_same_to_email'", async () => {
    const client = t.client();
    await client.login('notice@example.com');
    const reply = await client.request('PATCH', '/v2/profile/change_password', {
      body: {
        email: 'notice@example.com',
        currentPassword: 'Pharmalytics-demo1',
        newPassword: 'notice@example.com',
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.type).toBe('password_same_to_email');
  });
});

describe('PATCH /v2/members/personal_settings', () => {
  it('is refused on the free plan and changes nothing', async () => {
    const client = t.client();
    await client.login('free@example.com');
    const reply = await client.request('PATCH', '/v2/members/personal_settings', {
      body: { sendReportAllowed: true },
    });
    expect(reply.status).toBe(403);
    const row = await t.db
      .selectFrom('members')
      .select('send_report_allowed')
      .where('email', '=', 'free@example.com')
      .executeTakeFirstOrThrow();
    expect(row.send_report_allowed).toBe(false);
  });

  it('saves the report setting on a paid plan', async () => {
    const client = t.client();
    await client.login('sysadmin@example.com');
    const reply = await client.request('PATCH', '/v2/members/personal_settings', {
      body: { sendReportAllowed: true },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.sendReportAllowed).toBe(true);
  });
});
