import { todayInJapan } from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /v2/members/{id}', () => {
  it('answers a member of the same corporation and hides others', async () => {
    const admin = t.client();
    const me = (await admin.login('admin@example.com')).body;
    const other = t.client();
    const basic = (await other.login('basic@example.com')).body;
    expect((await admin.get(`/v2/members/${me.id}`)).body.email).toBe('admin@example.com');
    expect((await admin.get(`/v2/members/${basic.id}`)).status).toBe(404);
  });

  it('lists the browsable stores of a user-role member only', async () => {
    const client = t.client();
    const me = (await client.login('user@example.com')).body;
    expect(me.browsableStores.map((s: { storeCode: string }) => s.storeCode)).toEqual([
      '1001',
      '1002',
    ]);
  });
});

describe('PATCH /v2/members/agreement', () => {
  it('records today as the agreement date of both documents', async () => {
    const client = t.client();
    const before = (await client.login('notice@example.com')).body;
    expect(before.serviceAgreedOn).toBe('2023-01-10');
    const reply = await client.request('PATCH', '/v2/members/agreement');
    expect(reply.status).toBe(200);
    expect(reply.body.serviceAgreedOn).toBe(todayInJapan());
    expect(reply.body.privacyPolicyAgreedOn).toBe(todayInJapan());
  });
});

describe('PUT /v2/members/{id}/corporations', () => {
  it('moves a system_admin to the corporation with the code', async () => {
    const client = t.client();
    const me = (await client.login('sysadmin@example.com')).body;
    const reply = await client.request('PUT', `/v2/members/${me.id}/corporations`, {
      body: { corporationCode: '100002' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.corporation).toMatchObject({
      corporationCode: '100002',
      plan: { code: 'free' },
    });
    const stores = await client.get('/v3/branches');
    expect(stores.body.map((s: { storeCode: string }) => s.storeCode)).toEqual(['2001']);
    await client.request('PUT', `/v2/members/${me.id}/corporations`, {
      body: { corporationCode: '100001' },
    });
  });

  it('answers 404 for an unknown code and 400 for one with other than digits', async () => {
    const client = t.client();
    const me = (await client.login('sysadmin@example.com')).body;
    const unknown = await client.request('PUT', `/v2/members/${me.id}/corporations`, {
      body: { corporationCode: '999999' },
    });
    expect(unknown.status).toBe(404);
    const letters = await client.request('PUT', `/v2/members/${me.id}/corporations`, {
      body: { corporationCode: '10a' },
    });
    expect(letters.status).toBe(400);
    expect(letters.body.errors[0].message).toBe('半角数字で入力してください');
  });

  it('is refused to an admin, who stays in its corporation', async () => {
    const client = t.client();
    const me = (await client.login('admin@example.com')).body;
    const reply = await client.request('PUT', `/v2/members/${me.id}/corporations`, {
      body: { corporationCode: '100002' },
    });
    expect(reply.status).toBe(403);
    expect((await client.get(`/v2/members/${me.id}`)).body.corporation.corporationCode).toBe(
      '100001',
    );
  });
});
