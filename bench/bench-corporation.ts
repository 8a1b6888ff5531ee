/** The benchmarks' corporation: many stores modelled on the advanced demo one. */
import { DEMO_CORPORATIONS, type DemoCorporation } from '@pharmalytics/datagen';
import type { Database } from '../packages/server/src/db/connection.ts';

/** `count` stores copied from the demo's connected stores, each in a district of its own. */
export function benchCorporation(count: number): DemoCorporation {
  const base = DEMO_CORPORATIONS[0]!;
  const template = base.stores.filter((s) => s.connected);
  return {
    ...base,
    stores: Array.from({ length: count }, (_, i) => ({
      ...template[i % template.length]!,
      storeCode: String(9001 + i),
      name: `ベンチ薬局 ${i + 1}号店`,
      // 福岡 (40), a pharmacy (4), the store's district, then a number no demo store has
      // (theirs are 000xx in district 11).
      insuranceInstitutionCode: `404${10 + (i % 90)}9${String(i).padStart(4, '0')}`,
    })),
  };
}

/**
 * Adds the corporation's stores to the seeded demo corporation of the same code; answers the
 * corporation id and the store ids by store code.
 */
export async function insertBenchStores(db: Database, corporation: DemoCorporation) {
  const { id: corporationId } = await db
    .selectFrom('corporations')
    .select('id')
    .where('corporation_code', '=', corporation.corporationCode)
    .executeTakeFirstOrThrow();
  const storeIds = new Map<string, number>();
  for (const s of corporation.stores) {
    const { id } = await db
      .insertInto('stores')
      .values({
        corporation_id: corporationId,
        store_code: s.storeCode,
        name: s.name,
        prefecture_id: 40,
        insurance_institution_code: s.insuranceInstitutionCode,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    storeIds.set(s.storeCode, id);
  }
  return { corporationId, storeIds };
}
