/**
 * Reader of the national 調剤 receipt file (RECEIPTY.CYO, 記録条件仕様 調剤用): YK header,
 * one RE block per claim (patient × prescribing institution × 調剤年月), GO trailer.
 *
 * Column numbers below are 0-based indexes after splitting a record on commas (index 0 is the
 * record ID); messages name them the way the specification does, 第n項目 = index + 1.
 *
 * Choices where the specification leaves room:
 * - One ParsedPrescription per reception: the CZ (調剤月日) and KI (算定日) records of one RE are
 *   grouped by (date, 処方箋受付回). An RE already fixes the patient and the institution, so this
 *   is one (patient, date, institution) reception, split further only when the pharmacy billed
 *   two receptions on one day (two 調剤基本料). A record without 受付回 joins the lowest 受付回
 *   of its date.
 * - Fee categories come from where a code sits: KI 調剤基本料 → 調剤基本料; KI 調剤基本料加算
 *   slots → 調剤基本料加算 (a 41…/46… code there, i.e. a 基本料 減算, → 調剤基本料); KI 薬学管理料
 *   and 摘要薬学管理料 slots → 薬学管理料, or 薬学管理料加算 for 加算 codes (8th digit 7);
 *   CZ 調剤料/薬剤調製料 → 薬剤調製料; CZ 加算料 → 薬剤調製料加算; CZ 外来服薬支援料２ and
 *   調剤管理料 → 薬学管理料; CZ 調剤管理料の時間外等加算 → 薬学管理料加算. A fee master passed
 *   as `options.fees` may override the category (調剤行為識別区分).
 * - Not in the file, so left null: reception time, address, postcode, 診療科 (the 調剤 RE has
 *   no 診療科 column), pharmacist, 新規/再来, お薬手帳.
 * - The file does not tell prescription sheets apart inside a reception, so prescriptionNo is
 *   always 1 and UKE prescription counts equal reception counts.
 * - receptionId must stay the same when the same claim arrives again (a corrected file, a late
 *   claim in a later month's file) and must not collide between the 支払基金 and 国保連 files of
 *   one month, so it is built from content, not from the RE number (which is only a position):
 *   審査支払機関 + institution code + a hash of the patient fields + 受付回.
 */
import { createHash } from 'node:crypto';
import { physicalLines, receiptRecordId } from '@pharmalytics/domain';
import { prescriptionRangeError } from './column-ranges.ts';
import { CONTROL_CHARACTER_REASON, hasControlCharacter } from './control-characters.ts';
import { parseUkeDate, parseUkeDayInMonth, parseUkeMonth } from './dates.ts';
import {
  type Decimal,
  allocate,
  decimalFromNumber,
  drugUnitPoints,
  multiply,
  parseDecimal,
  scaledToNumber,
  toNumber,
  unitsAt,
  yenOfPoints,
} from './decimal.ts';
import type {
  FeeCategory,
  InsuranceType,
  ParsedFee,
  ParsedItem,
  ParsedPrescription,
  ParseResult,
  RejectedLine,
} from './types.ts';

export interface MedicineInfo {
  name: string;
  unit: string | null;
  /** 薬価 per unit in yen (at most 2 decimals). */
  price: number;
}

/** Medicine master lookup by レセ電コード, valid on the dispensing date (yyyy-MM-dd). */
export type MedicineLookup = (code: string, dispensingDate: string) => MedicineInfo | undefined;

/**
 * Fee master (調剤行為マスター) lookup. `category` (from the master's 調剤行為識別区分) overrides
 * the category this parser infers from where the code sits in the file.
 */
export type FeeLookup = (
  code: string,
  dispensingDate: string,
) => { name: string; category?: FeeCategory } | undefined;

export interface UkeOptions {
  medicines?: MedicineLookup;
  fees?: FeeLookup;
}

export const SAME_RECEIPT_REASON = '同じレセプトに誤りのある行があります';

/** 審査支払機関 codes of YK (別表1). */
const PAYERS = new Set(['1', '2']);

/**
 * Field counts (including the record ID) allowed per record type. Writers may cut trailing
 * empty fields, so the minimum is the last field this parser needs; the maximum is the layout
 * of the 令和6年 edition (CZ 70 and KI 113 data fields). Records this parser does not read
 * (SN, JD, MF, CO, TK) are not checked, so that their layout can never drop a claim.
 */
const FIELD_COUNTS: Readonly<Record<string, { min: number; max: number }>> = {
  YK: { min: 7, max: 9 },
  RE: { min: 12, max: 42 },
  HO: { min: 6, max: 14 },
  KO: { min: 6, max: 10 },
  SH: { min: 3, max: 10 },
  CZ: { min: 6, max: 71 },
  IY: { min: 4, max: 10 },
  TO: { min: 4, max: 7 },
  KI: { min: 3, max: 114 },
};

