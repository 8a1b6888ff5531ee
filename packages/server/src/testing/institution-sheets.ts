import { CSV_COLUMNS, type DispensingCsvColumn } from '@pharmalytics/domain';
import type { Database } from '../db/connection.ts';

/** Days of a period, yyyy-MM-dd, both ends included. */
export function daysOf({ from, to }: { from: string; to: string }): string[] {
  const days: string[] = [];
  const last = Date.parse(`${to}T00:00:00Z`);
  for (let d = Date.parse(`${from}T00:00:00Z`); d <= last; d += 86_400_000) {
    days.push(new Date(d).toISOString().slice(0, 10));
  }
  return days;
}

/** A CSV field: quoted when it holds a comma, a quote or a line break. */
const field = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/**
 * CSV lines (in CSV_COLUMNS order) of one sheet of an institution on each date given: a
 * 調剤基本料 of 45点, each sheet of a patient of its own unless `patient` names one.
 */
export function institutionSheets(
  pharmacyCode: string,
  institution: { code: string; name: string },
  dates: readonly string[],
  patient?: string,
): string[] {
  return dates.map((date, i) => {
    const id = `${institution.code}-${patient ?? ''}-${date}-${i}`;
    const values: Partial<Record<DispensingCsvColumn, string>> = {
      pharmacy_code: pharmacyCode,
      dispensing_date: date,
      reception_time: '10:00',
      reception_id: id,
      prescription_no: '1',
      patient_id: patient ?? `P-${id}`,
      patient_birth_month: '1960-04',
      insurance_type: '社保',
      reception_type: '外来',
      institution_code: institution.code,
      institution_name: institution.name,
      line_type: 'FEE',
      code: '120000110',
      name: '調剤基本料',
      category: '調剤基本料',
      points: '45',
      count: '1',
    };
    return CSV_COLUMNS.map((column) => field(values[column] ?? '')).join(',');
  });
}

/** The 保険医療機関コード of a store, for the lines of its files. */
export async function pharmacyCodeOf(t: { db: Database }, storeCode: string): Promise<string> {
  const store = await t.db
    .selectFrom('stores')
    .select('insurance_institution_code')
    .where('store_code', '=', storeCode)
    .executeTakeFirstOrThrow();
  return store.insurance_institution_code!;
}
