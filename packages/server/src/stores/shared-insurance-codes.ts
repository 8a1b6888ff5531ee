import type { Database } from '../db/connection.ts';

/**
 * Insurance pharmacy codes that active stores of several corporations hold, for a system
 * administrator to settle (the view shared_insurance_codes). Registration accepts such a code as a
 * fresh one, so that it tells no customer about another; it is logged and listed here instead.
 */
export async function sharedInsuranceCodes(db: Database) {
  return db
    .selectFrom('shared_insurance_codes')
    .selectAll()
    .orderBy('insurance_institution_code')
    .orderBy('created_at')
    .orderBy('store_id')
    .execute();
}

/** The other corporations' active stores holding the code, for the log of a registration. */
export async function otherHolders(
  db: Database,
  corporationId: number,
  code: string | null,
): Promise<{ corporationId: number; storeId: number }[]> {
  if (!code) return [];
  return db
    .selectFrom('stores')
    .select(['corporation_id as corporationId', 'id as storeId'])
    .where('contract_status', '=', 'active')
    .where('insurance_institution_code', '=', code)
    .where('corporation_id', '!=', corporationId)
    .orderBy('id')
    .execute();
}