const RECORD_NAMES: Readonly<Record<string, string>> = {
  YK: '薬局情報',
  RE: 'レセプト共通',
  HO: '保険者',
  KO: '公費',
  SN: '資格確認',
  JD: '受診日等',
  MF: '窓口負担額',
  SH: '処方基本',
  CZ: '調剤情報',
  IY: '医薬品',
  TO: '特定器材',
  CO: 'コメント',
  TK: '摘要',
  KI: '基本料・薬学管理料',
  ST: '分割技術料',
  GO: '診療報酬請求書',
};

/** Records inside a claim that this parser reads nothing from. */
const IGNORED = new Set(['SN', 'JD', 'MF', 'CO']);

/** 剤形 (別表11) 内服: its CZ 調剤数量 is the days supplied. */
const INTERNAL_FORM = '1';

/** 剤形 (別表11) whose 使用量 is per day or per dose, so quantity = 使用量 × 調剤数量. */
const PER_UNIT_FORMS = new Set(['1', '3', '7']);

/** 特定器材単位コード (別表17). */
const MATERIAL_UNITS: Readonly<Record<string, string>> = {
  '001': '分',
  '002': '回',
  '003': '種',
  '004': '箱',
  '005': '巻',
  '006': '枚',
  '007': '本',
  '008': '組',
  '009': 'セット',
  '010': '個',
  '011': '裂',
  '012': '方向',
  '013': 'トローチ',
  '014': 'アンプル',
  '015': 'カプセル',
  '016': '錠',
  '017': '丸',
  '018': '包',
  '019': '瓶',
  '020': '袋',
  '021': '瓶（袋）',
  '022': '管',
  '023': 'シリンジ',
  '024': '回分',
  '025': 'テスト分',
  '026': 'ガラス筒',
  '027': '桿錠',
  '028': '単位',
  '029': '万単位',
  '030': 'フィート',
  '031': '滴',
  '032': 'mg',
  '033': 'g',
  '034': 'kg',
  '035': 'cc',
  '036': 'mL',
  '037': 'L',
  '038': 'mLV',
  '039': 'バイアル',
  '040': 'cm',
  '041': 'cm2',
  '042': 'm',
  '043': 'μCi',
  '044': 'mCi',
  '045': 'μg',
  '046': '管（瓶）',
  '047': '筒',
  '048': 'GBq',
  '049': 'MBq',
  '050': 'KBq',
  '051': 'キット',
  '052': '国際単位',
  '053': '患者当り',
  '054': '気圧',
  '055': '缶',
  '056': '手術当り',
  '057': '容器',
  '058': 'mL（g）',
  '059': 'ブリスター',
  '060': 'シート',
  '061': 'カセット',
};

/**
 * 在宅 fee codes of the 調剤行為マスター (令和2年 codes: 在宅患者訪問薬剤管理指導料 1–3, 緊急訪問,
 * 緊急時等共同指導, 在宅患者重複投薬・相互作用等防止管理料, 在宅患者調剤加算). With a fee lookup,
 * names starting with 在宅患者 or 在宅薬学総合体制加算 count as well.
 */
const HOME_CARE_CODES = new Set([
  '440005710',
  '440005810',
  '440005910',
  '440001910',
  '440002110',
  '440006510',
  '440006610',
  '450001170',
]);

interface UkeRecord {
  lineNo: number;
  raw: string;
  id: string;
  fields: string[];
}

const item = (index: number): string => `第${index + 1}項目`;
const label = (id: string): string => `${id}（${RECORD_NAMES[id] ?? '不明'}）`;

/** Errors of one claim, keyed by record. */
class ReceiptErrors {
  readonly byRecord = new Map<UkeRecord, string[]>();
  add(record: UkeRecord, reason: string): void {
    const list = this.byRecord.get(record);
    if (list) list.push(reason);
    else this.byRecord.set(record, [reason]);
  }
  get size(): number {
    return this.byRecord.size;
  }
}

interface FeeSlot {
  record: UkeRecord;
  code: string;
  points: Decimal;
  count: number;
  /** Category from where the code sits in the file. */
  category: FeeCategory;
}

interface Dispensing {
  record: UkeRecord;
  date: string;
  round: string;
  doctorSlot: number | null;
  days: number;
  drugPoints: Decimal | null;
  fees: FeeSlot[];
}

interface BlockItem {
  record: UkeRecord;
  kind: 'IY' | 'TO';
  code: string;
  amount: Decimal;
  unitCode: string;
  unitPrice: Decimal | null;
}

interface DrugBlock {
  record: UkeRecord;
  form: string;
  unitPoints: Decimal | null;
  dispensings: Dispensing[];
  items: BlockItem[];
}

interface Basic {
  record: UkeRecord;
  date: string;
  round: string;
  fees: FeeSlot[];
}

interface ReceiptContext {
  pharmacyCode: string;
  payer: string;
  options: UkeOptions;
}

