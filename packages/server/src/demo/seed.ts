import {
  DEMO_CORPORATIONS,
  DEMO_PASSWORD,
  DEMO_STORE_FACILITY_FACTS,
  type DemoCorporation,
} from '@pharmalytics/datagen';
import { planByCode, roleByName, todayInJapan } from '@pharmalytics/domain';
import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';
import { hashPassword } from '../identity/passwords.ts';
import { claimStoreCode, createDeviceUser } from '../stores/device-users.ts';
import type { SecretBox } from '../tokens/secret-box.ts';

/** Loads the demo world into an empty database; does nothing when corporations exist. */
export async function seedDemoIfEmpty(db: Database, box: SecretBox): Promise<boolean> {
  const existing = await db.selectFrom('corporations').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    for (const corporation of DEMO_CORPORATIONS) {
      await seedCorporation(trx, box, corporation, passwordHash);
    }
    await sql`select setval('corporation_code_seq', (select max(corporation_code::bigint) from corporations))`.execute(
      trx,
    );
    await sql`select setval('store_code_seq', (select max(store_code::bigint) from store_codes))`.execute(
      trx,
    );
  });
  return true;
}

async function seedCorporation(
  db: Database,
  box: SecretBox,
  c: DemoCorporation,
  passwordHash: string,
) {
  const { id: corporationId } = await db
    .insertInto('corporations')
    .values({
      corporation_code: c.corporationCode,
      name: c.name,
      plan_id: planByCode(c.plan)!.id,
      status: c.suspended ? 'suspended' : 'active',
      zip_code: c.zipCode,
      address: c.address,
      building_name: c.buildingName ?? null,
      head_office_prefecture_id: c.headOfficePrefectureId,
      technical_person_name: c.technicalPerson?.name ?? null,
      technical_person_tel: c.technicalPerson?.tel ?? null,
      technical_person_email: c.technicalPerson?.email ?? null,
      billing_person_name: c.billingPerson?.name ?? null,
      billing_person_tel: c.billingPerson?.tel ?? null,
      billing_person_email: c.billingPerson?.email ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const storeIds = new Map<string, number>();
  for (const s of c.stores) {
    const { id } = await db
      .insertInto('stores')
      .values({
        corporation_id: corporationId,
        store_code: s.storeCode,
        name: s.name,
        prefecture_id: s.prefectureId,
        zip_code: s.zipCode,
        city: s.city,
        block: s.block,
        building_name: s.buildingName ?? null,
        latitude: s.latitude,
        longitude: s.longitude,
        insurance_institution_code: s.insuranceInstitutionCode,
        management_pharmacist_name: s.managementPharmacistName,
        tel: s.tel,
        geocode_level: 'pin',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    storeIds.set(s.storeCode, id);
    await claimStoreCode(db, corporationId, s.storeCode);
    await createDeviceUser(db, box, { corporationId, id, storeCode: s.storeCode });
    const facts = DEMO_STORE_FACILITY_FACTS[s.storeCode];
    if (facts) {
      await db
        .insertInto('store_facility_facts')
        .values({
          corporation_id: corporationId,
          store_id: id,
          designated_on: facts.designatedOn,
          medicine_supply_record: facts.medicineSupplyRecord,
          price_negotiation: facts.priceNegotiation,
          regional_support_system: facts.regionalSupportSystem,
        })
        .execute();
    }
    if (s.connected) {
      await db
        .insertInto('client_devices')
        .values({ corporation_id: corporationId, store_id: id, name: `${s.name} 受付PC` })
        .execute();
    }
  }

  const today = todayInJapan();
  for (const m of c.members) {
    const { local_id } = await db
      .insertInto('identity_users')
      .values({ email: m.email, password_hash: passwordHash })
      .returning('local_id')
      .executeTakeFirstOrThrow();
    const { id: memberId } = await db
      .insertInto('members')
      .values({
        corporation_id: corporationId,
        identity_user_id: local_id,
        email: m.email,
        public_name: m.publicName,
        search_name: m.searchName ?? null,
        role_id: roleByName(m.role)!.id,
        send_report_allowed: m.sendReportAllowed ?? false,
        terms_agreed_on: m.agreedOn ?? today,
        privacy_policy_agreed_on: m.agreedOn ?? today,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const code of m.browsableStoreCodes ?? []) {
      await db
        .insertInto('member_browsable_stores')
        .values({
          corporation_id: corporationId,
          member_id: memberId,
          store_id: storeIds.get(code)!,
        })
        .execute();
    }
  }
}
