import {
  CSV_COLUMNS,
  shiftMonthBy,
  todayInJapan,
  type DispensingCsvColumn,
} from '@pharmalytics/domain';
import type { TestApp } from './test-app.ts';
import { uploadAs } from './upload.ts';

/** A generic and its brand, of classes 3 and 2 in the medicine master this adds them to. */
const GENERIC = '6149001F1010';
const BRAND = '6149001F1029';
const HISTORY_MONTHS = 15;

/**
 * One prescription a month for the fifteen months before this one, with a generic share of 90 %
 * in the latest three months and in the same three a year before (a trend of 1), and 10 % in the
 * three months a year before the coming ones. The generic tier the store holds now is lost in the
 * projection of the next three months: a crossing alert of `generic_tier`, target none.
 */
export async function uploadGenericShareDrop(t: TestApp, storeCode: string): Promise<void> {
  await t.db
    .insertInto('medicine_master')
    .values([
      {
        code: '621490001',
        yj_code: GENERIC,
        name: 'generic',
        unit: '錠',
        price: 10,
        generic_class: 3,
      },
      { code: '621490002', yj_code: BRAND, name: 'brand', unit: '錠', price: 10, generic_class: 2 },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
  const store = await t.db
    .selectFrom('stores')
    .select('insurance_institution_code')
    .where('store_code', '=', storeCode)
    .executeTakeFirstOrThrow();
  const thisMonth = todayInJapan().slice(0, 7);
  const lines = Array.from({ length: HISTORY_MONTHS }, (_, i) => {
    const month = shiftMonthBy(thisMonth, i - HISTORY_MONTHS);
    const low = i >= 3 && i < 6;
    const common: Partial<Record<DispensingCsvColumn, string>> = {
      pharmacy_code: store.insurance_institution_code!,
      dispensing_date: `${month}-10`,
      reception_time: '10:00',
      reception_id: `G${storeCode}-${i}`,
      prescription_no: '1',
      patient_id: `P-G${i}`,
      insurance_type: '社保',
      reception_type: '外来',
      institution_code: '4011000011',
      institution_name: '天神内科クリニック',
    };
    const row = (values: Partial<Record<DispensingCsvColumn, string>>) =>
      CSV_COLUMNS.map((c) => ({ ...common, ...values })[c] ?? '').join(',');
    const medicine = (code: string, quantity: number) =>
      row({
        line_type: 'MEDICINE',
        code,
        name: code,
        points: '10',
        count: '1',
        quantity: String(quantity),
        unit: '錠',
      });
    return [
      row({
        line_type: 'FEE',
        code: '450000000',
        name: '調剤基本料１',
        category: '調剤基本料',
        points: '45',
        count: '1',
      }),
      medicine(GENERIC, low ? 10 : 90),
      medicine(BRAND, low ? 90 : 10),
    ];
  }).flat();
  const reply = await uploadAs(t, storeCode, lines);
  if (reply.body.status !== 'loaded' || reply.body.rowsRefused !== 0) {
    throw new Error(`the history of ${storeCode} was not loaded: ${JSON.stringify(reply.body)}`);
  }
}