/** Reads a decoded RECEIPTY.CYO (LF line ends). Never throws. */
export function parseUke(text: string, options: UkeOptions = {}): ParseResult {
  const fail = (lineNo: number, message: string): ParseResult => ({
    ok: false,
    format: 'uke',
    lineNo,
    message,
  });
  const records: UkeRecord[] = [];
  physicalLines(text).forEach((raw, i) => {
    if (raw.trim() === '') return;
    const fields = raw.split(',');
    records.push({ lineNo: i + 1, raw, id: receiptRecordId(raw), fields });
  });
  const yk = records[0];
  if (!yk) return fail(1, '1行目: ファイルが空です。');
  if (yk.id !== 'YK') {
    return fail(
      yk.lineNo,
      `${yk.lineNo}行目: 先頭のレコードが薬局情報レコード（YK）ではありません（${yk.id || '空'}）。`,
    );
  }
  if (hasControlCharacter(yk.raw)) {
    return fail(yk.lineNo, `${yk.lineNo}行目: ${CONTROL_CHARACTER_REASON}。`);
  }
  const header = readHeader(yk);
  if (typeof header === 'string') return fail(yk.lineNo, `${yk.lineNo}行目: ${header}。`);

  const rejected: RejectedLine[] = [];
  const blocks: UkeRecord[][] = [];
  let current: UkeRecord[] | null = null;
  let go: UkeRecord | null = null;
  for (const record of records.slice(1)) {
    if (go) {
      rejected.push({
        lineNo: record.lineNo,
        reason: `${label(record.id)}レコードが診療報酬請求書レコード（GO）より後にあります`,
        raw: record.raw,
      });
    } else if (record.id === 'GO') {
      go = record;
    } else if (record.id === 'RE') {
      current = [record];
      blocks.push(current);
    } else if (current) {
      current.push(record);
    } else {
      rejected.push({
        lineNo: record.lineNo,
        reason: `${label(record.id)}レコードがレセプト共通レコード（RE）より前にあります`,
        raw: record.raw,
      });
    }
  }
  if (blocks.length === 0) {
    const at = records[1] ?? yk;
    const lineNo = at === yk ? yk.lineNo + 1 : at.lineNo;
    return fail(
      lineNo,
      `${lineNo}行目: レセプト共通レコード（RE）がありません（調剤レセプトが1件も含まれていません）。`,
    );
  }
  if (!go) {
    const last = records[records.length - 1]!;
    return fail(
      last.lineNo,
      `${last.lineNo}行目: ファイルの最後に診療報酬請求書レコード（GO）がありません。ファイルが途中で切れている可能性があります。`,
    );
  }

  const context: ReceiptContext = { ...header, options };
  const prescriptions: ParsedPrescription[] = [];
  for (const block of blocks) {
    let result = parseReceipt(block, context);
    if (!(result instanceof ReceiptErrors)) {
      const tooLarge = result.map(prescriptionRangeError).find((e) => e !== null);
      if (tooLarge) {
        result = new ReceiptErrors();
        result.add(block[0]!, tooLarge);
      }
    }
    if (result instanceof ReceiptErrors) {
      for (const record of block) {
        const reasons = result.byRecord.get(record);
        rejected.push({
          lineNo: record.lineNo,
          reason: reasons ? reasons.join('；') : SAME_RECEIPT_REASON,
          raw: record.raw,
        });
      }
    } else {
      prescriptions.push(...result);
    }
  }
  prescriptions.sort((a, b) => a.lineNo - b.lineNo);
  rejected.sort((a, b) => a.lineNo - b.lineNo);
  return { ok: true, format: 'uke', prescriptions, rejected };
}

function fieldCountError(record: UkeRecord): string | null {
  const counts = FIELD_COUNTS[record.id];
  if (!counts) return null;
  const n = record.fields.length;
  if (n < counts.min || n > counts.max) {
    return `${label(record.id)}レコードの項目数が正しくありません（${n}項目、${counts.min}〜${counts.max}項目のはずです）`;
  }
  return null;
}

function readHeader(yk: UkeRecord): { pharmacyCode: string; payer: string } | string {
  const countError = fieldCountError(yk);
  if (countError) return countError;
  const f = (i: number): string => (yk.fields[i] ?? '').trim();
  if (!PAYERS.has(f(1)))
    return `YK（薬局情報）の審査支払機関（${item(1)}）が正しくありません（${f(1)}）`;
  const pref = Number(f(2));
  if (!/^\d{2}$/.test(f(2)) || pref < 1 || pref > 47) {
    return `YK（薬局情報）の都道府県（${item(2)}）が正しくありません（${f(2)}）`;
  }
  if (f(3) !== '4') {
    return `YK（薬局情報）の点数表（${item(3)}）が調剤（4）ではありません（${f(3)}）`;
  }
  if (!/^\d{7}$/.test(f(4))) {
    return `YK（薬局情報）の薬局コード（${item(4)}）は数字7桁のはずです（${f(4)}）`;
  }
  if (parseUkeMonth(f(6)) === null) {
    return `YK（薬局情報）の請求年月（${item(6)}）が正しくありません（${f(6)}）`;
  }
  return { pharmacyCode: `${f(2)}${f(3)}${f(4)}`, payer: f(1) };
}

