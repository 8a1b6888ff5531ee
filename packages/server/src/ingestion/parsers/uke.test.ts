import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { medicineLookup, parseMedicineMaster } from '../../masters/index.ts';
import type { MedicineMasterRow } from '../../masters/index.ts';
import { CONTROL_CHARACTER_REASON } from './control-characters.ts';
import { parseUpload } from './index.ts';
import type { ParsedPrescription, ParseResult } from './types.ts';
import { SAME_RECEIPT_REASON, insuranceTypeOf, parseUke } from './uke.ts';

const read = (name: string): Buffer => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

function ok(result: ParseResult) {
  if (!result.ok) throw new Error(`expected ok, got: ${result.message}`);
  return result;
}

/** A record: values by 0-based column; `width` writes the full layout, else trailing empties are cut. */
function rec(id: string, values: Record<number, string>, width?: number): string {
  const last = Math.max(0, ...Object.keys(values).map(Number));
  const fields = Array.from({ length: width ?? last + 1 }, (_, i) => values[i] ?? '');
  fields[0] = id;
  return fields.join(',');
}

/** A Shift_JIS receipt file with CRLF line ends and the EOF mark. */
const file = (...lines: string[]): Buffer =>
  Buffer.concat([iconv.encode(`${lines.join('\r\n')}\r\n`, 'cp932'), Buffer.from([0x1a])]);

const YK = rec('YK', {
  1: '1',
  2: '40',
  3: '4',
  4: '1100018',
  5: 'ふくおか薬局天神店',
  6: '202605',
  7: '00',
});
const GO = rec('GO', { 1: '1', 2: '0', 3: '99' });
const RE = (values: Record<number, string> = {}) =>
  rec('RE', {
    1: '1',
    2: '4112',
    3: '202604',
    4: '山田　花子',
    5: '2',
    6: '19580723',
    9: '40',
    10: '1',
    11: '0112345',
    12: '天神内科クリニック',
    14: '山本　一郎',
    ...values,
  });
const HO = (number = '01400016') => rec('HO', { 1: number, 2: '１', 3: '２', 4: '1', 5: '100' });
const SH = (values: Record<number, string> = {}) =>
  rec('SH', { 1: '01', 2: '1', 3: '900', 5: '3', ...values });
const CZ = (values: Record<number, string> = {}) =>
  rec('CZ', {
    1: '1',
    2: '20260410',
    3: '20260410',
    4: '1',
    5: '14',
    6: '1',
    7: '1',
    9: '420000110',
    10: '24',
    13: '42',
    ...values,
  });
const IY = (code = '610406079', amount = '1') => rec('IY', { 1: '1', 2: code, 3: amount });
const KI = (values: Record<number, string> = {}) =>
  rec('KI', { 1: '20260410', 2: '1', 3: '1', 4: '410004110', 5: '45', ...values });

/** One claim of one reception: 調剤基本料 and ガスター散 14日分. */
const claim = (re: Record<number, string> = {}, ho = HO()) => [RE(re), ho, SH(), CZ(), IY(), KI()];

/** Master rows: the real sample of the national master plus two tablets for the fixture. */
const sampleRows = parseMedicineMaster(
  readFileSync(
    new URL('../../../assets/masters/medicine-master/y_ALL_sample.csv', import.meta.url),
  ),
);
const extraRows: MedicineMasterRow[] = [
  {
    code: '622224601',
    yjCode: null,
    name: 'アムロジピン錠５ｍｇ「サワイ」',
    unit: '錠',
    price: 10.1,
    isGeneric: true,
    validFrom: '2024-04-01',
    validTo: null,
  },
  {
    code: '622242801',
    yjCode: null,
    name: 'ロスバスタチン錠２．５ｍｇ「サワイ」',
    unit: '錠',
    price: 14.3,
    isGeneric: true,
    validFrom: '2024-04-01',
    validTo: null,
  },
  {
    code: '620007001',
    yjCode: null,
    name: 'インスリン　アスパルト注ペン',
    unit: 'キット',
    price: 1918,
    isGeneric: false,
    validFrom: '2024-04-01',
    validTo: null,
  },
];
const medicines = medicineLookup([...sampleRows, ...extraRows]);

