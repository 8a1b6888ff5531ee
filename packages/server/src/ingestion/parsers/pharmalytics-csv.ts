/**
 * Reader of our own dispensing CSV (docs/data-format.md, 第1版): one line per fee, medicine or
 * material, the prescription's common columns repeated on every line, grouped by
 * (dispensing_date, reception_id, prescription_no).
 */
import {
  CSV_COLUMNS,
  CSV_FORMAT_VERSION,
  FEE_CATEGORIES,
  INSURANCE_TYPES,
  csvHeaderPosition,
  csvPrescriptionKey,
  isBlankRecord,
  repeatsHeader,
} from '@pharmalytics/domain';
import { type CsvRecord, readCsvRecords } from '@pharmalytics/domain/file-reading';
import {
  feePointsError,
  itemPointsError,
  prescriptionRangeError,
  quantityError,
} from './column-ranges.ts';
import { CONTROL_CHARACTER_REASON, hasControlCharacter } from './control-characters.ts';
import { parseIsoDate, parseIsoMonth } from './dates.ts';
import { type Decimal, parseDecimal, toNumber, yenOfPoints } from './decimal.ts';
import type {
  FeeCategory,
  ParsedFee,
  ParsedItem,
  ParsedPrescription,
  ParseResult,
  RejectedLine,
} from './types.ts';

type Column = (typeof CSV_COLUMNS)[number];

/** Columns the header row must contain (`category` and `quantity` are required per line type). */
export const CSV_REQUIRED_COLUMNS: readonly Column[] = [
  'pharmacy_code',
  'dispensing_date',
  'reception_id',
  'prescription_no',
  'patient_id',
  'insurance_type',
  'reception_type',
  'institution_code',
  'institution_name',
  'line_type',
  'code',
  'name',
  'points',
  'count',
];

/** Prescription columns: every line of one prescription must carry the same values. */
const PRESCRIPTION_COLUMNS: readonly Column[] = [
  'pharmacy_code',
  'reception_time',
  'patient_id',
  'patient_gender',
  'patient_birth_month',
  'patient_zip',
  'patient_address',
  'insurance_type',
  'reception_type',
  'visit_type',
  'medicine_notebook',
  'institution_code',
  'institution_name',
  'doctor_name',
  'department',
  'pharmacist_code',
  'pharmacist_name',
];

const LINE_TYPES = ['FEE', 'MEDICINE', 'MATERIAL'] as const;
type LineType = (typeof LINE_TYPES)[number];

export const SAME_PRESCRIPTION_REASON = '同じ処方箋に誤りのある行があります';

const MAX_TEXT = 200;

/** Everything one valid line says, with the normalised prescription columns for comparison. */
interface ValidLine {
  lineNo: number;
  raw: string;
  key: string;
  /** Normalised value of every prescription column, compared across the lines of a group. */
  shared: Record<string, string>;
  prescription: Omit<ParsedPrescription, 'lineNo' | 'fees' | 'medicines' | 'materials'>;
  detail:
    | { type: 'FEE'; fee: ParsedFee }
    | { type: 'MEDICINE'; item: ParsedItem }
    | { type: 'MATERIAL'; item: ParsedItem };
}

interface BadLine {
  lineNo: number;
  raw: string;
  key: string;
  reasons: string[];
}

/** Reads the columns of one record and collects what is wrong with them. */
class LineReader {
  readonly reasons: string[] = [];

  constructor(
    private readonly fields: readonly string[],
    private readonly index: ReadonlyMap<Column, number>,
  ) {}

  get(c: Column): string {
    const i = this.index.get(c);
    return i === undefined ? '' : (this.fields[i] ?? '').trim();
  }

  has(c: Column): boolean {
    return this.index.has(c);
  }

  bad(reason: string): null {
    this.reasons.push(reason);
    return null;
  }

  required(c: Column): string | null {
    const v = this.get(c);
    return v === '' ? this.bad(`${c} が空です`) : v;
  }