/** The claim's prescriptions, or the errors that reject the whole claim. */
function parseReceipt(
  block: readonly UkeRecord[],
  context: ReceiptContext,
): ParsedPrescription[] | ReceiptErrors {
  const errors = new ReceiptErrors();
  const re = block[0]!;
  const reField = (i: number): string => (re.fields[i] ?? '').trim();

  // A record with a control character is refused before anything is read from it.
  for (const record of block) {
    if (hasControlCharacter(record.raw)) errors.add(record, CONTROL_CHARACTER_REASON);
  }
  if (errors.size > 0) return errors;

  // RE レセプト共通
  const reCount = fieldCountError(re);
  if (reCount) {
    errors.add(re, reCount);
    return errors;
  }
  const receiptNo = reField(1);
  if (!/^\d{1,6}$/.test(receiptNo)) {
    errors.add(
      re,
      `RE（レセプト共通）のレセプト番号（${item(1)}）が正しくありません（${receiptNo}）`,
    );
  }
  const kind = reField(2);
  if (!/^4[1-4][1-5][02468]$/.test(kind)) {
    errors.add(
      re,
      `RE（レセプト共通）のレセプト種別（${item(2)}）が調剤のものではありません（${kind}）`,
    );
  }
  const claimMonth = parseUkeMonth(reField(3));
  if (claimMonth === null) {
    errors.add(re, `RE（レセプト共通）の調剤年月（${item(3)}）が正しくありません（${reField(3)}）`);
  }
  const patientKey = reField(4);
  if (patientKey === '') errors.add(re, `RE（レセプト共通）の氏名（${item(4)}）が空です`);
  const rawGender = reField(5);
  const gender = rawGender === '1' ? 1 : rawGender === '2' ? 2 : null;
  if (rawGender !== '' && gender === null) {
    errors.add(re, `RE（レセプト共通）の男女区分（${item(5)}）が正しくありません（${rawGender}）`);
  }
  let birthMonth: string | null = null;
  const rawBirth = reField(6);
  if (rawBirth !== '') {
    const birth = parseUkeDate(rawBirth);
    if (birth === null || (claimMonth !== null && birth.slice(0, 7) > claimMonth)) {
      errors.add(re, `RE（レセプト共通）の生年月日（${item(6)}）が正しくありません（${rawBirth}）`);
    } else birthMonth = birth.slice(0, 7);
  }
  const institutionCode = `${reField(9)}${reField(10)}${reField(11)}`;
  if (!/^\d{2}$/.test(reField(9)) || !/^\d$/.test(reField(10)) || !/^\d{7}$/.test(reField(11))) {
    errors.add(
      re,
      `RE（レセプト共通）の処方医療機関の都道府県・点数表・医療機関コード（${item(9)}〜${item(11)}）が正しくありません（${reField(9)},${reField(10)},${reField(11)}）`,
    );
  }
  const institutionName = reField(12) || institutionCode;
  const doctors = Array.from({ length: 20 }, (_, n) => reField(14 + n));

  // Records of the claim.
  let insurerNumber: string | null = null;
  let publicCount = 0;
  let drugBlock: DrugBlock | null = null;
  const drugBlocks: DrugBlock[] = [];
  const basics: Basic[] = [];
  for (const record of block.slice(1)) {
    const f = (i: number): string => (record.fields[i] ?? '').trim();
    const countError = fieldCountError(record);
    if (countError) {
      errors.add(record, countError);
      continue;
    }
    const bad = (index: number, name: string, value = f(index)): void =>
      errors.add(
        record,
        `${label(record.id)}の${name}（${item(index)}）が正しくありません（${value}）`,
      );
    switch (record.id) {
      case 'HO': {
        const number = f(1);
        if (insurerNumber !== null) errors.add(record, 'HO（保険者）レコードが2件あります');
        else if (!/^(\d{6}|\d{8})$/.test(number)) bad(1, '保険者番号', number);
        else insurerNumber = number;
        break;
      }
      case 'KO':
        if (!/^\d{8}$/.test(f(1))) bad(1, '負担者番号');
        else if (++publicCount > 4) errors.add(record, 'KO（公費）レコードが5件以上あります');
        break;
      case 'SH': {
        drugBlock = null;
        const form = f(2);
        if (!/^\d$/.test(form)) {
          bad(2, '剤形コード');
          break;
        }
        let unitPoints: Decimal | null = null;
        if (f(5) !== '') {
          unitPoints = parseDecimal(f(5), 2);
          if (unitPoints === null || unitPoints.units < 0n) {
            bad(5, '単位薬剤料');
            break;
          }
        }
        drugBlock = { record, form, unitPoints, dispensings: [], items: [] };
        drugBlocks.push(drugBlock);
        break;
      }
      case 'CZ': {
        if (!drugBlock) {
          errors.add(record, 'CZ（調剤情報）レコードの前に処方基本レコード（SH）がありません');
          break;
        }
        if (claimMonth === null) break;
        const dispensing = readDispensing(record, claimMonth, errors);
        if (dispensing) drugBlock.dispensings.push(dispensing);
        break;
      }
      case 'IY':
      case 'TO': {
        if (!drugBlock) {
          errors.add(record, `${label(record.id)}レコードの前に処方基本レコード（SH）がありません`);
          break;
        }
        const blockItem = readBlockItem(record, errors);
        if (blockItem) drugBlock.items.push(blockItem);
        break;
      }
      case 'KI': {
        drugBlock = null;
        if (claimMonth === null) break;
        const basic = readBasic(record, claimMonth, errors);
        if (basic) basics.push(basic);
        break;
      }
      case 'TK':
        drugBlock = null;
        break;
      case 'ST':
        // 医師の指示による分割調剤: the split technical fees would change the KI/CZ points in
        // ways the available layout descriptions do not pin down, so such claims are set aside.
        errors.add(record, 'ST（分割技術料）レコードを含むレセプトには対応していません');
        break;
      default:
        if (IGNORED.has(record.id)) break;
        errors.add(
          record,
          RECORD_NAMES[record.id]
            ? `${label(record.id)}レコードはこの位置に置けません`
            : `不明なレコード識別情報です（${record.id || '空'}）`,
        );
    }
  }
  if (errors.size > 0 || claimMonth === null) return errors;
  if (drugBlocks.every((b) => b.dispensings.length === 0) && basics.length === 0) {
    errors.add(re, 'このレセプトには調剤情報（CZ）も基本料・薬学管理料（KI）もありません');
    return errors;
  }

  // Receptions: (date, 受付回). A record without 受付回 joins the lowest 受付回 of its date.
  const roundsByDate = new Map<string, string[]>();
  const noteRound = (date: string, round: string): void => {
    if (round === '') return;
    const list = roundsByDate.get(date) ?? [];
    if (!list.includes(round)) list.push(round);
    roundsByDate.set(date, list);
  };
  for (const b of drugBlocks) for (const d of b.dispensings) noteRound(d.date, d.round);
  for (const k of basics) noteRound(k.date, k.round);
  const roundOf = (date: string, round: string): string => {
    if (round !== '') return round;
    const list = roundsByDate.get(date);
    return list ? [...list].sort((a, b) => Number(a) - Number(b))[0]! : '';
  };

  interface Reception {
    date: string;
    round: string;
    lineNo: number;
    doctorSlot: number | null;
    fees: { lineNo: number; order: number; fee: ParsedFee; category: FeeCategory }[];
    medicines: { lineNo: number; item: ParsedItem }[];
    materials: { lineNo: number; item: ParsedItem }[];
  }
  const receptions = new Map<string, Reception>();
  const receptionFor = (date: string, rawRound: string, lineNo: number): Reception => {
    const round = roundOf(date, rawRound);
    const key = `${date}#${round}`;
    let r = receptions.get(key);
    if (!r) {
      r = { date, round, lineNo, doctorSlot: null, fees: [], medicines: [], materials: [] };
      receptions.set(key, r);
    }
    r.lineNo = Math.min(r.lineNo, lineNo);
    return r;
  };
  const addFees = (r: Reception, slots: readonly FeeSlot[], date: string): void => {
    slots.forEach((slot, order) => {
      const master = context.options.fees?.(slot.code, date);
      r.fees.push({
        lineNo: slot.record.lineNo,
        order,
        category: slot.category,
        fee: {
          code: slot.code,
          name: master?.name ?? slot.code,
          category: master?.category ?? slot.category,
          points: toNumber(slot.points),
          count: slot.count,
        },
      });
    });
  };

  for (const b of drugBlocks) {
    for (const d of b.dispensings) {
      const r = receptionFor(d.date, d.round, d.record.lineNo);
      if (r.doctorSlot === null && d.doctorSlot !== null) r.doctorSlot = d.doctorSlot;
      addFees(r, d.fees, d.date);
      const items = blockItems(b, d, context.options, errors);
      if (!items) continue;
      for (const [i, it] of items.entries()) {
        const target = b.items[i]!.kind === 'IY' ? r.medicines : r.materials;
        target.push({ lineNo: b.items[i]!.record.lineNo, item: it });
      }
    }
  }
  for (const k of basics) addFees(receptionFor(k.date, k.round, k.record.lineNo), k.fees, k.date);
  if (errors.size > 0) return errors;

  // Claim-level facts.
  const insuranceType = insuranceTypeOf(kind, insurerNumber, publicCount);
  const homeCare = [...receptions.values()].some((r) => r.fees.some((f) => isHomeCareFee(f.fee)));
  const namedDoctors = doctors.filter((d) => d !== '');
  const patientHash = createHash('sha256')
    .update(`${patientKey}\u0000${birthMonth ?? ''}\u0000${gender ?? ''}`)
    .digest('hex')
    .slice(0, 12);

  return [...receptions.values()].map((r): ParsedPrescription => {
    const slotName = r.doctorSlot === null ? '' : (doctors[r.doctorSlot - 1] ?? '');
    const doctorName =
      slotName || (r.doctorSlot === null && namedDoctors.length === 1 ? namedDoctors[0]! : null);
    const round = r.round === '' ? `d${r.date.slice(8, 10)}` : r.round.padStart(2, '0');
    const byLine = <T extends { lineNo: number }>(list: T[]): T[] =>
      [...list].sort((a, b) => a.lineNo - b.lineNo);
    return {
      lineNo: r.lineNo,
      pharmacyCode: context.pharmacyCode,
      dispensingDate: r.date,
      receptionTime: null,
      receptionId: `${context.payer}${institutionCode}-${patientHash}-${round}`,
      prescriptionNo: 1,
      patient: { key: patientKey, gender, birthMonth, zip: null, address: null },
      insuranceType,
      receptionType: homeCare ? '在宅' : '外来',
      visitType: null,
      medicineNotebook: null,
      institution: { code: institutionCode, name: institutionName },
      doctorName,
      department: null,
      pharmacist: null,
      fees: [...r.fees].sort((a, b) => a.lineNo - b.lineNo || a.order - b.order).map((f) => f.fee),
      medicines: byLine(r.medicines).map((m) => m.item),
      materials: byLine(r.materials).map((m) => m.item),
    };
  });

  function isHomeCareFee(fee: ParsedFee): boolean {
    return (
      HOME_CARE_CODES.has(fee.code) ||
      fee.name.startsWith('在宅患者') ||
      fee.name.startsWith('在宅薬学総合体制加算')
    );
  }
}