/** Total points of prescriptions, added in integer 0.1円 steps (1点 = 100 steps). */
const sumPoints = (ps: readonly ParsedPrescription[]): number =>
  ps.reduce(
    (sum, p) =>
      sum +
      p.fees.reduce((s, f) => s + Math.round(f.points * 100) * f.count, 0) +
      [...p.medicines, ...p.materials].reduce((s, m) => s + Math.round(m.amountYen * 10), 0),
    0,
  ) / 100;

describe('RECEIPTY.CYO fixture (西暦, two claims)', () => {
  const result = ok(parseUpload(read('RECEIPTY.CYO')));
  const [first, second, third] = result.prescriptions;

  it('reads one prescription per reception, in file order, with nothing rejected', () => {
    expect(result.format).toBe('uke');
    expect(result.rejected).toEqual([]);
    expect(result.prescriptions.map((p) => [p.lineNo, p.dispensingDate, p.patient.key])).toEqual([
      [5, '2026-04-01', '山田　花子'],
      [6, '2026-04-29', '山田　花子'],
      [17, '2026-04-10', '鈴木　一郎'],
    ]);
  });

  it('reads the first claim’s header fields', () => {
    const hash = createHash('sha256')
      .update('山田　花子\u00001958-07\u00002')
      .digest('hex')
      .slice(0, 12);
    expect(first).toMatchObject({
      pharmacyCode: '4041100018',
      receptionTime: null,
      receptionId: `14010112345-${hash}-01`,
      prescriptionNo: 1,
      patient: { key: '山田　花子', gender: 2, birthMonth: '1958-07', zip: null, address: null },
      insuranceType: '社保',
      receptionType: '外来',
      visitType: null,
      medicineNotebook: null,
      institution: { code: '4010112345', name: '天神内科クリニック' },
      doctorName: '山本　一郎',
      department: null,
      pharmacist: null,
    });
    expect(second!.receptionId).toBe(`14010112345-${hash}-02`);
  });

  it('takes fees from CZ and KI with categories from their place in the record', () => {
    expect(first!.fees.map((f) => [f.code, f.category, f.points, f.count])).toEqual([
      ['420000110', '薬剤調製料', 24, 1], // CZ line 5
      ['440008010', '薬学管理料', 50, 1], // CZ line 5, 調剤管理料
      ['420000410', '薬剤調製料', 10, 1], // CZ line 10
      ['410004110', '調剤基本料', 45, 1], // KI line 12
      ['440008110', '薬学管理料', 45, 1],
      ['440005270', '薬学管理料加算', 20, 1],
      ['450001370', '調剤基本料加算', 32, 1],
      ['450001470', '調剤基本料加算', 30, 1],
      ['450002270', '調剤基本料加算', 10, 1],
    ]);
    expect(first!.fees[0]!.name).toBe('420000110'); // no fee master given: the code stands in
    expect(second!.fees.map((f) => [f.code, f.points])).toEqual([
      ['420000110', 24],
      ['440008010', 50],
      ['410004110', 45],
      ['440008110', 45],
      ['450001370', 32],
      ['450001470', 30],
    ]);
  });

  it('splits a 剤 evenly over its drugs when no master is given', () => {
    expect(first!.medicines).toEqual([
      {
        code: '622224601',
        name: '622224601',
        points: 1,
        count: 28,
        days: 28,
        quantity: 28,
        unit: null,
        amountYen: 280,
      },
      {
        code: '622242801',
        name: '622242801',
        points: 1,
        count: 28,
        days: 28,
        quantity: 28,
        unit: null,
        amountYen: 280,
      },
      {
        code: '620008965',
        name: '620008965',
        points: 19,
        count: 1,
        quantity: 10,
        unit: null,
        amountYen: 190,
      },
    ]);
  });

  it('reads the second claim: 後期高齢, 和暦 birth date, doctor slot 2, a material', () => {
    expect(third).toMatchObject({
      receptionId: expect.stringMatching(/^14010198765-[0-9a-f]{12}-01$/),
      patient: { key: '鈴木　一郎', gender: 1, birthMonth: '1950-07' },
      insuranceType: '後期高齢',
      institution: { code: '4010198765', name: '博多駅前内科クリニック' },
      doctorName: '高橋　健',
    });
    expect(third!.fees.map((f) => [f.code, f.category, f.points])).toEqual([
      ['420000110', '薬剤調製料', 24],
      ['440008010', '薬学管理料', 28],
      ['420000310', '薬剤調製料', 26],
      ['410004110', '調剤基本料', 45],
      ['440008210', '薬学管理料', 59],
      ['440008370', '薬学管理料加算', 10],
      ['450001370', '調剤基本料加算', 32],
      ['450001470', '調剤基本料加算', 30],
      ['450002270', '調剤基本料加算', 10],
    ]);
    expect(third!.medicines).toEqual([
      {
        code: '610406079',
        name: '610406079',
        points: 3,
        count: 14,
        days: 14,
        quantity: 14,
        unit: null,
        amountYen: 420,
      },
      {
        code: '620007001',
        name: '620007001',
        points: 192,
        count: 1,
        quantity: 1,
        unit: null,
        amountYen: 1920,
      },
    ]);
    expect(third!.materials).toEqual([
      {
        code: '700010000',
        name: '700010000',
        points: 24,
        count: 1,
        quantity: 14,
        unit: '本',
        amountYen: 240,
      },
    ]);
  });

  it('adds up to the HO 合計点数 of each claim and the GO total', () => {
    expect(sumPoints([first!, second!])).toBe(623);
    expect(sumPoints([third!])).toBe(522);
    expect(sumPoints(result.prescriptions)).toBe(1145);
  });

  it('splits a 剤 by master prices and names drugs from the master when one is given', () => {
    const withMaster = ok(parseUpload(read('RECEIPTY.CYO'), { medicines }));
    const [a, , c] = withMaster.prescriptions;
    // 10.10円 and 14.30円 a tablet: 2点 a day split 0.83 / 1.17 点, and the 560円 of 28 days
    // split 232 / 328 円 by the same weights.
    expect(a!.medicines).toEqual([
      {
        code: '622224601',
        name: 'アムロジピン錠５ｍｇ「サワイ」',
        points: 0.83,
        count: 28,
        days: 28,
        quantity: 28,
        unit: '錠',
        amountYen: 232,
      },
      {
        code: '622242801',
        name: 'ロスバスタチン錠２．５ｍｇ「サワイ」',
        points: 1.17,
        count: 28,
        days: 28,
        quantity: 28,
        unit: '錠',
        amountYen: 328,
      },
      {
        code: '620008965',
        name: 'アンテベート軟膏０．０５％',
        points: 19,
        count: 1,
        quantity: 10,
        unit: 'g',
        amountYen: 190,
      },
    ]);
    expect(c!.medicines[0]).toEqual({
      code: '610406079',
      name: 'ガスター散２％',
      points: 3,
      count: 14,
      days: 14,
      quantity: 14,
      unit: 'g',
      amountYen: 420,
    });
    expect(sumPoints(withMaster.prescriptions)).toBe(1145);
  });

  it('names fees and takes their category from a fee master when one is given', () => {
    const withFees = ok(
      parseUpload(read('RECEIPTY.CYO'), {
        fees: (code) =>
          code === '410004110'
            ? { name: '調剤基本料１' }
            : code === '450002270'
              ? { name: '医療ＤＸ推進体制整備加算', category: '調剤基本料加算' }
              : code === '440008010'
                ? { name: '調剤管理料', category: '薬学管理料加算' }
                : undefined,
      }),
    );
    const fees = withFees.prescriptions[0]!.fees;
    expect(fees.find((f) => f.code === '410004110')).toMatchObject({
      name: '調剤基本料１',
      category: '調剤基本料',
    });
    expect(fees.find((f) => f.code === '440008010')).toMatchObject({
      name: '調剤管理料',
      category: '薬学管理料加算',
    });
    expect(fees.find((f) => f.code === '450001370')!.name).toBe('450001370');
  });
});

