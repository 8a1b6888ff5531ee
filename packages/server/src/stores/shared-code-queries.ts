import type { FastifyBaseLogger } from 'fastify';
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

/**
 * Logs a saved store whose insurance pharmacy code active stores of other corporations hold too,
 * for a system administrator to settle. Called after every registration or edit with a code, so
 * that the answer takes the same path whether the code is shared or not.
 */
export async function noteSharedCode(
  db: Database,
  log: FastifyBaseLogger,
  corporationId: number,
  storeCode: string,
): Promise<void> {
  const others = await db
    .selectFrom('stores as s')
    .innerJoin('stores as o', 'o.insurance_institution_code', 's.insurance_institution_code')
    .select(['s.insurance_institution_code', 'o.corporation_id', 'o.id'])
    .where('s.corporation_id', '=', corporationId)
    .where('s.store_code', '=', storeCode)
    .where('s.contract_status', '=', 'active')
    .where('o.contract_status', '=', 'active')
    .where('o.corporation_id', '!=', corporationId)
    .orderBy('o.id')
    .execute();
  if (others.length === 0) return;
  log.warn(
    {
      insuranceInstitutionCode: others[0]!.insurance_institution_code,
      corporationId,
      storeCode,
      otherHolders: others.map((o) => ({ corporationId: o.corporation_id, storeId: o.id })),
    },
    'insurance institution code held by active stores of several corporations',
  );
}