/**
 * 社保/国保 from the 保険者番号 (6 digits = 市町村国保・国保組合, 法別 67 = 退職者 under 国保,
 * 8 digits otherwise = 被用者保険), 後期高齢 from the レセプト種別 (2nd digit 3) or 法別 39,
 * 公費 only for a claim with KO and no HO.
 */
export function insuranceTypeOf(
  kind: string,
  insurerNumber: string | null,
  publicCount: number,
): InsuranceType {
  if (kind[1] === '3' || (insurerNumber?.length === 8 && insurerNumber.startsWith('39'))) {
    return '後期高齢';
  }
  if (insurerNumber === null) return publicCount > 0 ? '公費' : 'その他';
  if (insurerNumber.length === 6 || insurerNumber.startsWith('67')) return '国保';
  return '社保';
}

function parseCount(value: string): number | null {
  if (value === '') return 1;
  return /^\d{1,4}$/.test(value) && Number(value) >= 1 ? Number(value) : null;
}

/** A fee slot (code + points, optionally 回数); null when the slot is empty or wrong. */
function readFee(
  record: UkeRecord,
  codeAt: number,
  pointsAt: number,
  countAt: number | null,
  category: FeeCategory,
  errors: ReceiptErrors,
): FeeSlot | null {
  const f = (i: number): string => (record.fields[i] ?? '').trim();
  const code = f(codeAt);
  if (code === '') return null;
  if (!/^\d{9}$/.test(code)) {
    errors.add(
      record,
      `${label(record.id)}のコード（${item(codeAt)}）が正しくありません（${code}）`,
    );
    return null;
  }
  const points = parseDecimal(f(pointsAt), 2);
  if (points === null) {
    errors.add(
      record,
      `${label(record.id)}の点数（${item(pointsAt)}）が正しくありません（${f(pointsAt) || '空'}）`,
    );
    return null;
  }
  const count = countAt === null ? 1 : parseCount(f(countAt));
  if (count === null) {
    errors.add(
      record,
      `${label(record.id)}の回数（${item(countAt!)}）が正しくありません（${f(countAt!)}）`,
    );
    return null;
  }
  return { record, code, points, count, category };
}