describe('RECEIPTY_H31.CYO fixture (和暦 throughout, 国保連)', () => {
  const result = ok(parseUpload(read('RECEIPTY_H31.CYO')));

  it('converts 平成 and 昭和 dates and reads a space-padded 国保 insurer number', () => {
    expect(result.rejected).toEqual([]);
    expect(result.prescriptions).toHaveLength(1);
    expect(result.prescriptions[0]).toMatchObject({
      lineNo: 5,
      pharmacyCode: '4041100018',
      dispensingDate: '2019-03-05',
      receptionId: expect.stringMatching(/^24010112345-[0-9a-f]{12}-01$/),
      patient: { key: '田中　太郎', gender: 1, birthMonth: '1970-03' },
      insuranceType: '国保',
      doctorName: '山本　一郎',
      fees: [
        { code: '420000110', category: '薬剤調製料', points: 63, count: 1 },
        { code: '410004110', category: '調剤基本料', points: 41, count: 1 },
        { code: '440006710', category: '薬学管理料', points: 41, count: 1 },
      ],
      medicines: [{ code: '610406079', points: 3, count: 14, quantity: 14, amountYen: 420 }],
    });
    expect(sumPoints(result.prescriptions)).toBe(187);
  });
});

describe('RECEIPTY_malformed.CYO fixture', () => {
  const result = ok(parseUpload(read('RECEIPTY_malformed.CYO')));

  it('keeps the good claim and sets aside every line of the two bad ones', () => {
    expect(result.prescriptions.map((p) => [p.lineNo, p.patient.key])).toEqual([[5, '伊藤　美咲']]);
    expect(result.prescriptions[0]).toMatchObject({
      insuranceType: '社保',
      patient: { birthMonth: '2021-05' },
      medicines: [{ code: '610406079', points: 1, count: 5, quantity: 2.5, amountYen: 50 }],
    });
    expect(result.prescriptions[0]!.fees.find((f) => f.code === '440003170')!.category).toBe(
      '薬学管理料加算',
    );
    expect(result.rejected.map((r) => [r.lineNo, r.reason])).toEqual([
      [8, SAME_RECEIPT_REASON],
      [9, SAME_RECEIPT_REASON],
      [10, SAME_RECEIPT_REASON],
      [
        11,
        'CZ（調剤情報）の調剤月日（第4項目）が正しくないか調剤年月（2026-04）の範囲外です（20260431）',
      ],
      [12, SAME_RECEIPT_REASON],
      [13, SAME_RECEIPT_REASON],
      [14, SAME_RECEIPT_REASON],
      [15, SAME_RECEIPT_REASON],
      [16, SAME_RECEIPT_REASON],
      [17, SAME_RECEIPT_REASON],
      [18, 'IY（医薬品）レコードの項目数が正しくありません（12項目、4〜10項目のはずです）'],
      [19, SAME_RECEIPT_REASON],
    ]);
    expect(result.rejected[0]!.raw).toBe(
      'RE,2,4112,202604,小林　誠,1,19800101,,,40,1,0112345,天神内科クリニック,,山本　一郎',
    );
  });
});

