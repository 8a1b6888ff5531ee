import { ERROR_WIRE_MESSAGES } from '@pharmalytics/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { hashToken } from '../tokens/random-token.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const newStore = {
  name: 'はかた薬局 平尾店',
  prefectureId: 40,
  zipCode: '8150082',
  city: '福岡市中央区',
  block: '大宮2丁目3-1',
  buildingName: '',
  insuranceInstitutionCode: '4041100109',
  managementPharmacistName: '新田 光',
  tel: '0925220808',
};

async function admin() {
  const client = t.client();
  await client.login('admin@example.com');
  return client;
}

describe('store registration', () => {
  it('creates a store with coordinates from its address and its uploader credentials', async () => {
    const client = await admin();
    const reply = await client.request('POST', '/v3/branches', { body: newStore });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      name: 'はかた薬局 平尾店',
      address: '福岡県福岡市中央区大宮2丁目3-1',
      geocodeLevel: 'town',
      connected: false,
      contractStatus: 'active',
    });
    expect(reply.body.latitude).toBeCloseTo(33.58, 1);
    expect(reply.body.longitude).toBeCloseTo(130.4, 1);
    const device = reply.body.clientDeviceUser;
    expect(device.name).toBe(`store-${reply.body.storeCode}`);
    expect(device.plainTextPassword).toMatch(/^[\w-]{32}$/);
    const stored = await t.db
      .selectFrom('device_users')
      .selectAll()
      .where('user_name', '=', device.name)
      .executeTakeFirstOrThrow();
    expect(stored.key_hash).toBe(hashToken(device.plainTextPassword));
    expect(stored.key_sealed).not.toContain(device.plainTextPassword);
    expect((await client.get('/v3/branches/check_setups')).body.count).toBe(2);
  });

  it('keeps the pin the user placed', async () => {
    const client = await admin();
    const reply = await client.request('POST', '/v3/branches', {
      body: {
        ...newStore,
        name: 'はかた薬局 ピン店',
        insuranceInstitutionCode: '',
        latitude: 33.6,
        longitude: 130.42,
      },
    });
    expect(reply.body).toMatchObject({ latitude: 33.6, longitude: 130.42, geocodeLevel: 'pin' });
  });

  it("refuses a duplicate name or insurance code with the spec's wire messages", async () => {
    const client = await admin();
    const sameName = await client.request('POST', '/v3/branches', {
      body: { ...newStore, name: 'はかた薬局 天神店', insuranceInstitutionCode: '' },
    });
    expect(sameName.status).toBe(400);
    expect(sameName.body.message).toBe(ERROR_WIRE_MESSAGES.storeNameUnique);
    const sameCode = await client.request('POST', '/v3/branches', {
      body: { ...newStore, name: '別の店', insuranceInstitutionCode: '4041100018' },
    });
    expect(sameCode.status).toBe(400);
    expect(sameCode.body.message).toBe(ERROR_WIRE_MESSAGES.insuranceInstitutionCodeUnique);
  });

  it('validates the form with the spec messages', async () => {
    const client = await admin();
    const reply = await client.request('POST', '/v3/branches', {
      body: { ...newStore, name: '', prefectureId: 0, insuranceInstitutionCode: '12345' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors.map((e: { message: string }) => e.message)).toEqual([
      '店舗名を入力してください',
      '都道府県を選択してください',
      '10桁の半角数字で入力してください',
    ]);
  });
});

describe('store edit and delete', () => {
  it('updates a store, geocoding its new address', async () => {
    const client = await admin();
    const reply = await client.request('PUT', '/v3/branches/1005', {
      body: {
        ...newStore,
        name: 'はかた薬局 香椎駅前店',
        insuranceInstitutionCode: '4041100059',
        city: '福岡市東区',
        block: '香椎駅前1丁目11-1',
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      storeCode: '1005',
      name: 'はかた薬局 香椎駅前店',
      geocodeLevel: 'town',
    });
  });

  it('deletes only with the right password', async () => {
    const client = await admin();
    const created = await client.request('POST', '/v3/branches', {
      body: { ...newStore, name: 'はかた薬局 閉店予定店', insuranceInstitutionCode: '' },
    });
    const code = created.body.storeCode;
    const wrong = await client.request('DELETE', `/v3/branches/${code}`, {
      body: { password: 'wrong-password' },
    });
    expect(wrong.status).toBe(403);
    expect((await client.get(`/v3/branches/${code}`)).status).toBe(200);
    const right = await client.request('DELETE', `/v3/branches/${code}`, {
      body: { password: 'Pharmalytics-demo1' },
    });
    expect(right.status).toBe(204);
    expect((await client.get(`/v3/branches/${code}`)).status).toBe(404);
    const inactive = (await client.get('/v3/branches?includeInactive=true')).body;
    expect(inactive.find((s: { storeCode: string }) => s.storeCode === code).contractStatus).toBe(
      'inactive',
    );
  });
});

describe('store members', () => {
  it('lists the admins and the assigned users; only users can be removed', async () => {
    const client = await admin();
    const members = (await client.get('/v3/branches/1002/members')).body;
    expect(members.map((m: { email: string }) => m.email)).toEqual([
      'admin@example.com',
      'notice@example.com',
      'user@example.com',
      'sysadmin@example.com',
    ]);
    const adminRow = members.find((m: { email: string }) => m.email === 'notice@example.com');
    expect(
      (await client.request('DELETE', `/v3/branches/1002/members/${adminRow.id}`)).status,
    ).toBe(403);
    const userRow = members.find((m: { email: string }) => m.email === 'user@example.com');
    expect((await client.request('DELETE', `/v3/branches/1002/members/${userRow.id}`)).status).toBe(
      204,
    );
    const user = t.client();
    await user.login('user@example.com');
    expect(
      (await user.get('/v3/branches')).body.map((s: { storeCode: string }) => s.storeCode),
    ).toEqual(['1001']);
  });
});

describe('geocoding endpoints', () => {
  it('fills an address from a zip code and locates it', async () => {
    const client = await admin();
    const zip = await client.get('/v3/geocoding/zip_codes/810-0001');
    expect(zip.body).toEqual({
      zipCode: '8100001',
      addresses: [
        {
          prefectureId: 40,
          prefecture: '福岡県',
          cityCode: '40133',
          city: '福岡市中央区',
          town: '天神',
        },
      ],
    });
    expect((await client.get('/v3/geocoding/zip_codes/12')).status).toBe(400);
    const point = await client.get(
      `/v3/geocoding/address?prefectureId=40&city=${encodeURIComponent('福岡市中央区')}&block=${encodeURIComponent('天神1丁目')}`,
    );
    expect(point.body).toMatchObject({ level: 'town', town: '天神一丁目' });
  });
});