/** 薬学管理料 slots hold both fees and their 加算; 加算 codes carry 7 in the 8th digit. */
function managementCategory(code: string): FeeCategory {
  return code[7] === '7' ? '薬学管理料加算' : '薬学管理料';
}

function readDispensing(
  record: UkeRecord,
  claimMonth: string,
  errors: ReceiptErrors,
): Dispensing | null {
  const f = (i: number): string => (record.fields[i] ?? '').trim();
  const before = errors.size;
  const bad = (index: number, name: string): void =>
    errors.add(
      record,
      `CZ（調剤情報）の${name}（${item(index)}）が正しくありません（${f(index) || '空'}）`,
    );

  let doctorSlot: number | null = null;
  if (f(1) !== '') {
    if (/^\d{1,2}$/.test(f(1)) && Number(f(1)) >= 1 && Number(f(1)) <= 20)
      doctorSlot = Number(f(1));
    else bad(1, '医師番号');
  }
  const date = parseUkeDayInMonth(f(3), claimMonth);
  if (date === null) {
    errors.add(
      record,
      `CZ（調剤情報）の調剤月日（${item(3)}）が正しくないか調剤年月（${claimMonth}）の範囲外です（${f(3) || '空'}）`,
    );
  }
  const round = f(4);
  if (round !== '' && !/^\d{1,3}$/.test(round)) bad(4, '処方箋受付回');
  const days = /^\d{1,4}$/.test(f(5)) && Number(f(5)) >= 1 ? Number(f(5)) : null;
  if (days === null) bad(5, '調剤数量');
  let drugPoints: Decimal | null = null;
  if (f(13) !== '') {
    drugPoints = parseDecimal(f(13), 2);
    if (drugPoints === null || drugPoints.units < 0n) bad(13, '薬剤料の点数');
  }
  const reduction = f(66);
  if (reduction !== '' && reduction !== '0') {
    errors.add(
      record,
      `CZ（調剤情報）の薬剤料減算（${item(65)}〜${item(70)}）には対応していません`,
    );
  }

  const fees: (FeeSlot | null)[] = [];
  // 薬剤調製料 (調剤料): counted only when 算定区分 is 1 (or empty).
  if (f(7) === '' || f(7) === '1') fees.push(readFee(record, 9, 10, null, '薬剤調製料', errors));
  for (let k = 0; k < 10; k++) {
    fees.push(readFee(record, 16 + 3 * k, 17 + 3 * k, null, '薬剤調製料加算', errors));
  }
  fees.push(readFee(record, 55, 56, null, '薬学管理料', errors)); // 外来服薬支援料２
  if (f(58) === '' || f(58) === '1') {
    fees.push(readFee(record, 60, 61, null, '薬学管理料', errors)); // 調剤管理料
  }
  fees.push(readFee(record, 63, 64, null, '薬学管理料加算', errors)); // 調剤管理料の時間外等加算

  if (errors.size > before || date === null || days === null) return null;
  return {
    record,
    date,
    round: round === '' ? '' : String(Number(round)),
    doctorSlot,
    days,
    drugPoints,
    fees: fees.filter((x): x is FeeSlot => x !== null),
  };
}