describe('receipt file: whole-file errors', () => {
  it('refuses a 医科 file (first record IR)', () => {
    expect(parseUpload(read('RECEIPTC.UKE'))).toEqual({
      ok: false,
      format: 'unknown',
      lineNo: 1,
      message:
        '1行目: 調剤のレセプトファイルではありません（医科・歯科のレセプトファイルは取り込めません）。調剤のレセプトファイル（RECEIPTY.CYO）を送ってください。',
    });
  });

  it('refuses a file whose first record is not YK', () => {
    expect(parseUpload(file(...claim(), GO))).toEqual({
      ok: false,
      format: 'uke',
      lineNo: 1,
      message: '1行目: 先頭のレコードが薬局情報レコード（YK）ではありません（RE）。',
    });
  });

  it('refuses a file without any RE, and one cut off before GO', () => {
    expect(parseUpload(file(YK, GO))).toEqual({
      ok: false,
      format: 'uke',
      lineNo: 2,
      message:
        '2行目: レセプト共通レコード（RE）がありません（調剤レセプトが1件も含まれていません）。',
    });
    expect(parseUpload(file(YK, ...claim()))).toEqual({
      ok: false,
      format: 'uke',
      lineNo: 7,
      message:
        '7行目: ファイルの最後に診療報酬請求書レコード（GO）がありません。ファイルが途中で切れている可能性があります。',
    });
  });

  it('refuses a YK that is not for a pharmacy or has a bad pharmacy code', () => {
    const yk = (values: Record<number, string>) =>
      rec('YK', {
        1: '1',
        2: '40',
        3: '4',
        4: '1100018',
        5: '薬局',
        6: '202605',
        7: '00',
        ...values,
      });
    expect(parseUke(`${yk({ 3: '1' })}\n${GO}\n`)).toMatchObject({
      ok: false,
      lineNo: 1,
      message: '1行目: YK（薬局情報）の点数表（第4項目）が調剤（4）ではありません（1）。',
    });
    expect(parseUke(`${yk({ 4: '110001' })}\n${GO}\n`)).toMatchObject({
      message: '1行目: YK（薬局情報）の薬局コード（第5項目）は数字7桁のはずです（110001）。',
    });
    expect(parseUke(`${yk({ 6: '202613' })}\n${GO}\n`)).toMatchObject({
      message: '1行目: YK（薬局情報）の請求年月（第7項目）が正しくありません（202613）。',
    });
  });

  it('reports records outside any claim without dropping the claims', () => {
    const result = ok(parseUpload(file(YK, 'TK,810000001,テスト', ...claim(), GO, 'RE,9')));
    expect(result.prescriptions).toHaveLength(1);
    expect(result.rejected).toEqual([
      {
        lineNo: 2,
        reason: 'TK（摘要）レコードがレセプト共通レコード（RE）より前にあります',
        raw: 'TK,810000001,テスト',
      },
      {
        lineNo: 10,
        reason: 'RE（レセプト共通）レコードが診療報酬請求書レコード（GO）より後にあります',
        raw: 'RE,9',
      },
    ]);
  });
});

