import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './create-account.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function signedIn(email: string) {
  const client = t.client();
  const me = (await client.login(email)).body;
  return { client, me };
}

async function memberId(email: string) {
  const row = await t.db
    .selectFrom('members')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A member of the advanced demo corporation that no other test uses. */
async function createMember(email: string, role: 'admin' | 'user') {
  const corporation = await t.db
    .selectFrom('corporations')
    .select('id')
    .where('corporation_code', '=', '100001')
    .executeTakeFirstOrThrow();
  return createAccount(t.db, {
    corporationId: corporation.id,
    email,
    passwordHash: 'not-used',
    publicName: email,
    roleId: role === 'admin' ? 1 : 2,
  });
}

describe('role change', () => {
  it('user → admin sees every store; admin → user starts with none', async () => {
    const { client } = await signedIn('admin@example.com');
    const id = await memberId('user@example.com');
    const promoted = await client.request('PATCH', `/v2/members/${id}/role`, {
      body: { system_role: 'admin' },
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body.systemRole.name).toBe('admin');
    expect(promoted.body.browsableStores).toHaveLength(9);
    const demoted = await client.request('PATCH', `/v2/members/${id}/role`, {
      body: { system_role: 'user' },
    });
    expect(demoted.body.browsableStores).toEqual([]);
  });

  it('never changes one’s own role', async () => {
    const { client, me } = await signedIn('admin@example.com');
    expect(
      (
        await client.request('PATCH', `/v2/members/${me.id}/role`, {
          body: { system_role: 'user' },
        })
      ).status,
    ).toBe(403);
  });

  it("refuses to demote the last admin with type 'last_user'", async () => {
    const { client, me } = await signedIn('sysadmin@example.com');
    await client.request('PUT', `/v2/members/${me.id}/corporations`, {
      body: { corporationCode: '100003' },
    });
    try {
      const reply = await client.request(
        'PATCH',
        `/v2/members/${await memberId('basic@example.com')}/role`,
        {
          body: { system_role: 'user' },
        },
      );
      expect(reply.status).toBe(403);
      expect(reply.body.type).toBe('last_user');
      const deletion = await client.request(
        'DELETE',
        `/v2/members/${await memberId('basic@example.com')}`,
      );
      expect(deletion.body.type).toBe('last_user');
    } finally {
      await client.request('PUT', `/v2/members/${me.id}/corporations`, {
        body: { corporationCode: '100001' },
      });
    }
  });
});

describe('viewable stores', () => {
  it('are replaced by a comma-joined list and cleared by an empty one', async () => {
    const { client } = await signedIn('admin@example.com');
    const id = await createMember('viewer@example.com', 'user');
    expect((await client.get(`/v2/members/${id}/branches`)).body).toEqual({ storeCodes: [] });
    const set = await client.request('PATCH', `/v2/members/${id}/branches`, {
      body: { storeCodes: '1003,1001' },
    });
    expect(set.body).toEqual({ storeCodes: ['1001', '1003'] });
    expect((await client.get(`/v2/members/${id}`)).body.branches).toEqual([
      {
        areaName: '九州・沖縄',
        prefectures: [
          {
            prefectureId: 40,
            name: '福岡県',
            stores: [
              { storeCode: '1001', name: 'はかた薬局 天神店' },
              { storeCode: '1003', name: 'はかた薬局 薬院店' },
            ],
          },
        ],
      },
    ]);
    expect(
      (await client.request('PATCH', `/v2/members/${id}/branches`, { body: { storeCodes: '' } }))
        .body,
    ).toEqual({ storeCodes: [] });
  });

  it('refuses another corporation’s store codes and admin targets', async () => {
    const { client } = await signedIn('admin@example.com');
    const id = await memberId('user@example.com');
    expect(
      (
        await client.request('PATCH', `/v2/members/${id}/branches`, {
          body: { storeCodes: '3001' },
        })
      ).status,
    ).toBe(400);
    const adminId = await memberId('notice@example.com');
    expect(
      (
        await client.request('PATCH', `/v2/members/${adminId}/branches`, {
          body: { storeCodes: '1001' },
        })
      ).status,
    ).toBe(400);
  });
});

describe('account deletion', () => {
  it('deletes another account for good', async () => {
    const { client } = await signedIn('admin@example.com');
    const id = await createMember('leaver@example.com', 'user');
    expect((await client.request('DELETE', `/v2/members/${id}`)).status).toBe(204);
    expect((await client.get(`/v2/members/${id}`)).status).toBe(404);
    expect(
      await t.db
        .selectFrom('identity_users')
        .select('local_id')
        .where('email', '=', 'leaver@example.com')
        .execute(),
    ).toEqual([]);
  });

  it('lets an admin delete itself while another admin remains, ending its session', async () => {
    await createMember('second-admin@example.com', 'admin');
    const { client, me } = await signedIn('notice@example.com');
    expect((await client.request('DELETE', `/v2/members/${me.id}`)).status).toBe(204);
    expect((await client.get('/v3/branches')).status).toBe(401);
  });
});