function readBlockItem(record: UkeRecord, errors: ReceiptErrors): BlockItem | null {
  const f = (i: number): string => (record.fields[i] ?? '').trim();
  const before = errors.size;
  const name = record.id === 'IY' ? '医薬品コード' : '特定器材コード';
  const code = f(2);
  if (!/^\d{9}$/.test(code)) {
    errors.add(
      record,
      `${label(record.id)}の${name}（${item(2)}）が正しくありません（${code || '空'}）`,
    );
  }
  const amount = parseDecimal(f(3), 5);
  if (amount === null || amount.units <= 0n) {
    errors.add(
      record,
      `${label(record.id)}の使用量（${item(3)}）が正しくありません（${f(3) || '空'}）`,
    );
  }
  let unitPrice: Decimal | null = null;
  if (record.id === 'TO' && f(5) !== '') {
    unitPrice = parseDecimal(f(5), 2);
    if (unitPrice === null || unitPrice.units < 0n) {
      errors.add(record, `TO（特定器材）の単価（${item(5)}）が正しくありません（${f(5)}）`);
    }
  }
  if (errors.size > before || amount === null) return null;
  return {
    record,
    kind: record.id === 'IY' ? 'IY' : 'TO',
    code,
    amount,
    unitCode: record.id === 'TO' ? f(4) : '',
    unitPrice,
  };
}

function readBasic(record: UkeRecord, claimMonth: string, errors: ReceiptErrors): Basic | null {
  const f = (i: number): string => (record.fields[i] ?? '').trim();
  const before = errors.size;
  const date = parseUkeDayInMonth(f(1), claimMonth);
  if (date === null) {
    errors.add(
      record,
      `KI（基本料・薬学管理料）の算定日（${item(1)}）が正しくないか調剤年月（${claimMonth}）の範囲外です（${f(1) || '空'}）`,
    );
  }
  const round = f(2);
  if (round !== '' && !/^\d{1,3}$/.test(round)) {
    errors.add(
      record,
      `KI（基本料・薬学管理料）の処方箋受付回（${item(2)}）が正しくありません（${round}）`,
    );
  }
  const fees: (FeeSlot | null)[] = [];
  // 調剤基本料 (its 減算 variants included).
  fees.push(readFee(record, 4, 5, null, '調剤基本料', errors));
  // 薬学管理料 ×12 and 摘要薬学管理料 ×3: 負担区分, コード, 回数, 点数.
  for (let k = 0; k < 15; k++) {
    const code = (record.fields[8 + 4 * k] ?? '').trim();
    fees.push(readFee(record, 8 + 4 * k, 10 + 4 * k, 9 + 4 * k, managementCategory(code), errors));
  }
  // 調剤基本料加算 ×10: 負担区分, コード, 回数, 点数. A 減算 of the basic fee (code 41…/46…)
  // stays with 調剤基本料 so that the basic-fee total is net of it.
  for (let k = 0; k < 10; k++) {
    const code = (record.fields[70 + 4 * k] ?? '').trim();
    const category: FeeCategory =
      code.startsWith('41') || code.startsWith('46') ? '調剤基本料' : '調剤基本料加算';
    fees.push(readFee(record, 70 + 4 * k, 72 + 4 * k, 71 + 4 * k, category, errors));
  }
  if (errors.size > before || date === null) return null;
  return {
    record,
    date,
    round: round === '' ? '' : String(Number(round)),
    fees: fees.filter((x): x is FeeSlot => x !== null),
  };
}