describe('receipt file: claim checks', () => {
  const rejectedOf = (...lines: string[]) => ok(parseUpload(file(YK, ...lines, GO)));

  const cases: [string, string[], number, string][] = [
    [
      'RE with too few fields',
      ['RE,1,4112,202604,山田', HO(), SH(), CZ(), IY(), KI()],
      2,
      'RE（レセプト共通）レコードの項目数が正しくありません（5項目、12〜42項目のはずです）',
    ],
    [
      '医科 レセプト種別',
      claim({ 2: '1112' }),
      2,
      'RE（レセプト共通）のレセプト種別（第3項目）が調剤のものではありません（1112）',
    ],
    [
      'bad 調剤年月',
      claim({ 3: '202699' }),
      2,
      'RE（レセプト共通）の調剤年月（第4項目）が正しくありません（202699）',
    ],
    [
      'bad birth date',
      claim({ 6: '19580230' }),
      2,
      'RE（レセプト共通）の生年月日（第7項目）が正しくありません（19580230）',
    ],
    [
      'bad 和暦 birth date',
      claim({ 6: '9250715' }),
      2,
      'RE（レセプト共通）の生年月日（第7項目）が正しくありません（9250715）',
    ],
    [
      'bad gender',
      claim({ 5: '3' }),
      2,
      'RE（レセプト共通）の男女区分（第6項目）が正しくありません（3）',
    ],
    ['empty name', claim({ 4: '' }), 2, 'RE（レセプト共通）の氏名（第5項目）が空です'],
    [
      'institution code',
      claim({ 11: '12345' }),
      2,
      'RE（レセプト共通）の処方医療機関の都道府県・点数表・医療機関コード（第10項目〜第12項目）が正しくありません（40,1,12345）',
    ],
    [
      'insurer number',
      claim({}, HO('1234567')),
      3,
      'HO（保険者）の保険者番号（第2項目）が正しくありません（1234567）',
    ],
    [
      'CZ date outside the month',
      [RE(), HO(), SH(), CZ({ 3: '20260501' }), IY(), KI()],
      5,
      'CZ（調剤情報）の調剤月日（第4項目）が正しくないか調剤年月（2026-04）の範囲外です（20260501）',
    ],
    [
      'CZ 調剤数量',
      [RE(), HO(), SH(), CZ({ 5: '' }), IY(), KI()],
      5,
      'CZ（調剤情報）の調剤数量（第6項目）が正しくありません（空）',
    ],
    [
      'CZ fee code',
      [RE(), HO(), SH(), CZ({ 9: '42000011' }), IY(), KI()],
      5,
      'CZ（調剤情報）のコード（第10項目）が正しくありません（42000011）',
    ],
    [
      'CZ 加算 points',
      [RE(), HO(), SH(), CZ({ 16: '430000270', 17: 'x' }), IY(), KI()],
      5,
      'CZ（調剤情報）の点数（第18項目）が正しくありません（x）',
    ],
    [
      'CZ with 70+ fields',
      [RE(), HO(), SH(), rec('CZ', { 1: '1', 3: '20260410', 5: '1', 72: '1' }), IY(), KI()],
      5,
      'CZ（調剤情報）レコードの項目数が正しくありません（73項目、6〜71項目のはずです）',
    ],
    [
      'CZ 薬剤料減算',
      [RE(), HO(), SH(), CZ({ 65: '1', 66: '4' }), IY(), KI()],
      5,
      'CZ（調剤情報）の薬剤料減算（第66項目〜第71項目）には対応していません',
    ],
    [
      'CZ before SH',
      [RE(), HO(), CZ(), KI()],
      4,
      'CZ（調剤情報）レコードの前に処方基本レコード（SH）がありません',
    ],
    [
      'IY code',
      [RE(), HO(), SH(), CZ(), IY('61040607'), KI()],
      6,
      'IY（医薬品）の医薬品コード（第3項目）が正しくありません（61040607）',
    ],
    [
      'IY 使用量',
      [RE(), HO(), SH(), CZ(), IY('610406079', '0'), KI()],
      6,
      'IY（医薬品）の使用量（第4項目）が正しくありません（0）',
    ],
    [
      'KI 算定日',
      [RE(), HO(), SH(), CZ(), IY(), KI({ 1: '20260332' })],
      7,
      'KI（基本料・薬学管理料）の算定日（第2項目）が正しくないか調剤年月（2026-04）の範囲外です（20260332）',
    ],
    [
      'KI 回数',
      [RE(), HO(), SH(), CZ(), IY(), KI({ 8: '440008110', 9: '0', 10: '45' })],
      7,
      'KI（基本料・薬学管理料）の回数（第10項目）が正しくありません（0）',
    ],
    [
      'ST record',
      [...claim(), 'ST,1,20260410,20260410,1,2'],
      8,
      'ST（分割技術料）レコードを含むレセプトには対応していません',
    ],
    ['unknown record', [...claim(), 'ZZ,1'], 8, '不明なレコード識別情報です（ZZ）'],
    [
      'fee points beyond their column',
      [RE(), HO(), SH(), CZ(), IY(), KI({ 5: '100000000' })],
      2,
      '410004110: points は -99999999.99 から 99999999.99 まで（100000000点）',
    ],
    ['a second YK', [...claim(), YK], 8, 'YK（薬局情報）レコードはこの位置に置けません'],
    [
      'drug points without drugs',
      [RE(), HO(), SH(), CZ(), KI()],
      4,
      'SH（処方基本）に薬剤料がありますが、医薬品（IY）・特定器材（TO）レコードがありません',
    ],
    [
      'nothing dispensed',
      [RE(), HO()],
      2,
      'このレセプトには調剤情報（CZ）も基本料・薬学管理料（KI）もありません',
    ],
  ];

  it.each(cases)(
    '%s → the claim is set aside with the reason on its line',
    (_, lines, lineNo, reason) => {
      const result = rejectedOf(...lines);
      expect(result.prescriptions).toEqual([]);
      expect(result.rejected.find((r) => r.lineNo === lineNo)).toEqual({
        lineNo,
        reason,
        raw: lines[lineNo - 2],
      });
      expect(result.rejected.map((r) => r.lineNo)).toEqual(lines.map((_, i) => i + 2));
      expect(result.rejected.filter((r) => r.reason !== SAME_RECEIPT_REASON)).toHaveLength(1);
    },
  );

  it('sets aside a claim with a control character, showing it as U+FFFD', () => {
    const result = rejectedOf(RE(), HO(), SH(), CZ(), IY(), 'CO,810000001,粉\u0000砕', KI());
    expect(result.prescriptions).toEqual([]);
    expect(result.rejected[5]).toEqual({
      lineNo: 7,
      reason: CONTROL_CHARACTER_REASON,
      raw: 'CO,810000001,粉\ufffd砕',
    });
    expect(result.rejected.filter((r) => r.reason !== SAME_RECEIPT_REASON)).toHaveLength(1);
    const header = parseUpload(file('YK,1,40,4,1100018,薬\u0001局,202605,00', ...claim(), GO));
    expect(header).toEqual({
      ok: false,
      format: 'uke',
      lineNo: 1,
      message: `1行目: ${CONTROL_CHARACTER_REASON}。`,
    });
  });

  it('does not check the layout of records it does not read (SN, JD, MF, CO)', () => {
    const result = rejectedOf(
      RE(),
      HO(),
      'SN,1,01,,,,,,,,,,,',
      `JD,1,${'1,'.repeat(40)}`,
      'MF,00',
      SH(),
      CZ(),
      IY(),
      'CO,810000001,粉砕,extra,extra',
      KI(),
    );
    expect(result.rejected).toEqual([]);
    expect(result.prescriptions).toHaveLength(1);
  });
});

