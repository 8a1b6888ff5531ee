import { ERROR_WIRE_MESSAGES } from '@pharmalytics/domain';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { uploadAs } from '../testing/upload.ts';
import { noteSharedCode, sharedInsuranceCodes } from './shared-code-queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const store = (name: string, insuranceInstitutionCode: string) => ({
  name,
  prefectureId: 40,
  zipCode: '8300023',
  city: '久留米市',
  block: '中央町1-1',
  buildingName: '',
  insuranceInstitutionCode,
  managementPharmacistName: '森 智子',
  tel: '0942000000',
});

async function adminOf(email: string) {
  const client = t.client();
  await client.login(email);
  return client;
}

/** A store answer with what differs between two registrations taken out. */
function shape(body: Record<string, unknown>) {
  const device = body.clientDeviceUser as Record<string, unknown>;
  return {
    ...body,
    id: typeof body.id,
    storeCode: typeof body.storeCode,
    name: typeof body.name,
    insuranceInstitutionCode: typeof body.insuranceInstitutionCode,
    clientDeviceUser: { ...device, deviceId: 0, name: typeof device.name, plainTextPassword: 0 },
  };
}

const corporationId = async (code: string) =>
  (
    await t.db
      .selectFrom('corporations')
      .select('id')
      .where('corporation_code', '=', code)
      .executeTakeFirstOrThrow()
  ).id;

