import {
  DEFAULT_ALERT_SETTINGS,
  type AlertSettings,
  type StoreFactsInput,
} from '@pharmalytics/domain';
import type { AuthContext } from '../access/auth-context.ts';
import { browsableStoreIds } from '../access/browsable-stores.ts';
import type { Database } from '../db/connection.ts';

/** The alert distances of a corporation, the defaults until an administrator sets them. */
export async function alertSettingsOf(db: Database, corporationId: number): Promise<AlertSettings> {
  const row = await db
    .selectFrom('facility_alert_settings')
    .select(['receptions_margin', 'rate_margin'])
    .where('corporation_id', '=', corporationId)
    .executeTakeFirst();
  return row
    ? { receptionsMargin: row.receptions_margin, rateMargin: Number(row.rate_margin) }
    : { ...DEFAULT_ALERT_SETTINGS };
}

/** Saves the caller's corporation's alert distances. */
export async function saveAlertSettings(
  db: Database,
  auth: AuthContext,
  settings: AlertSettings,
): Promise<void> {
  const row = {
    receptions_margin: settings.receptionsMargin,
    rate_margin: settings.rateMargin,
    updated_at: new Date(),
  };
  await db
    .insertInto('facility_alert_settings')
    .values({ corporation_id: auth.corporationId, ...row })
    .onConflict((oc) => oc.column('corporation_id').doUpdateSet(row))
    .execute();
}

/** The caller's browsable active stores with their prefecture and city, by store code. */
export function browsableStoresWithPlace(db: Database, auth: AuthContext) {
  return db
    .selectFrom('stores as s')
    .innerJoin('prefectures as p', 'p.id', 's.prefecture_id')
    .select(['s.id', 's.store_code', 's.name', 's.city', 'p.name as prefecture'])
    .where('s.corporation_id', '=', auth.corporationId)
    .where('s.id', 'in', browsableStoreIds(db, auth))
    .orderBy('s.store_code')
    .execute();
}

/** Saves what an administrator states about a store (one the caller may browse). */
export async function saveStoreFacts(
  db: Database,
  auth: AuthContext,
  storeId: number,
  facts: StoreFactsInput,
): Promise<void> {
  const row = { ...facts, updated_at: new Date() };
  await db
    .insertInto('store_facility_facts')
    .values({ corporation_id: auth.corporationId, store_id: storeId, ...row })
    .onConflict((oc) => oc.columns(['corporation_id', 'store_id']).doUpdateSet(row))
    .execute();
}
