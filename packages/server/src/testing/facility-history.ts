import {
  HISTORY_BRAND,
  HISTORY_GENERIC,
  historyLines,
  type HistoryMonth,
} from '@pharmalytics/datagen';
import { CSV_COLUMNS } from '@pharmalytics/domain';
import type { TestApp } from './test-app.ts';
import { uploadAs } from './upload.ts';

/**
 * Loads a 施設基準 history (`@pharmalytics/datagen` facility-history) for a store through the
 * ingestion path, with the two medicines it uses in the medicine master.
 */
export async function uploadHistory(
  t: TestApp,
  storeCode: string,
  months: readonly HistoryMonth[],
): Promise<void> {
  await t.db
    .insertInto('medicine_master')
    .values(
      [HISTORY_GENERIC, HISTORY_BRAND].map((m) => ({
        code: m.receiptCode,
        yj_code: m.yjCode,
        name: m.name,
        unit: m.unit,
        price: m.price,
        generic_class: m.genericClass,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  const store = await t.db
    .selectFrom('stores')
    .select('insurance_institution_code')
    .where('store_code', '=', storeCode)
    .executeTakeFirstOrThrow();
  const lines = historyLines(store.insurance_institution_code!, months).map((line) =>
    CSV_COLUMNS.map((c) => line[c] ?? '').join(','),
  );
  const reply = await uploadAs(t, storeCode, lines);
  if (reply.body.status !== 'loaded' || reply.body.rowsRefused !== 0) {
    throw new Error(`the history of ${storeCode} was not loaded: ${JSON.stringify(reply.body)}`);
  }
}