  text(c: Column, v: string): string | null {
    return v.length > MAX_TEXT ? this.bad(`${c} が長すぎます（${MAX_TEXT}文字まで）`) : v;
  }

  optionalText(c: Column): string | null {
    const v = this.get(c);
    return v === '' ? null : this.text(c, v);
  }
}

/** The `days` of a medicine line (調剤日数 of 内服): 1 to 999 days, or empty. */
function medicineDays(line: LineReader): number | null {
  const raw = line.get('days');
  if (raw === '') return null;
  if (/^\d{1,3}$/.test(raw) && Number(raw) >= 1) return Number(raw);
  return line.bad(`days は1～999の整数（日数）で指定してください（${raw}）`);
}

function groupKey(line: LineReader, lineNo: number): string {
  const key = csvPrescriptionKey(
    line.get('dispensing_date'),
    line.get('reception_id'),
    line.get('prescription_no'),
  );
  return key ?? `#line:${lineNo}`;
}

/** What the prescription columns of a line say: the same on every line of a prescription. */
interface PrescriptionPart {
  reasons: readonly string[];
  shared: Record<string, string>;
  prescription: ValidLine['prescription'] | null;
}

/** The prescription columns and the key columns, which together decide a PrescriptionPart. */
const PRESCRIPTION_PART_COLUMNS: readonly Column[] = [
  ...PRESCRIPTION_COLUMNS,
  'dispensing_date',
  'reception_id',
  'prescription_no',
];

