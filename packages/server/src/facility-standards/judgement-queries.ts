import { DEFAULT_STORE_FACTS, type StoreFactsInput } from '@pharmalytics/domain';
import type { AnalysisScope } from '../access/analysis-scope.ts';
import type { Database } from '../db/connection.ts';

/** The facts entered for the stores, the defaults for those without a row. */
export async function storeFactsOf(
  db: Database,
  corporationId: number,
  storeIds: readonly number[],
): Promise<Map<number, { facts: StoreFactsInput; entered: boolean }>> {
  const rows =
    storeIds.length === 0
      ? []
      : await db
          .selectFrom('store_facility_facts')
          .select([
            'store_id',
            'basic_fee_notified',
            'special_relationship',
            'real_estate_lease',
            'low_resource_area',
            'urban_area',
            'same_site_as_institution',
            'online_clinic_on_site',
            'medicine_supply_record',
            'price_negotiation',
            'regional_support_system',
            'designated_on',
          ])
          .where('corporation_id', '=', corporationId)
          .where('store_id', 'in', [...storeIds])
          .execute();
  const entered = new Map(rows.map(({ store_id, ...facts }) => [store_id, facts]));
  return new Map(
    storeIds.map((id) => {
      const facts = entered.get(id);
      return [id, { facts: facts ?? DEFAULT_STORE_FACTS, entered: facts !== undefined }];
    }),
  );
}

/** The stores of a judgement, with their place, in store-code order. */
export function judgedStores(db: Database, scope: AnalysisScope) {
  return db
    .selectFrom('stores as s')
    .innerJoin('prefectures as p', 'p.id', 's.prefecture_id')
    .select(['s.id', 's.store_code', 's.name', 's.city', 's.latitude', 's.longitude'])
    .select('p.name as prefecture')
    .where('s.corporation_id', '=', scope.corporationId)
    .where('s.id', 'in', scope.storeIds.length > 0 ? [...scope.storeIds] : [-1])
    .orderBy('s.store_code')
    .execute();
}
