/**
 * Writes dispensing records as our CSV (docs/data-format.md, 第1版): the version line, the
 * header row (CSV_COLUMNS), one row per fee, medicine and material with the prescription's
 * columns repeated, CRLF line ends, values quoted only when they need it.
 */
import {
  CSV_COLUMNS,
  CSV_FORMAT_MARK,
  CSV_FORMAT_VERSION,
  type DispensingCsvColumn,
  type DispensingRecord,
  type ParsedItem,
} from '@pharmalytics/domain';

const CRLF = '\r\n';

/** A CSV value, quoted when it holds a comma, a quote, a line break or edge spaces. */
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvValue(value: string): string {
  if (NEEDS_QUOTES.test(value)) return `"${value.replaceAll('"', '""')}"`;
  return value;
}

/** A number as the format writes it: no exponent, no trailing zeros. */
function num(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return value.toFixed(5).replace(/0+$/, '').replace(/\.$/, '');
}

type Row = Partial<Record<DispensingCsvColumn, string>>;

function commonColumns(record: DispensingRecord, pharmacyCode: string): Row {
  return {
    pharmacy_code: pharmacyCode,
    dispensing_date: record.dispensingDate,
    reception_time: record.receptionTime ?? '',
    reception_id: record.receptionId,
    prescription_no: String(record.prescriptionNo),
    patient_id: record.patient.key,
    patient_gender: record.patient.gender === null ? '' : String(record.patient.gender),
    patient_birth_month: record.patient.birthMonth ?? '',
    patient_zip: record.patient.zip ?? '',
    patient_address: record.patient.address ?? '',
    insurance_type: record.insuranceType,
    reception_type: record.receptionType,
    visit_type: record.visitType ?? '',
    medicine_notebook: record.medicineNotebook === null ? '' : record.medicineNotebook ? '1' : '0',
    institution_code: record.institution.code,
    institution_name: record.institution.name,
    doctor_name: record.doctorName ?? '',
    department: record.department ?? '',
    pharmacist_code: record.pharmacist?.code ?? '',
    pharmacist_name: record.pharmacist?.name ?? '',
  };
}

function itemColumns(lineType: 'MEDICINE' | 'MATERIAL', item: ParsedItem): Row {
  return {
    line_type: lineType,
    code: item.code,
    name: item.name,
    category: '',
    points: num(item.points),
    count: String(item.count),
    quantity: item.quantity === null ? '' : num(item.quantity),
    unit: item.unit ?? '',
    amount: String(item.amountYen),
    days: item.days ? String(item.days) : '',
  };
}

const DETAIL_COLUMNS = [
  'line_type',
  'code',
  'name',
  'category',
  'points',
  'count',
  'quantity',
  'unit',
  'amount',
  'days',
] as const satisfies readonly DispensingCsvColumn[];

/** Whether the columns are the prescription columns followed by the detail columns. */
const DETAIL_LAST = CSV_COLUMNS.slice(-DETAIL_COLUMNS.length).every(
  (c, i) => c === DETAIL_COLUMNS[i],
);
const PRESCRIPTION_COLUMNS = DETAIL_LAST
  ? CSV_COLUMNS.slice(0, CSV_COLUMNS.length - DETAIL_COLUMNS.length)
  : CSV_COLUMNS;

/** The CSV text (UTF-8 string, CRLF) of the records of one pharmacy. */
export function toDispensingCsv(
  records: readonly DispensingRecord[],
  pharmacyCode: string,
): string {
  const out: string[] = [`${CSV_FORMAT_MARK},${CSV_FORMAT_VERSION}`, CSV_COLUMNS.join(',')];
  for (const record of records) {
    const common = commonColumns(record, pharmacyCode);
    let line: (detail: Row) => string;
    if (DETAIL_LAST) {
      const head = PRESCRIPTION_COLUMNS.map((c) => csvValue(common[c] ?? '')).join(',');
      line = (detail) => {
        let text = head;
        for (const c of DETAIL_COLUMNS) text += `,${csvValue(detail[c] ?? '')}`;
        return text;
      };
    } else {
      line = (detail) => CSV_COLUMNS.map((c) => csvValue(detail[c] ?? common[c] ?? '')).join(',');
    }
    for (const fee of record.fees) {
      out.push(
        line({
          line_type: 'FEE',
          code: fee.code,
          name: fee.name,
          category: fee.category,
          points: num(fee.points),
          count: String(fee.count),
        }),
      );
    }
    for (const item of record.medicines) out.push(line(itemColumns('MEDICINE', item)));
    for (const item of record.materials) out.push(line(itemColumns('MATERIAL', item)));
  }
  return out.join(CRLF) + CRLF;
}
