/**
 * Reader of our own dispensing CSV (docs/data-format.md, 第1版): one line per fee, medicine or
 * material, the prescription's common columns repeated on every line, grouped by
 * (dispensing_date, reception_id, prescription_no).
 */
import {
  CSV_COLUMNS,
  CSV_FORMAT_MARK,
  CSV_FORMAT_VERSION,
  FEE_CATEGORIES,
  INSURANCE_TYPES,
} from '@pharmalytics/domain';
import { parse } from 'csv-parse/sync';
import { parseIsoDate, parseIsoMonth } from './dates.ts';
import { type Decimal, parseDecimal, toNumber, yenOfPoints } from './decimal.ts';
import type {
  FeeCategory,
  ParsedFee,
  ParsedItem,
  ParsedPatient,
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

/** True when a first row looks like our header (at least two of our column names). */
export function looksLikePharmalyticsHeader(fields: readonly string[]): boolean {
  const names = new Set<string>(CSV_COLUMNS);
  return fields.filter((f) => names.has(f.trim())).length >= 2;
}

interface CsvRecord {
  lineNo: number;
  fields: string[];
  raw: string;
}

type RecordsResult =
  { ok: true; records: CsvRecord[] } | { ok: false; lineNo: number; message: string };

interface CsvErrorLike {
  code?: unknown;
  records?: unknown;
}

function countNewlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

type Row = { record: string[]; raw: string; info: { lines: number } };

const readOptions = {
  info: true,
  raw: true,
  relax_column_count: true,
  skip_empty_lines: false,
  record_delimiter: '\n',
} as const;

/** Splits the text into CSV records with the physical line each one starts on. */
function readRecords(text: string): RecordsResult {
  let rows: Row[];
  try {
    rows = parse(text, readOptions) as unknown as Row[];
  } catch (error) {
    const e = (error ?? {}) as CsvErrorLike;
    // The failing record starts on the line after the last record read before it.
    const done = typeof e.records === 'number' ? e.records : 0;
    let lineNo = 1;
    if (done > 0) {
      try {
        const before = parse(text, { ...readOptions, to: done }) as unknown as Row[];
        lineNo = (before.at(-1)?.info.lines ?? 0) + 1;
      } catch {
        // keep line 1
      }
    }
    const message =
      e.code === 'CSV_QUOTE_NOT_CLOSED'
        ? `${lineNo}行目: ダブルクォートで始まる値が閉じられていません。`
        : e.code === 'INVALID_OPENING_QUOTE' || e.code === 'CSV_INVALID_CLOSING_QUOTE'
          ? `${lineNo}行目: ダブルクォートの使い方が正しくありません（値を " で囲み、値の中の " は "" と書いてください）。`
          : `${lineNo}行目: CSV として読み取れません。`;
    return { ok: false, lineNo, message };
  }
  const records = rows.map(({ record, raw, info }) => {
    const body = raw.endsWith('\n') ? raw.slice(0, -1) : raw;
    return { lineNo: info.lines - countNewlines(body), fields: record, raw: body };
  });
  return { ok: true, records };
}

const isBlank = (fields: readonly string[]): boolean => fields.every((f) => f.trim() === '');

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

function groupKey(get: (c: Column) => string, lineNo: number): string {
  const date = get('dispensing_date');
  const reception = get('reception_id');
  const rawNo = get('prescription_no');
  if (!date || !reception || !rawNo) return `#line:${lineNo}`;
  const no = /^\d+$/.test(rawNo) ? String(Number(rawNo)) : rawNo;
  return JSON.stringify([date, reception, no]);
}

function parseLine(
  record: CsvRecord,
  index: ReadonlyMap<Column, number>,
  headerWidth: number,
): ValidLine | BadLine {
  const get = (c: Column): string => {
    const i = index.get(c);
    return i === undefined ? '' : (record.fields[i] ?? '').trim();
  };
  const has = (c: Column): boolean => index.has(c);
  const key = groupKey(get, record.lineNo);
  const reasons: string[] = [];
  const bad = (reason: string): null => {
    reasons.push(reason);
    return null;
  };

  if (record.fields.length !== headerWidth) {
    reasons.push(
      `列の数が見出し行と異なります（見出し行 ${headerWidth}列、この行 ${record.fields.length}列）`,
    );
    return { lineNo: record.lineNo, raw: record.raw, key, reasons };
  }

  const required = (c: Column): string | null => {
    const v = get(c);
    return v === '' ? bad(`${c} が空です`) : v;
  };
  const text = (c: Column, v: string): string | null =>
    v.length > MAX_TEXT ? bad(`${c} が長すぎます（${MAX_TEXT}文字まで）`) : v;
  const optionalText = (c: Column): string | null => {
    const v = get(c);
    return v === '' ? null : text(c, v);
  };

  // Prescription columns.
  const pharmacyCode = required('pharmacy_code');
  if (pharmacyCode !== null && !/^\d{10}$/.test(pharmacyCode)) {
    bad(`pharmacy_code は数字10桁で指定してください（${pharmacyCode}）`);
  }
  const rawDate = required('dispensing_date');
  const dispensingDate = rawDate === null ? null : parseIsoDate(rawDate);
  if (rawDate !== null && dispensingDate === null) {
    bad(`dispensing_date の日付が正しくありません（${rawDate}）`);
  }
  let receptionTime: string | null = null;
  const rawTime = get('reception_time');
  if (rawTime !== '') {
    const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(rawTime);
    if (m && Number(m[1]) <= 23 && Number(m[2]) <= 59) {
      receptionTime = `${m[1]!.padStart(2, '0')}:${m[2]}`;
    } else {
      bad(`reception_time の時刻が正しくありません（${rawTime}）`);
    }
  }
  const receptionId = required('reception_id');
  if (receptionId !== null && !/^[0-9A-Za-z_-]{1,64}$/.test(receptionId)) {
    bad(`reception_id は英数字（64文字まで）で指定してください（${receptionId}）`);
  }
  const rawNo = required('prescription_no');
  let prescriptionNo: number | null = null;
  if (rawNo !== null) {
    if (/^\d{1,4}$/.test(rawNo) && Number(rawNo) >= 1) prescriptionNo = Number(rawNo);
    else bad(`prescription_no は1以上の整数で指定してください（${rawNo}）`);
  }
  const patientId = required('patient_id');
  if (patientId !== null && patientId.length > 256) bad('patient_id が長すぎます（256文字まで）');

  let gender: 1 | 2 | null = null;
  const rawGender = get('patient_gender');
  if (rawGender === '1' || rawGender === '2') gender = rawGender === '1' ? 1 : 2;
  else if (rawGender !== '') {
    bad(`patient_gender は 1（男）または 2（女）で指定してください（${rawGender}）`);
  }
  let birthMonth: string | null = null;
  const rawBirth = get('patient_birth_month');
  if (rawBirth !== '') {
    birthMonth = parseIsoMonth(rawBirth);
    if (birthMonth === null) bad(`patient_birth_month の年月が正しくありません（${rawBirth}）`);
    else if (dispensingDate !== null && birthMonth > dispensingDate.slice(0, 7)) {
      bad(`patient_birth_month が調剤日より後です（${rawBirth}）`);
      birthMonth = null;
    }
  }
  let zip: string | null = null;
  const rawZip = get('patient_zip');
  if (rawZip !== '') {
    const digits = rawZip.normalize('NFKC').replace(/[〒\s\-‐－ー−]/g, '');
    if (/^\d{7}$/.test(digits)) zip = digits;
    else bad(`patient_zip は数字7桁で指定してください（${rawZip}）`);
  }
  const address = optionalText('patient_address');

  const rawInsurance = required('insurance_type');
  const insuranceType = INSURANCE_TYPES.find((t) => t === rawInsurance) ?? null;
  if (rawInsurance !== null && insuranceType === null) {
    bad(
      `insurance_type が正しくありません（${rawInsurance}）。${INSURANCE_TYPES.join('、')} のいずれかです`,
    );
  }
  const rawReception = required('reception_type');
  const receptionType = rawReception === '外来' || rawReception === '在宅' ? rawReception : null;
  if (rawReception !== null && receptionType === null) {
    bad(`reception_type は 外来 または 在宅 で指定してください（${rawReception}）`);
  }
  const rawVisit = get('visit_type');
  const visitType = rawVisit === '新規' || rawVisit === '再来' ? rawVisit : null;
  if (rawVisit !== '' && visitType === null) {
    bad(`visit_type は 新規 または 再来 で指定してください（${rawVisit}）`);
  }
  const rawNotebook = get('medicine_notebook');
  const medicineNotebook = rawNotebook === '1' ? true : rawNotebook === '0' ? false : null;
  if (rawNotebook !== '' && medicineNotebook === null) {
    bad(`medicine_notebook は 1（あり）または 0（なし）で指定してください（${rawNotebook}）`);
  }
  const institutionCode = required('institution_code');
  if (institutionCode !== null && !/^\d{10}$/.test(institutionCode)) {
    bad(`institution_code は数字10桁で指定してください（${institutionCode}）`);
  }
  const rawInstitutionName = required('institution_name');
  const institutionName =
    rawInstitutionName === null ? null : text('institution_name', rawInstitutionName);
  const doctorName = optionalText('doctor_name');
  const department = optionalText('department');
  const pharmacistCode = optionalText('pharmacist_code');
  const pharmacistName = optionalText('pharmacist_name');

  // Detail columns.
  const rawLineType = required('line_type');
  const lineType = LINE_TYPES.find((t) => t === rawLineType) ?? null;
  if (rawLineType !== null && lineType === null) {
    bad(`line_type は FEE、MEDICINE、MATERIAL のいずれかで指定してください（${rawLineType}）`);
  }
  const code = required('code');
  if (code !== null && lineType !== null && !validCode(lineType, code)) {
    bad(
      lineType === 'FEE'
        ? `code は調剤行為コード（数字9桁）で指定してください（${code}）`
        : lineType === 'MEDICINE'
          ? `code は医薬品コード（YJコード12桁またはレセプト電算コード9桁）で指定してください（${code}）`
          : `code は特定器材コード（数字9桁）で指定してください（${code}）`,
    );
  }
  const rawName = required('name');
  const name = rawName === null ? null : text('name', rawName);

  let category: FeeCategory | null = null;
  if (lineType === 'FEE') {
    const rawCategory = has('category') ? get('category') : '';
    if (rawCategory === '') bad('category が空です（FEE の行では必須です）');
    else {
      category = FEE_CATEGORIES.find((c) => c === rawCategory) ?? null;
      if (category === null) {
        bad(
          `category が正しくありません（${rawCategory}）。${FEE_CATEGORIES.join('、')} のいずれかです`,
        );
      }
    }
  }

  const rawPoints = required('points');
  let points: Decimal | null = null;
  if (rawPoints !== null) {
    points = parseDecimal(rawPoints, 2);
    if (points === null) bad(`points は小数第2位までの数値で指定してください（${rawPoints}）`);
    else if (points.units < 0n && lineType !== 'FEE') {
      bad(`points は0以上で指定してください（${rawPoints}）`);
      points = null;
    }
  }
  const rawCount = required('count');
  let count: number | null = null;
  if (rawCount !== null) {
    if (/^\d{1,5}$/.test(rawCount) && Number(rawCount) >= 1) count = Number(rawCount);
    else bad(`count は1以上の整数で指定してください（${rawCount}）`);
  }
  let quantity: number | null = null;
  if (lineType === 'MEDICINE' || lineType === 'MATERIAL') {
    const rawQuantity = get('quantity');
    if (rawQuantity === '') {
      if (lineType === 'MEDICINE') bad('quantity が空です（MEDICINE の行では必須です）');
    } else {
      const q = parseDecimal(rawQuantity, 5);
      if (q === null || q.units <= 0n) {
        bad(`quantity は0より大きい数値（小数第5位まで）で指定してください（${rawQuantity}）`);
      } else quantity = toNumber(q);
    }
  }
  const unit = lineType === 'FEE' ? null : optionalText('unit');
  let amount: number | null = null;
  const rawAmount = get('amount');
  if (lineType !== 'FEE' && rawAmount !== '') {
    if (/^\d{1,12}$/.test(rawAmount)) amount = Number(rawAmount);
    else bad(`amount は0以上の整数（円）で指定してください（${rawAmount}）`);
  }

  if (reasons.length > 0) return { lineNo: record.lineNo, raw: record.raw, key, reasons };

  // Every required value is present and valid here.
  const patient: ParsedPatient = { key: patientId!, gender, birthMonth, zip, address };
  const pharmacist =
    pharmacistCode === null && pharmacistName === null
      ? null
      : { code: pharmacistCode, name: pharmacistName };
  const shared: Record<string, string> = {
    pharmacy_code: pharmacyCode!,
    reception_time: receptionTime ?? '',
    patient_id: patientId!,
    patient_gender: gender === null ? '' : String(gender),
    patient_birth_month: birthMonth ?? '',
    patient_zip: zip ?? '',
    patient_address: address ?? '',
    insurance_type: insuranceType!,
    reception_type: receptionType!,
    visit_type: visitType ?? '',
    medicine_notebook: rawNotebook,
    institution_code: institutionCode!,
    institution_name: institutionName!,
    doctor_name: doctorName ?? '',
    department: department ?? '',
    pharmacist_code: pharmacistCode ?? '',
    pharmacist_name: pharmacistName ?? '',
  };
  const prescription: ValidLine['prescription'] = {
    pharmacyCode: pharmacyCode!,
    dispensingDate: dispensingDate!,
    receptionTime,
    receptionId: receptionId!,
    prescriptionNo: prescriptionNo!,
    patient,
    insuranceType: insuranceType!,
    receptionType: receptionType!,
    visitType,
    medicineNotebook,
    institution: { code: institutionCode!, name: institutionName! },
    doctorName,
    department,
    pharmacist,
  };
  const base = { lineNo: record.lineNo, raw: record.raw, key, shared, prescription };
  if (lineType === 'FEE') {
    const fee: ParsedFee = {
      code: code!,
      name: name!,
      category: category!,
      points: toNumber(points!),
      count: count!,
    };
    return { ...base, detail: { type: 'FEE', fee } };
  }
  const amountYen = amount ?? yenOfPoints(points!, count!);
  const item: ParsedItem = {
    code: code!,
    name: name!,
    points: toNumber(points!),
    count: count!,
    quantity,
    unit,
    amountYen,
  };
  return lineType === 'MEDICINE'
    ? { ...base, detail: { type: 'MEDICINE', item } }
    : { ...base, detail: { type: 'MATERIAL', item } };
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
  const read = readRecords(text);
  if (!read.ok) return fail(read.lineNo, read.message);
  const records = read.records.filter((r) => !isBlank(r.fields));

  let cursor = 0;
  const first = records[0];
  if (first && (first.fields[0] ?? '').trim() === CSV_FORMAT_MARK) {
    const version = (first.fields[1] ?? '').trim();
    if (version !== '' && version !== CSV_FORMAT_VERSION) {
      return fail(
        first.lineNo,
        `${first.lineNo}行目: 未対応の版です（${version}）。第${CSV_FORMAT_VERSION}版の形式で出力してください。`,
      );
    }
    cursor = 1;
  }
  const header = records[cursor];
  if (!header) {
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
  const headerText = header.fields.map((f) => f.trim()).join(',');

  const groups = new Map<string, (ValidLine | BadLine)[]>();
  for (const record of records.slice(cursor + 1)) {
    // A repeated header row (files joined together) is not a record.
    if (record.fields.map((f) => f.trim()).join(',') === headerText) continue;
    const line = parseLine(record, index, header.fields.length);
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
