import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import type { HttpClient } from '../testing/http-client.ts';

/**
 * Every settings endpoint, called by each role of the advanced demo corporation (100001), on its
 * own rows and on rows of the basic demo corporation (100003). Expected: the statuses below;
 * never a 2xx on another corporation's row, never another corporation's rows in a list.
 */
let t: TestApp;
const clients: Record<string, HttpClient> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  for (const email of ['admin@example.com', 'user@example.com', 'sysadmin@example.com']) {
    clients[email] = t.client();
    await clients[email].login(email);
  }
  const members = await t.db.selectFrom('members').select(['id', 'email']).execute();
  for (const m of members) ids[m.email] = m.id;
  const basic = t.client();
  await basic.login('basic@example.com');
  const invited = await basic.request('POST', '/v2/invitations', {
    body: { emails: ['foreign-invite@example.com'], system_role: 'user' },
  });
  ids.foreignInvitation = invited.body.invitations[0].id;
});
afterAll(() => t.close());

/** A call; ':user', ':notice', ':foreignMember' and ':foreignInvitation' in the path are ids. */
type Call = { method: string; path: string; body?: unknown | ((email: string) => unknown) };
const resolve = (path: string) =>
  path
    .replace(':user', String(ids['user@example.com']))
    .replace(':notice', String(ids['notice@example.com']))
    .replace(':foreignMember', String(ids['basic@example.com']))
    .replace(':foreignInvitation', String(ids.foreignInvitation));
const send = (email: string, call: Call) =>
  clients[email]!.request(call.method, resolve(call.path), {
    body: typeof call.body === 'function' ? call.body(email) : call.body,
  });

const storeBody = {
  name: '権限テスト店',
  prefectureId: 40,
  city: '福岡市中央区',
  block: '天神1丁目',
};

/** [call, admin, user, system_admin] expected statuses on own rows. */
const OWN: [Call, number, number, number][] = [
  [{ method: 'GET', path: '/v2/corporations/100001' }, 200, 200, 200],
  [{ method: 'GET', path: '/v2/corporations/100001/members' }, 200, 200, 200],
  [{ method: 'GET', path: '/v2/corporations/service_plan' }, 403, 403, 200],
  [
    { method: 'PATCH', path: '/v2/corporations/service_plan', body: { plan: 'advanced' } },
    403,
    403,
    200,
  ],
  [{ method: 'GET', path: '/v2/members/:user' }, 200, 200, 200],
  [{ method: 'GET', path: '/v2/members/:user/branches' }, 200, 200, 200],
  [
    { method: 'PATCH', path: '/v2/members/:user/branches', body: { storeCodes: '1001,1002' } },
    200,
    403,
    200,
  ],
  [
    { method: 'PATCH', path: '/v2/members/:notice/role', body: { system_role: 'admin' } },
    200,
    403,
    200,
  ],
  [{ method: 'GET', path: '/v3/branches/1001' }, 200, 200, 200],
  [{ method: 'GET', path: '/v3/branches/1003' }, 200, 404, 200],
  [{ method: 'GET', path: '/v3/branches/1001/members' }, 200, 200, 200],
  [{ method: 'GET', path: '/v3/branches/check_setups' }, 200, 200, 200],
  [
    {
      method: 'POST',
      path: '/v3/branches',
      body: (email: string) => ({ ...storeBody, name: email }),
    },
    201,
    403,
    201,
  ],
  [
    { method: 'PUT', path: '/v3/branches/1004', body: { ...storeBody, name: 'はかた薬局 西新店' } },
    200,
    403,
    200,
  ],
  [
    {
      method: 'POST',
      path: '/v2/invitations',
      body: { emails: ['matrix@example.com'], system_role: 'user' },
    },
    201,
    403,
    201,
  ],
];

/** Calls on the basic corporation's rows: every role must be refused with 404 (or 403). */
const FOREIGN: Call[] = [
  { method: 'GET', path: '/v2/corporations/100003' },
  {
    method: 'PUT',
    path: '/v2/corporations/100003',
    body: { corporation_code: '100003', name: '乗っ取り' },
  },
  { method: 'GET', path: '/v2/corporations/100003/members' },
  { method: 'GET', path: '/v2/members/:foreignMember' },
  { method: 'GET', path: '/v2/members/:foreignMember/branches' },
  { method: 'PATCH', path: '/v2/members/:foreignMember/branches', body: { storeCodes: '' } },
  { method: 'PATCH', path: '/v2/members/:foreignMember/role', body: { system_role: 'user' } },
  { method: 'DELETE', path: '/v2/members/:foreignMember' },
  { method: 'DELETE', path: '/v2/invitations/:foreignInvitation' },
  { method: 'GET', path: '/v3/branches/3001' },
  { method: 'PUT', path: '/v3/branches/3001', body: storeBody },
  { method: 'DELETE', path: '/v3/branches/3001', body: { password: 'Pharmalytics-demo1' } },
  { method: 'GET', path: '/v3/branches/3001/members' },
  { method: 'DELETE', path: '/v3/branches/3001/members/:foreignMember' },
];

const ROLES = ['admin@example.com', 'user@example.com', 'sysadmin@example.com'] as const;

describe('own corporation: each role gets what the spec allows', () => {
  for (const [call, ...expected] of OWN) {
    it(`${call.method} ${call.path}`, async () => {
      const statuses = [];
      for (const email of ROLES) statuses.push((await send(email, call)).status);
      expect(statuses).toEqual(expected);
    });
  }
});

describe("another corporation's rows are refused to every role", () => {
  for (const call of FOREIGN) {
    it(`${call.method} ${call.path}`, async () => {
      for (const email of ROLES) {
        const status = (await send(email, call)).status;
        expect([403, 404], `${email}: ${status}`).toContain(status);
      }
    });
  }

  it('leaves the basic corporation untouched', async () => {
    const basic = t.client();
    await basic.login('basic@example.com');
    expect((await basic.get('/v2/corporations/100003')).body.name).toBe('有限会社さくら薬局');
    expect(
      (await basic.get('/v3/branches')).body.map((s: { storeCode: string }) => s.storeCode),
    ).toEqual(['3001', '3002']);
    expect((await basic.get('/v2/corporations/100003/members')).body.invitingMembers).toHaveLength(
      1,
    );
  });

  it('lists never show another corporation’s rows', async () => {
    for (const email of ROLES) {
      const stores = (await clients[email]!.get('/v3/branches?includeInactive=true')).body;
      expect(
        stores.every(
          (s: { storeCode: string }) => s.storeCode.startsWith('1') || Number(s.storeCode) > 4001,
        ),
      ).toBe(true);
      const devices = (await clients[email]!.get('/v3/client_devices')).body;
      expect(devices.every((d: { storeCode: string }) => d.storeCode.startsWith('10'))).toBe(true);
    }
    const list = (await clients['admin@example.com']!.get('/v2/corporations/100001/members')).body;
    const emails = [
      ...list.members.map((m: { mail: string }) => m.mail),
      ...list.invitingMembers.map((i: { email: string }) => i.email),
    ];
    expect(emails).not.toContain('basic@example.com');
    expect(emails).not.toContain('foreign-invite@example.com');
  });
});

describe('without a session', () => {
  it('every endpoint answers 401', async () => {
    const anonymous = t.client();
    for (const [call] of OWN) {
      expect(
        (
          await anonymous.request(call.method, resolve(call.path), {
            body: call.method === 'GET' ? undefined : {},
          })
        ).status,
      ).toBe(401);
    }
  });
});