/**
 * The medicines and materials of one dispensing (CZ) of a 剤 (SH block).
 *
 * The file carries 薬剤料 per 剤, not per drug: SH 単位薬剤料 (points of one 所定単位: 内服 1日分,
 * 屯服 1回分, others 1調剤) and CZ 薬剤料 (points of this dispensing). The 剤's points are
 * split over its IY/TO lines in proportion to their yen (master 薬価 × 使用量, TO 単価 × 使用量),
 * evenly when a price is unknown: `points` (per count) in 0.01点 and `amountYen` in whole yen,
 * each by largest remainder, so the lines of a 剤 always add up to exactly its 薬剤料 × 10円.
 * (With one line per 剤, the usual case, amountYen = points × count × 10 exactly.) Unit points come from SH; when SH lacks them, CZ 薬剤料 is taken as one
 * unit; when both lack them they are computed from the master prices with the 五捨五超入 rule.
 */
function blockItems(
  block: DrugBlock,
  dispensing: Dispensing,
  options: UkeOptions,
  errors: ReceiptErrors,
): ParsedItem[] | null {
  const prices = block.items.map((it) =>
    it.kind === 'IY' ? options.medicines?.(it.code, dispensing.date) : undefined,
  );
  const lineYen = block.items.map((it, i): Decimal | null => {
    const info = prices[i];
    if (it.kind === 'IY')
      return info ? multiply(decimalFromNumber(info.price, 2), it.amount) : null;
    return it.unitPrice ? multiply(it.unitPrice, it.amount) : null;
  });

  let unit: Decimal | null = null;
  let count = dispensing.days;
  const days: Decimal = { units: BigInt(dispensing.days), scale: 0 };
  if (block.unitPoints) {
    const expected = multiply(block.unitPoints, days);
    if (dispensing.drugPoints && !sameValue(dispensing.drugPoints, expected)) {
      unit = dispensing.drugPoints;
      count = 1;
    } else unit = block.unitPoints;
  } else if (dispensing.drugPoints) {
    unit = dispensing.drugPoints;
    count = 1;
  } else if (block.items.length > 0 && lineYen.every((y) => y !== null)) {
    unit = { units: BigInt(drugUnitPoints(sumDecimals(lineYen as Decimal[]))), scale: 0 };
  }
  if (block.items.length === 0) {
    if (unit && unit.units !== 0n) {
      errors.add(
        block.record,
        'SH（処方基本）に薬剤料がありますが、医薬品（IY）・特定器材（TO）レコードがありません',
      );
    }
    return null;
  }
  if (!unit) {
    errors.add(
      dispensing.record,
      'CZ（調剤情報）の薬剤料を求められません（SH の単位薬剤料、CZ の薬剤料のいずれもなく、医薬品マスターの薬価もありません）',
    );
    return null;
  }

  const scale = Math.max(0, ...lineYen.map((y) => y?.scale ?? 0));
  const weights = lineYen.every((y) => y !== null)
    ? lineYen.map((y) => unitsAt(y!, scale))
    : lineYen.map(() => 1n);
  // Points per count in 0.01点, and whole yen of the dispensing, both split by the same weights.
  const pointShares = allocate(unitsAt(unit, 2), weights);
  const yenShares = allocate(BigInt(yenOfPoints(unit, count)), weights);
  return block.items.map((it, i): ParsedItem => {
    const info = prices[i];
    const quantity =
      it.kind === 'IY' && PER_UNIT_FORMS.has(block.form)
        ? toNumber(multiply(it.amount, days))
        : toNumber(it.amount);
    return {
      code: it.code,
      name: info?.name ?? it.code,
      points: scaledToNumber(pointShares[i]!, 2),
      count,
      quantity,
      unit: it.kind === 'IY' ? (info?.unit ?? null) : (MATERIAL_UNITS[it.unitCode] ?? null),
      amountYen: Number(yenShares[i]!),
      ...(it.kind === 'IY' && block.form === INTERNAL_FORM ? { days: dispensing.days } : {}),
    };
  });
}

function sameValue(a: Decimal, b: Decimal): boolean {
  const scale = Math.max(a.scale, b.scale);
  return unitsAt(a, scale) === unitsAt(b, scale);
}

function sumDecimals(values: readonly Decimal[]): Decimal {
  const scale = Math.max(0, ...values.map((v) => v.scale));
  return { units: values.reduce((s, v) => s + unitsAt(v, scale), 0n), scale };
}