function parsePrescriptionPart(line: LineReader): PrescriptionPart {
  const { reasons } = line;
  const pharmacyCode = line.required('pharmacy_code');
  if (pharmacyCode !== null && !/^\d{10}$/.test(pharmacyCode)) {
    line.bad(`pharmacy_code は数字10桁で指定してください（${pharmacyCode}）`);
  }
  const rawDate = line.required('dispensing_date');
  const dispensingDate = rawDate === null ? null : parseIsoDate(rawDate);
  if (rawDate !== null && dispensingDate === null) {
    line.bad(`dispensing_date の日付が正しくありません（${rawDate}）`);
  }
  let receptionTime: string | null = null;
  const rawTime = line.get('reception_time');
  if (rawTime !== '') {
    const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(rawTime);
    if (m && Number(m[1]) <= 23 && Number(m[2]) <= 59) {
      receptionTime = `${m[1]!.padStart(2, '0')}:${m[2]}`;
    } else {
      line.bad(`reception_time の時刻が正しくありません（${rawTime}）`);
    }
  }
  const receptionId = line.required('reception_id');
  if (receptionId !== null && !/^[0-9A-Za-z_-]{1,64}$/.test(receptionId)) {
    line.bad(`reception_id は英数字（64文字まで）で指定してください（${receptionId}）`);
  }
  const rawNo = line.required('prescription_no');
  let prescriptionNo: number | null = null;
  if (rawNo !== null) {
    if (/^\d{1,4}$/.test(rawNo) && Number(rawNo) >= 1) prescriptionNo = Number(rawNo);
    else line.bad(`prescription_no は1以上の整数で指定してください（${rawNo}）`);
  }
  const patientId = line.required('patient_id');
  if (patientId !== null && patientId.length > 256)
    line.bad('patient_id が長すぎます（256文字まで）');

  let gender: 1 | 2 | null = null;
  const rawGender = line.get('patient_gender');
  if (rawGender === '1' || rawGender === '2') gender = rawGender === '1' ? 1 : 2;
  else if (rawGender !== '') {
    line.bad(`patient_gender は 1（男）または 2（女）で指定してください（${rawGender}）`);
  }
  let birthMonth: string | null = null;
  const rawBirth = line.get('patient_birth_month');
  if (rawBirth !== '') {
    birthMonth = parseIsoMonth(rawBirth);
    if (birthMonth === null)
      line.bad(`patient_birth_month の年月が正しくありません（${rawBirth}）`);
    else if (dispensingDate !== null && birthMonth > dispensingDate.slice(0, 7)) {
      line.bad(`patient_birth_month が調剤日より後です（${rawBirth}）`);
      birthMonth = null;
    }
  }
  let zip: string | null = null;
  const rawZip = line.get('patient_zip');
  if (rawZip !== '') {
    const digits = rawZip.normalize('NFKC').replace(/[〒\s\-‐－ー−]/g, '');
    if (/^\d{7}$/.test(digits)) zip = digits;
    else line.bad(`patient_zip は数字7桁で指定してください（${rawZip}）`);
  }
  const address = line.optionalText('patient_address');

  const rawInsurance = line.required('insurance_type');
  const insuranceType = INSURANCE_TYPES.find((t) => t === rawInsurance) ?? null;
  if (rawInsurance !== null && insuranceType === null) {
    line.bad(
      `insurance_type が正しくありません（${rawInsurance}）。${INSURANCE_TYPES.join('、')} のいずれかです`,
    );
  }
  const rawReception = line.required('reception_type');
  const receptionType = rawReception === '外来' || rawReception === '在宅' ? rawReception : null;
  if (rawReception !== null && receptionType === null) {
    line.bad(`reception_type は 外来 または 在宅 で指定してください（${rawReception}）`);
  }
  const rawVisit = line.get('visit_type');
  const visitType = rawVisit === '新規' || rawVisit === '再来' ? rawVisit : null;
  if (rawVisit !== '' && visitType === null) {
    line.bad(`visit_type は 新規 または 再来 で指定してください（${rawVisit}）`);
  }
  const rawNotebook = line.get('medicine_notebook');
  const medicineNotebook = rawNotebook === '1' ? true : rawNotebook === '0' ? false : null;
  if (rawNotebook !== '' && medicineNotebook === null) {
    line.bad(`medicine_notebook は 1（あり）または 0（なし）で指定してください（${rawNotebook}）`);
  }
  const institutionCode = line.required('institution_code');
  if (institutionCode !== null && !/^\d{10}$/.test(institutionCode)) {
    line.bad(`institution_code は数字10桁で指定してください（${institutionCode}）`);
  }
  const rawInstitutionName = line.required('institution_name');
  const institutionName =
    rawInstitutionName === null ? null : line.text('institution_name', rawInstitutionName);
  const doctorName = line.optionalText('doctor_name');
  const department = line.optionalText('department');
  const pharmacistCode = line.optionalText('pharmacist_code');
  const pharmacistName = line.optionalText('pharmacist_name');

  const shared: Record<string, string> = {
    pharmacy_code: pharmacyCode ?? '',
    reception_time: receptionTime ?? '',
    patient_id: patientId ?? '',
    patient_gender: gender === null ? '' : String(gender),
    patient_birth_month: birthMonth ?? '',
    patient_zip: zip ?? '',
    patient_address: address ?? '',
    insurance_type: insuranceType ?? '',
    reception_type: receptionType ?? '',
    visit_type: visitType ?? '',
    medicine_notebook: rawNotebook,
    institution_code: institutionCode ?? '',
    institution_name: institutionName ?? '',
    doctor_name: doctorName ?? '',
    department: department ?? '',
    pharmacist_code: pharmacistCode ?? '',
    pharmacist_name: pharmacistName ?? '',
  };
  if (reasons.length > 0) return { reasons: [...reasons], shared, prescription: null };
  // Every required value is present and valid here.
  const pharmacist =
    pharmacistCode === null && pharmacistName === null
      ? null
      : { code: pharmacistCode, name: pharmacistName };
  return {
    reasons: [],
    shared,
    prescription: {
      pharmacyCode: pharmacyCode!,
      dispensingDate: dispensingDate!,
      receptionTime,
      receptionId: receptionId!,
      prescriptionNo: prescriptionNo!,
      patient: { key: patientId!, gender, birthMonth, zip, address },
      insuranceType: insuranceType!,
      receptionType: receptionType!,
      visitType,
      medicineNotebook,
      institution: { code: institutionCode!, name: institutionName! },
      doctorName,
      department,
      pharmacist,
    },
  };
}

