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
  const saved = await db
    .selectFrom('stores')
    .select('insurance_institution_code')
    .where('corporation_id', '=', corporationId)
    .where('store_code', '=', storeCode)
    .where('contract_status', '=', 'active')
    .executeTakeFirst();
  const code = saved?.insurance_institution_code;
  if (!code) return;
  // Two statements rather than a join of stores to stores: Citus joins rows of different
  // corporations on another column than corporation_id only by repartitioning, which it refuses.
  const others = await db
    .selectFrom('stores')
    .select(['corporation_id', 'id'])
    .where('insurance_institution_code', '=', code)
    .where('contract_status', '=', 'active')
    .where('corporation_id', '!=', corporationId)
    .orderBy('id')
    .execute();
  if (others.length === 0) return;
  log.warn(
    {
      insuranceInstitutionCode: code,
      corporationId,
      storeCode,
      otherHolders: others.map((o) => ({ corporationId: o.corporation_id, storeId: o.id })),
    },
    'insurance institution code held by active stores of several corporations',
  );
}