describe('receipt file: receptions, dates and money', () => {
  const parse = (...lines: string[]) => ok(parseUpload(file(YK, ...lines, GO), { medicines }));

  it('splits one claim by date and 受付回, and joins a record without 受付回 to its date', () => {
    const result = parse(
      RE(),
      HO(),
      SH(),
      CZ({ 3: '20260403', 4: '1' }),
      CZ({ 3: '20260417', 4: '2' }),
      CZ({ 3: '20260417', 4: '3', 1: '' }),
      IY(),
      KI({ 1: '20260403', 2: '' }),
      KI({ 1: '20260417', 2: '2' }),
      KI({ 1: '20260417', 2: '3' }),
    );
    expect(
      result.prescriptions.map((p) => [
        p.dispensingDate,
        p.receptionId.slice(-2),
        p.fees.length,
        p.medicines.length,
      ]),
    ).toEqual([
      ['2026-04-03', '01', 2, 1],
      ['2026-04-17', '02', 2, 1],
      ['2026-04-17', '03', 2, 1],
    ]);
  });

  it('reads day-only and 和暦 day columns against the 調剤年月', () => {
    const result = parse(
      RE(),
      HO(),
      SH(),
      CZ({ 2: '', 3: '8', 4: '' }),
      IY(),
      KI({ 1: '5080408', 2: '' }),
    );
    expect(
      result.prescriptions.map((p) => [p.dispensingDate, p.receptionId.slice(-3), p.fees.length]),
    ).toEqual([['2026-04-08', 'd08', 2]]);
  });

  it('computes 剤 points from master prices (五捨五超入) when SH and CZ carry none', () => {
    const result = parse(RE(), HO(), SH({ 5: '' }), CZ({ 13: '' }), IY('610406079', '1.5'), KI());
    // ガスター散２％ 26.00円/g × 1.5g = 39円 → 4点 a day, 14 days.
    expect(result.prescriptions[0]!.medicines).toEqual([
      {
        code: '610406079',
        name: 'ガスター散２％',
        points: 4,
        count: 14,
        days: 14,
        quantity: 21,
        unit: 'g',
        amountYen: 560,
      },
    ]);
    const noMaster = ok(
      parseUpload(file(YK, RE(), HO(), SH({ 5: '' }), CZ({ 13: '' }), IY(), KI(), GO)),
    );
    expect(noMaster.rejected.find((r) => r.lineNo === 5)!.reason).toBe(
      'CZ（調剤情報）の薬剤料を求められません（SH の単位薬剤料、CZ の薬剤料のいずれもなく、医薬品マスターの薬価もありません）',
    );
  });

  it('trusts CZ 薬剤料 as one unit when it differs from SH 単位薬剤料 × 調剤数量', () => {
    const result = parse(RE(), HO(), SH({ 5: '3' }), CZ({ 13: '40' }), IY(), KI());
    expect(result.prescriptions[0]!.medicines[0]).toMatchObject({
      points: 40,
      count: 1,
      quantity: 14,
      amountYen: 400,
    });
  });

  it('skips a 薬剤調製料 that is not counted (算定区分 other than 1)', () => {
    const result = parse(RE(), HO(), SH(), CZ({ 7: '2', 10: '0' }), IY(), KI());
    expect(result.prescriptions[0]!.fees.map((f) => f.code)).toEqual(['410004110']);
  });

  it('puts CZ 加算 under 薬剤調製料加算 and KI 減算 codes under 調剤基本料', () => {
    const result = parse(
      RE(),
      HO(),
      SH(),
      CZ({
        16: '430000270',
        17: '70',
        19: '430000670',
        20: '24',
        55: '440008510',
        56: '34',
        63: '440008670',
        64: '50',
      }),
      IY(),
      KI({
        70: '460000180',
        71: '1',
        72: '-22',
        74: '450001370',
        75: '1',
        76: '32',
        56: '440008670',
        57: '2',
        58: '10',
      }),
    );
    expect(
      result.prescriptions[0]!.fees.map((f) => [f.code, f.category, f.points, f.count]),
    ).toEqual([
      ['420000110', '薬剤調製料', 24, 1],
      ['430000270', '薬剤調製料加算', 70, 1],
      ['430000670', '薬剤調製料加算', 24, 1],
      ['440008510', '薬学管理料', 34, 1],
      ['440008670', '薬学管理料加算', 50, 1],
      ['410004110', '調剤基本料', 45, 1],
      ['440008670', '薬学管理料加算', 10, 2], // 摘要薬学管理料 slot
      ['460000180', '調剤基本料', -22, 1],
      ['450001370', '調剤基本料加算', 32, 1],
    ]);
  });

  it('marks every reception of a claim with a 在宅 fee as 在宅', () => {
    const result = parse(
      RE(),
      HO(),
      SH(),
      CZ({ 3: '20260403', 4: '1' }),
      CZ({ 3: '20260417', 4: '2' }),
      IY(),
      KI({ 1: '20260403', 2: '1' }),
      KI({ 1: '20260417', 2: '2', 8: '440005710', 9: '1', 10: '650' }),
    );
    expect(result.prescriptions.map((p) => p.receptionType)).toEqual(['在宅', '在宅']);
    const named = ok(
      parseUpload(file(YK, ...claim(), GO), {
        fees: (code) => (code === '410004110' ? { name: '在宅患者調剤加算のテスト名' } : undefined),
      }),
    );
    expect(named.prescriptions[0]!.receptionType).toBe('在宅');
  });

  it('uses the only doctor of the claim for a reception without CZ, and no doctor when unsure', () => {
    const single = parse(RE(), HO(), KI());
    expect(single.prescriptions[0]).toMatchObject({ doctorName: '山本　一郎', medicines: [] });
    const two = parse(RE({ 15: '高橋　健' }), HO(), KI());
    expect(two.prescriptions[0]!.doctorName).toBeNull();
    const emptySlot = parse(RE(), HO(), SH(), CZ({ 1: '3' }), IY(), KI());
    expect(emptySlot.prescriptions[0]!.doctorName).toBeNull();
  });

  it('uses the institution code when the name is absent', () => {
    const result = parse(RE({ 12: '' }), HO(), KI());
    expect(result.prescriptions[0]!.institution).toEqual({
      code: '4010112345',
      name: '4010112345',
    });
  });

  it('keeps receptionId stable across RE numbering and distinct between the two payers', () => {
    const a = parse(RE({ 1: '1' }), HO(), KI()).prescriptions[0]!.receptionId;
    const b = parse(RE({ 1: '57' }), HO(), KI()).prescriptions[0]!.receptionId;
    const ykKokuho = rec('YK', {
      1: '2',
      2: '40',
      3: '4',
      4: '1100018',
      5: '薬局',
      6: '202605',
      7: '00',
    });
    const c = ok(parseUpload(file(ykKokuho, RE(), HO(), KI(), GO))).prescriptions[0]!.receptionId;
    const other = parse(RE({ 4: '佐藤　次郎' }), HO(), KI()).prescriptions[0]!.receptionId;
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(c.slice(1)).toBe(a.slice(1));
    expect(other).not.toBe(a);
  });
});