function parseDetail(line: LineReader): ValidLine['detail'] | null {
  const rawLineType = line.required('line_type');
  const lineType = LINE_TYPES.find((t) => t === rawLineType) ?? null;
  if (rawLineType !== null && lineType === null) {
    line.bad(`line_type は FEE、MEDICINE、MATERIAL のいずれかで指定してください（${rawLineType}）`);
  }
  const code = line.required('code');
  if (code !== null && lineType !== null && !validCode(lineType, code)) {
    line.bad(
      lineType === 'FEE'
        ? `code は調剤行為コード（数字9桁）で指定してください（${code}）`
        : lineType === 'MEDICINE'
          ? `code は医薬品コード（YJコード12桁またはレセプト電算コード9桁）で指定してください（${code}）`
          : `code は特定器材コード（数字9桁）で指定してください（${code}）`,
    );
  }
  const rawName = line.required('name');
  const name = rawName === null ? null : line.text('name', rawName);

  let category: FeeCategory | null = null;
  if (lineType === 'FEE') {
    const rawCategory = line.has('category') ? line.get('category') : '';
    if (rawCategory === '') line.bad('category が空です（FEE の行では必須です）');
    else {
      category = FEE_CATEGORIES.find((c) => c === rawCategory) ?? null;
      if (category === null) {
        line.bad(
          `category が正しくありません（${rawCategory}）。${FEE_CATEGORIES.join('、')} のいずれかです`,
        );
      }
    }
  }

  const rawPoints = line.required('points');
  let points: Decimal | null = null;
  if (rawPoints !== null) {
    points = parseDecimal(rawPoints, 2);
    if (points === null) line.bad(`points は小数第2位までの数値で指定してください（${rawPoints}）`);
    else if (points.units < 0n && lineType !== 'FEE') {
      line.bad(`points は0以上で指定してください（${rawPoints}）`);
      points = null;
    } else {
      const range = (lineType === 'FEE' ? feePointsError : itemPointsError)(toNumber(points));
      if (range) {
        line.bad(`${range}の数値で指定してください（${rawPoints}）`);
        points = null;
      }
    }
  }
  const rawCount = line.required('count');
  let count: number | null = null;
  if (rawCount !== null) {
    if (/^\d{1,5}$/.test(rawCount) && Number(rawCount) >= 1) count = Number(rawCount);
    else line.bad(`count は1以上の整数で指定してください（${rawCount}）`);
  }
  let quantity: number | null = null;
  if (lineType === 'MEDICINE' || lineType === 'MATERIAL') {
    const rawQuantity = line.get('quantity');
    if (rawQuantity === '') {
      if (lineType === 'MEDICINE') line.bad('quantity が空です（MEDICINE の行では必須です）');
    } else {
      const q = parseDecimal(rawQuantity, 5);
      const range = q === null ? null : quantityError(toNumber(q));
      if (q === null || q.units <= 0n) {
        line.bad(`quantity は0より大きい数値（小数第5位まで）で指定してください（${rawQuantity}）`);
      } else if (range) line.bad(`${range}の数値で指定してください（${rawQuantity}）`);
      else quantity = toNumber(q);
    }
  }
  const unit = lineType === 'FEE' ? null : line.optionalText('unit');
  let amount: number | null = null;
  const rawAmount = line.get('amount');
  if (lineType !== 'FEE' && rawAmount !== '') {
    if (/^\d{1,12}$/.test(rawAmount)) amount = Number(rawAmount);
    else line.bad(`amount は0以上の整数（円）で指定してください（${rawAmount}）`);
  }
  const days = lineType === 'MEDICINE' ? medicineDays(line) : null;
  if (line.reasons.length > 0) return null;

  // Every required value is present and valid here.
  if (lineType === 'FEE') {
    const fee = {
      code: code!,
      name: name!,
      category: category!,
      points: toNumber(points!),
      count: count!,
    };
    return { type: 'FEE', fee };
  }
  const item: ParsedItem = {
    code: code!,
    name: name!,
    points: toNumber(points!),
    count: count!,
    quantity,
    unit,
    amountYen: amount ?? yenOfPoints(points!, count!),
    ...(days === null ? {} : { days }),
  };
  return lineType === 'MEDICINE' ? { type: 'MEDICINE', item } : { type: 'MATERIAL', item };
}

