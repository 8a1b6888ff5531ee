import {
  medicalInstitutionFilterItem,
  type MedicalInstitutionFilterItem,
} from '@pharmalytics/domain';
import type { AnalysisScope } from '../access/analysis-scope.ts';
import type { AuthContext } from '../access/auth-context.ts';
import { browsableStoreIds } from '../access/browsable-stores.ts';
import type { Database } from '../db/connection.ts';

/** The stores of a scope, in store-code order. */
export function scopeStores(
  db: Database,
  scope: AnalysisScope,
): Promise<{ id: number; storeCode: string; name: string }[]> {
  return db
    .selectFrom('stores')
    .select(['id', 'store_code as storeCode', 'name'])
    .where('corporation_id', '=', scope.corporationId)
    .where('id', 'in', [...scope.storeIds])
    .orderBy('store_code')
    .execute();
}

/** The institutions seen in the caller's browsable stores, by name, as the filter's items. */
export async function institutionsOfBrowsableStores(
  db: Database,
  auth: AuthContext,
): Promise<MedicalInstitutionFilterItem[]> {
  const rows = await db
    .selectFrom('medical_institutions as m')
    .select(['m.code', 'm.name'])
    .where('m.corporation_id', '=', auth.corporationId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('prescriptions as p')
          .select(eb.lit(1).as('one'))
          .whereRef('p.corporation_id', '=', 'm.corporation_id')
          .whereRef('p.institution_id', '=', 'm.id')
          .where('p.store_id', 'in', browsableStoreIds(db, auth)),
      ),
    )
    .orderBy('m.name')
    .orderBy('m.code')
    .execute();
  return rows.map((r) => medicalInstitutionFilterItem(r.name, r.code));
}
