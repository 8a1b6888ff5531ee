import { ERROR_WIRE_MESSAGES } from '@pharmalytics/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

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

describe('an insurance pharmacy code belongs to one store of one corporation', () => {
  it('refuses to register another corporation’s pharmacy code, with the spec message', async () => {
    const basic = await adminOf('basic@example.com');
    // 4041100018 is はかた薬局 天神店 of another corporation.
    const reply = await basic.request('POST', '/v3/branches', {
      body: store('さくら薬局 天神店', '4041100018'),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(ERROR_WIRE_MESSAGES.insuranceInstitutionCodeUnique);
  });

  it('refuses to change a store to another corporation’s pharmacy code', async () => {
    const basic = await adminOf('basic@example.com');
    const reply = await basic.request('PUT', '/v3/branches/3001', {
      body: store('さくら薬局 久留米中央店', '4041200016'),
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(ERROR_WIRE_MESSAGES.insuranceInstitutionCodeUnique);
    // Its own code is still its own.
    const same = await basic.request('PUT', '/v3/branches/3001', {
      body: store('さくら薬局 久留米中央店', '4041300014'),
    });
    expect(same.status).toBe(200);
  });

  it('gives one of two corporations registering one new code at once the store, the other a 400', async () => {
    const [basic, admin] = await Promise.all([
      adminOf('basic@example.com'),
      adminOf('admin@example.com'),
    ]);
    const replies = await Promise.all([
      basic.request('POST', '/v3/branches', { body: store('さくら薬局 新店', '4041300030') }),
      admin.request('POST', '/v3/branches', { body: store('はかた薬局 新店', '4041300030') }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(replies.find((r) => r.status === 400)!.body.message).toBe(
      ERROR_WIRE_MESSAGES.insuranceInstitutionCodeUnique,
    );
  });

  it('answers the 400 when another corporation takes the code between the check and the insert', async () => {
    // The other registration lands inside this one's transaction, after its checks passed.
    await sql`
      create function register_first() returns trigger language plpgsql as $$
      begin
        if new.name = 'さくら薬局 競合店' then
          insert into stores (corporation_id, store_code, name, prefecture_id, insurance_institution_code)
          select id, '9001', '先に登録された店', 40, new.insurance_institution_code
          from corporations where corporation_code = '100001';
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

  it('is held by the database as well', async () => {
    const other = await t.db
      .selectFrom('corporations')
      .select('id')
      .where('corporation_code', '=', '100002')
      .executeTakeFirstOrThrow();
    await expect(
      t.db
        .insertInto('stores')
        .values({
          corporation_id: other.id,
          store_code: '9999',
          name: '重複店',
          prefecture_id: 40,
          insurance_institution_code: '4041100018',
        })
        .execute(),
    ).rejects.toThrow(/stores_active_insurance_code_idx/);
  });
});