describe('insurance type of a claim', () => {
  it.each([
    ['4112', '01400016', 0, '社保'],
    ['4116', '06400011', 0, '社保'],
    ['4122', '31400013', 1, '社保'],
    ['4112', '400101', 0, '国保'],
    ['4112', '133033', 1, '国保'],
    ['4412', '67400015', 0, '国保'],
    ['4318', '39401234', 0, '後期高齢'],
    ['4328', '39401234', 1, '後期高齢'],
    ['4110', '39401234', 0, '後期高齢'],
    ['4212', null, 1, '公費'],
    ['4222', null, 2, '公費'],
    ['4212', null, 0, 'その他'],
  ] as const)('%s with HO %s and %i KO → %s', (kind, insurer, publics, expected) => {
    expect(insuranceTypeOf(kind, insurer, publics)).toBe(expected);
  });

  it('is read from the HO and KO records of a file', () => {
    const kohi = ok(
      parseUpload(
        file(
          YK,
          RE({ 2: '4212' }),
          rec('KO', { 1: '12401018', 2: '1234567', 4: '1', 5: '100' }),
          SH(),
          CZ(),
          IY(),
          KI(),
          GO,
        ),
      ),
    );
    expect(kohi.prescriptions[0]!.insuranceType).toBe('公費');
    const kokuho = ok(parseUpload(file(YK, ...claim({}, HO('  400101')), GO)));
    expect(kokuho.prescriptions[0]!.insuranceType).toBe('国保');
  });
});