/**
 * Parses the lines of one file. The prescription columns repeat on every line of a prescription,
 * so their reading is kept by their raw values and done once per prescription.
 */
function lineParser(index: ReadonlyMap<Column, number>, headerWidth: number) {
  const positions = PRESCRIPTION_PART_COLUMNS.flatMap((c) => {
    const i = index.get(c);
    return i === undefined ? [] : [i];
  });
  // The last reading of each group's prescription columns, with the raw values it was made of.
  const parts = new Map<string, { fields: readonly string[]; part: PrescriptionPart }>();
  const sameValues = (a: readonly string[], b: readonly string[]) =>
    positions.every((i) => a[i] === b[i]);
  return (record: CsvRecord): ValidLine | BadLine => {
    const line = new LineReader(record.fields, index);
    const key = groupKey(line, record.lineNo);
    if (hasControlCharacter(record.raw)) {
      return { lineNo: record.lineNo, raw: record.raw, key, reasons: [CONTROL_CHARACTER_REASON] };
    }
    if (record.fields.length !== headerWidth) {
      const reason = `列の数が見出し行と異なります（見出し行 ${headerWidth}列、この行 ${record.fields.length}列）`;
      return { lineNo: record.lineNo, raw: record.raw, key, reasons: [reason] };
    }
    let known = parts.get(key);
    if (!known || !sameValues(known.fields, record.fields)) {
      known = {
        fields: record.fields,
        part: parsePrescriptionPart(new LineReader(record.fields, index)),
      };
      parts.set(key, known);
    }
    const { part } = known;
    line.reasons.push(...part.reasons);
    const detail = parseDetail(line);
    if (!detail || !part.prescription) {
      return { lineNo: record.lineNo, raw: record.raw, key, reasons: line.reasons };
    }
    return {
      lineNo: record.lineNo,
      raw: record.raw,
      key,
      shared: part.shared,
      prescription: part.prescription,
      detail,
    };
  };
}

function validCode(lineType: LineType, code: string): boolean {
  if (lineType === 'MEDICINE') return /^\d{9}$/.test(code) || /^\d{7}[A-Z][0-9A-Z]{4}$/.test(code);
  return /^\d{9}$/.test(code);
}