describe('an insurance pharmacy code is unique within a corporation and tells nothing of others', () => {
  it('registers another corporation’s pharmacy code exactly as a fresh one', async () => {
    const basic = await adminOf('basic@example.com');
    // 4041100018 is はかた薬局 天神店 (1001) of another corporation; 4041300056 nobody's.
    const shared = await basic.request('POST', '/v3/branches', {
      body: store('さくら薬局 天神店', '4041100018'),
    });
    const fresh = await basic.request('POST', '/v3/branches', {
      body: store('さくら薬局 新天神店', '4041300056'),
    });
    expect(shared.status).toBe(201);
    expect(shared.status).toBe(fresh.status);
    expect(Object.keys(shared.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(shape(shared.body)).toEqual(shape(fresh.body));
    expect(shared.body.insuranceInstitutionCode).toBe('4041100018');

    // Listed for a system administrator: both holders, each with its corporation.
    const listed = (await sharedInsuranceCodes(t.db)).filter(
      (r) => r.insurance_institution_code === '4041100018',
    );
    expect(listed.map((r) => [r.corporation_code, r.store_code])).toEqual([
      ['100001', '1001'],
      ['100003', shared.body.storeCode],
    ]);
    expect(
      (await sharedInsuranceCodes(t.db)).some((r) => r.insurance_institution_code === '4041300056'),
    ).toBe(false);

    // And logged: the saved shared code, none for the fresh one.
    const log = { warn: vi.fn() };
    const basicId = await corporationId('100003');
    await noteSharedCode(t.db, log as unknown as FastifyBaseLogger, basicId, fresh.body.storeCode);
    expect(log.warn).not.toHaveBeenCalled();
    await noteSharedCode(t.db, log as unknown as FastifyBaseLogger, basicId, shared.body.storeCode);
    expect(log.warn).toHaveBeenCalledWith(
      {
        insuranceInstitutionCode: '4041100018',
        corporationId: basicId,
        storeCode: shared.body.storeCode,
        otherHolders: [
          { corporationId: await corporationId('100001'), storeId: listed[0]!.store_id },
        ],
      },
      'insurance institution code held by active stores of several corporations',
    );
  });

  it('changes a store to another corporation’s pharmacy code as to a fresh one', async () => {
    const basic = await adminOf('basic@example.com');
    const reply = await basic.request('PUT', '/v3/branches/3001', {
      body: store('さくら薬局 久留米中央店', '4041200016'),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.insuranceInstitutionCode).toBe('4041200016');
    // And back to its own code.
    const same = await basic.request('PUT', '/v3/branches/3001', {
      body: store('さくら薬局 久留米中央店', '4041300014'),
    });
    expect(same.status).toBe(200);
  });

  it('refuses a code another store of the same corporation holds, with the spec message', async () => {
    const basic = await adminOf('basic@example.com');
    // 4041300014 is さくら薬局 久留米中央店 (3001) of the same corporation.
    const reply = await basic.request('POST', '/v3/branches', {
      body: store('さくら薬局 久留米駅前店', '4041300014'),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(ERROR_WIRE_MESSAGES.insuranceInstitutionCodeUnique);
  });

  it('gives one of two registrations of one new code in a corporation the store, the other a 400', async () => {
    const [first, second] = await Promise.all([
      adminOf('basic@example.com'),
      adminOf('basic@example.com'),
    ]);
    const replies = await Promise.all([
      first.request('POST', '/v3/branches', { body: store('さくら薬局 新店', '4041300030') }),
      second.request('POST', '/v3/branches', { body: store('さくら薬局 別の新店', '4041300030') }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(replies.find((r) => r.status === 400)!.body.message).toBe(
      ERROR_WIRE_MESSAGES.insuranceInstitutionCodeUnique,
    );
    // Two corporations registering one new code at once both get their store.
    const [basic, admin] = await Promise.all([
      adminOf('basic@example.com'),
      adminOf('admin@example.com'),
    ]);
    const both = await Promise.all([
      basic.request('POST', '/v3/branches', { body: store('さくら薬局 同時店', '4041300064') }),
      admin.request('POST', '/v3/branches', { body: store('はかた薬局 同時店', '4041300064') }),
    ]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
  });

  it('answers the 400 when the corporation takes the code between the check and the insert', async () => {
    // The other registration lands inside this one's transaction, after its checks passed.
    await sql`
      create function register_first() returns trigger language plpgsql as $$
      begin
        if new.name = 'さくら薬局 競合店' then
          insert into stores (corporation_id, store_code, name, prefecture_id, insurance_institution_code)
          values (new.corporation_id, '9001', '先に登録された店', 40, new.insurance_institution_code);
        end if;
        return new;
      end $$`.execute(t.db);
    await sql`create trigger register_first before insert on stores
      for each row execute function register_first()`.execute(t.db);
    try {
      const basic = await adminOf('basic@example.com');
      const reply = await basic.request('POST', '/v3/branches', {
        body: store('さくら薬局 競合店', '4041300048'),
      });
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(ERROR_WIRE_MESSAGES.insuranceInstitutionCodeUnique);
    } finally {
      await sql`drop trigger register_first on stores`.execute(t.db);
      await sql`drop function register_first`.execute(t.db);
    }
  });

  it('is held by the database within a corporation, not across corporations', async () => {
    const values = (corporation: number, storeCode: string) => ({
      corporation_id: corporation,
      store_code: storeCode,
      name: `重複店 ${storeCode}`,
      prefecture_id: 40,
      insurance_institution_code: '4041100026',
    });
    // 4041100026 is はかた薬局 1002 of 100001.
    await expect(
      t.db
        .insertInto('stores')
        .values(values(await corporationId('100001'), '9998'))
        .execute(),
    ).rejects.toThrow(/stores_active_insurance_code_idx/);
    await t.db
      .insertInto('stores')
      .values(values(await corporationId('100003'), '9999'))
      .execute();
  });

  it('loads each corporation’s upload into the store of the uploader that sent it', async () => {
    // 3001 of 100003 takes the code of 1003 of 100001; each uploads a file naming it.
    const basic = await adminOf('basic@example.com');
    expect(
      (
        await basic.request('PUT', '/v3/branches/3001', {
          body: store('さくら薬局 久留米中央店', '4041100034'),
        })
      ).status,
    ).toBe(200);
    const csvLine = (receptionId: string) =>
      `4041100034,2026-04-01,09:12,${receptionId},1,P-${receptionId},2,1958-07,,,社保,外来,再来,1,4011012345,天神内科クリニック,,,,,FEE,120000110,調剤基本料１,調剤基本料,45,1,,,`;
    const theirs = await uploadAs(t, '1003', [csvLine('SHARED-1')]);
    const ours = await uploadAs(t, '3001', [csvLine('SHARED-2')]);
    expect([theirs.body.status, ours.body.status]).toEqual(['loaded', 'loaded']);
    const rows = await t.db
      .selectFrom('uploads as u')
      .innerJoin('stores as s', (j) =>
        j.onRef('s.id', '=', 'u.store_id').onRef('s.corporation_id', '=', 'u.corporation_id'),
      )
      .select(['u.id', 's.store_code'])
      .where('u.id', 'in', [theirs.body.uploadId, ours.body.uploadId])
      .orderBy('u.id')
      .execute();
    expect(rows.map((r) => r.store_code)).toEqual(['1003', '3001']);
    expect([theirs.body.prescriptionsLoaded, ours.body.prescriptionsLoaded]).toEqual([1, 1]);
  });
});
