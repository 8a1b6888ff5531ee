import { V } from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const edit = {
  corporation_code: '100001',
  name: '株式会社博多ファーマシー',
  zip_code: '8100001',
  address: '福岡県福岡市中央区天神1丁目10-20',
  building_name: '',
  technical_person_name: '中村 健一',
  technical_person_tel: '0927120001',
  technical_person_email: 'it@hakata-pharmacy.example.jp',
  billing_person_name: '',
  billing_person_tel: '',
  billing_person_email: '',
};

describe('corporation info', () => {
  it('shows the caller’s corporation in snake_case', async () => {
    const client = t.client();
    await client.login('user@example.com');
    const reply = await client.get('/v2/corporations/100001');
    expect(reply.body).toMatchObject({
      corporation_code: '100001',
      name: '株式会社博多ファーマシー',
      plan: 'advanced',
      building_name: '天神ビジネスセンター5F',
      billing_person_name: '小林 美和',
    });
  });

  it('is edited by an admin; empty values become not entered', async () => {
    const client = t.client();
    await client.login('admin@example.com');
    const reply = await client.request('PUT', '/v2/corporations/100001', { body: edit });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      building_name: null,
      billing_person_name: null,
      technical_person_name: '中村 健一',
    });
  });

  it('validates with the spec messages and changes nothing', async () => {
    const client = t.client();
    await client.login('admin@example.com');
    const reply = await client.request('PUT', '/v2/corporations/100001', {
      body: { ...edit, name: '', technical_person_tel: '092-712', billing_person_email: 'nope' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      { path: 'name', message: V.namedRequired('法人名') },
      { path: 'technical_person_tel', message: V.digitsOnly },
      { path: 'billing_person_email', message: V.email },
    ]);
    expect((await client.get('/v2/corporations/100001')).body.name).toBe(
      '株式会社博多ファーマシー',
    );
  });
});

describe('account list', () => {
  it('lists members with their viewable stores and pending invitations', async () => {
    const client = t.client();
    await client.login('admin@example.com');
    await client.request('POST', '/v2/invitations', {
      body: { emails: ['pending@example.com'], system_role: 'admin' },
    });
    const reply = await client.get('/v2/corporations/100001/members');
    expect(reply.body.totalStoreCount).toBe(9);
    const user = reply.body.members.find((m: { mail: string }) => m.mail === 'user@example.com');
    expect(user).toMatchObject({
      name: '佐藤 花子',
      status: 'enabled',
      systemRole: { name: 'user', publicName: '一般' },
      browsableStores: [
        { storeCode: '1001', name: 'はかた薬局 天神店' },
        { storeCode: '1002', name: 'はかた薬局 博多駅前店' },
      ],
    });
    const admin = reply.body.members.find((m: { mail: string }) => m.mail === 'admin@example.com');
    expect(admin.browsableStores).toHaveLength(9);
    expect(reply.body.invitingMembers).toEqual([
      expect.objectContaining({
        email: 'pending@example.com',
        status: 'invitation',
        systemRole: expect.objectContaining({ name: 'admin' }),
      }),
    ]);
  });
});

describe('plan change', () => {
  it('lets system_admin change the plan of the corporation it is in', async () => {
    const client = t.client();
    await client.login('sysadmin@example.com');
    const reply = await client.request('PATCH', '/v2/corporations/service_plan', {
      body: { plan: 'basic' },
    });
    expect(reply.body).toEqual({ plan: 'basic' });
    expect((await client.get('/v2/corporations/service_plan')).body).toEqual({ plan: 'basic' });
    const admin = t.client();
    expect((await admin.login('admin@example.com')).body.corporation.plan.code).toBe('basic');
    await client.request('PATCH', '/v2/corporations/service_plan', { body: { plan: 'advanced' } });
  });
});
