import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const codes = (rows: { storeCode: string }[]) => rows.map((r) => r.storeCode);

describe('GET /v3/branches', () => {
  it('gives an admin every active store of its corporation, with prefecture and area', async () => {
    const client = t.client();
    await client.login('admin@example.com');
    const reply = await client.get('/v3/branches');
    expect(codes(reply.body)).toEqual([
      '1001',
      '1002',
      '1003',
      '1004',
      '1005',
      '1006',
      '1007',
      '1008',
      '1009',
    ]);
    expect(reply.body[0]).toMatchObject({
      name: 'はかた薬局 天神店',
      prefecture: { id: 40, name: '福岡県', areaName: '九州・沖縄' },
      address: '福岡県福岡市中央区天神2丁目8-38',
      contractStatus: 'active',
      connected: true,
    });
    expect(reply.body[5]).toMatchObject({ storeCode: '1006', connected: false });
  });

  it('gives a user-role member only its browsable stores', async () => {
    const client = t.client();
    await client.login('user@example.com');
    expect(codes((await client.get('/v3/branches')).body)).toEqual(['1001', '1002']);
    expect(codes((await client.get('/v3/branches?includeInactive=true')).body)).toEqual([
      '1001',
      '1002',
    ]);
  });

  it('leaves inactive stores out unless asked for', async () => {
    await t.db
      .updateTable('stores')
      .set({ contract_status: 'inactive' })
      .where('store_code', '=', '1005')
      .execute();
    try {
      const client = t.client();
      await client.login('admin@example.com');
      expect(codes((await client.get('/v3/branches')).body)).not.toContain('1005');
      expect(codes((await client.get('/v3/branches?includeInactive=true')).body)).toContain('1005');
    } finally {
      await t.db
        .updateTable('stores')
        .set({ contract_status: 'active' })
        .where('store_code', '=', '1005')
        .execute();
    }
  });
});

describe('GET /v3/branches/check_setups', () => {
  it('counts a user-role member’s own stores only', async () => {
    const admin = t.client();
    await admin.login('admin@example.com');
    const user = t.client();
    await user.login('user@example.com');
    // 1006 (outside the user's 1001 and 1002) has no uploader connected yet.
    expect((await admin.get('/v3/branches/check_setups')).body).toEqual({ count: 1 });
    expect((await user.get('/v3/branches/check_setups')).body).toEqual({ count: 0 });

    // 1002 loses its uploader (inside the user's stores), 1003 too (outside them).
    const storeIds = await t.db
      .selectFrom('stores as s')
      .innerJoin('corporations as c', 'c.id', 's.corporation_id')
      .select('s.id')
      .where('c.corporation_code', '=', '100001')
      .where('s.store_code', 'in', ['1002', '1003'])
      .execute();
    const removed = await t.db
      .deleteFrom('client_devices')
      .where(
        'store_id',
        'in',
        storeIds.map((r) => r.id),
      )
      .returningAll()
      .execute();
    try {
      expect((await admin.get('/v3/branches/check_setups')).body).toEqual({ count: 3 });
      expect((await user.get('/v3/branches/check_setups')).body).toEqual({ count: 1 });
    } finally {
      await t.db
        .insertInto('client_devices')
        .values(removed.map(({ id: _id, ...device }) => device))
        .execute();
    }
  });
});

describe('GET /v3/client_devices', () => {
  it('lists devices of the caller’s stores only', async () => {
    const user = t.client();
    await user.login('user@example.com');
    expect(codes((await user.get('/v3/client_devices')).body)).toEqual(['1001', '1002']);
    const free = t.client();
    await free.login('free@example.com');
    expect(codes((await free.get('/v3/client_devices')).body)).toEqual(['2001']);
  });
});

describe('GET /v2/prefectures', () => {
  it('lists the 47 prefectures in order without a session', async () => {
    const reply = await t.client().get('/v2/prefectures');
    expect(reply.body).toHaveLength(47);
    expect(reply.body[0]).toEqual({ id: 1, name: '北海道' });
    expect(reply.body[46]).toEqual({ id: 47, name: '沖縄県' });
  });
});