/** Reads our CSV from decoded text (LF line ends). Never throws. */
export function parsePharmalyticsCsv(text: string): ParseResult {
  const fail = (lineNo: number, message: string): ParseResult => ({
    ok: false,
    format: 'pharmalytics-csv',
    lineNo,
    message,
  });
  const read = readCsvRecords(text);
  if (!read.ok) return fail(read.lineNo, read.message);
  const records = read.records.filter((r) => !isBlankRecord(r.fields));

  const { markAt, headerAt } = csvHeaderPosition(records.map((r) => r.fields));
  const first = records[0];
  if (first && markAt !== null) {
    const version = (first.fields[1] ?? '').trim();
    if (version !== '' && version !== CSV_FORMAT_VERSION) {
      return fail(
        first.lineNo,
        `${first.lineNo}行目: 未対応の版です（${version}）。第${CSV_FORMAT_VERSION}版の形式で出力してください。`,
      );
    }
  }
  const header = headerAt === null ? undefined : records[headerAt];
  if (!header || headerAt === null) {
    const lineNo = first ? first.lineNo + 1 : 1;
    return fail(lineNo, `${lineNo}行目: 見出し行がありません。`);
  }
  const index = new Map<Column, number>();
  const known = new Set<string>(CSV_COLUMNS);
  for (const [i, rawName] of header.fields.entries()) {
    const name = rawName.trim();
    if (!known.has(name)) continue; // unknown columns are ignored
    if (index.has(name as Column)) {
      return fail(header.lineNo, `${header.lineNo}行目（見出し行）: 列 ${name} が重複しています。`);
    }
    index.set(name as Column, i);
  }
  const missing = CSV_REQUIRED_COLUMNS.filter((c) => !index.has(c));
  if (missing.length > 0) {
    return fail(
      header.lineNo,
      `${header.lineNo}行目（見出し行）: 必須の列 ${missing.join('、')} がありません。`,
    );
  }

  const parseLine = lineParser(index, header.fields.length);
  const groups = new Map<string, (ValidLine | BadLine)[]>();
  for (const record of records.slice(headerAt + 1)) {
    // A repeated header row (files joined together) is not a record.
    if (repeatsHeader(record.fields, header.fields)) continue;
    const line = parseLine(record);
    const group = groups.get(line.key);
    if (group) group.push(line);
    else groups.set(line.key, [line]);
  }

  const prescriptions: ParsedPrescription[] = [];
  const rejected: RejectedLine[] = [];
  for (const lines of groups.values()) {
    const reasons = groupReasons(lines);
    if (reasons) {
      for (const line of lines) {
        rejected.push({
          lineNo: line.lineNo,
          reason: reasons.get(line) ?? SAME_PRESCRIPTION_REASON,
          raw: line.raw,
        });
      }
      continue;
    }
    const valid = lines as ValidLine[];
    const head = valid[0]!;
    const prescription: ParsedPrescription = {
      lineNo: head.lineNo,
      ...head.prescription,
      fees: [],
      medicines: [],
      materials: [],
    };
    for (const line of valid) {
      if (line.detail.type === 'FEE') prescription.fees.push(line.detail.fee);
      else if (line.detail.type === 'MEDICINE') prescription.medicines.push(line.detail.item);
      else prescription.materials.push(line.detail.item);
    }
    const tooLarge = prescriptionRangeError(prescription);
    if (tooLarge) {
      for (const line of valid) {
        const reason = line === head ? tooLarge : SAME_PRESCRIPTION_REASON;
        rejected.push({ lineNo: line.lineNo, reason, raw: line.raw });
      }
      continue;
    }
    prescriptions.push(prescription);
  }
  prescriptions.sort((a, b) => a.lineNo - b.lineNo);
  rejected.sort((a, b) => a.lineNo - b.lineNo);
  return { ok: true, format: 'pharmalytics-csv', prescriptions, rejected };
}

/**
 * Null when every line of the group is valid and agrees on the prescription columns; otherwise
 * the specific reason of each line at fault (the others get SAME_PRESCRIPTION_REASON).
 */
function groupReasons(lines: readonly (ValidLine | BadLine)[]): Map<object, string> | null {
  const reasons = new Map<object, string>();
  for (const line of lines) {
    if ('reasons' in line) reasons.set(line, line.reasons.join('；'));
  }
  if (reasons.size > 0) return reasons;
  const valid = lines as readonly ValidLine[];
  const head = valid[0]!;
  for (const line of valid.slice(1)) {
    const differing = PRESCRIPTION_COLUMNS.filter((c) => line.shared[c] !== head.shared[c]);
    if (differing.length > 0) {
      reasons.set(
        line,
        differing
          .map(
            (c) =>
              `${c} が同じ処方箋の${head.lineNo}行目と異なります（${head.shared[c] || '空'}／${line.shared[c] || '空'}）`,
          )
          .join('；'),
      );
    }
  }
  return reasons.size > 0 ? reasons : null;
}
