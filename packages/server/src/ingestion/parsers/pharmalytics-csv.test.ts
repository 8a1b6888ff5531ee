import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { parseUpload } from './index.ts';
import { CSV_COLUMNS } from '@pharmalytics/domain';
import { SAME_PRESCRIPTION_REASON, parsePharmalyticsCsv } from './pharmalytics-csv.ts';
import type { ParsedPrescription, ParseResult } from './types.ts';

const fixture = readFileSync(new URL('./fixtures/dispensing_20260401.csv', import.meta.url));

function ok(result: ParseResult) {
  if (!result.ok) throw new Error(`expected ok, got: ${result.message}`);
  return result;
}

const HEADER = CSV_COLUMNS.join(',');

/** One line in the column order of CSV_COLUMNS, with overrides by column name. */
function line(overrides: Partial<Record<(typeof CSV_COLUMNS)[number], string>> = {}): string {
  const base: Record<string, string> = {
    pharmacy_code: '4041100018',
    dispensing_date: '2026-04-01',
    reception_time: '09:12',
    reception_id: 'A0001',
    prescription_no: '1',
    patient_id: 'P000123',
    patient_gender: '2',
    patient_birth_month: '1958-07',
    patient_zip: '8100001',
    patient_address: '福岡県福岡市中央区天神二丁目',
    insurance_type: '社保',
    reception_type: '外来',
    visit_type: '再来',
    medicine_notebook: '1',
    institution_code: '4011012345',
    institution_name: '天神内科クリニック',
    doctor_name: '山本 一郎',
    department: '内科',
    pharmacist_code: 'P01',
    pharmacist_name: '田中 誠',
    line_type: 'FEE',
    code: '410004110',
    name: '調剤基本料１',
    category: '調剤基本料',
    points: '45',
    count: '1',
    quantity: '',
    unit: '',
    amount: '',
    ...overrides,
  };
  return CSV_COLUMNS.map((c) => base[c]).join(',');
}

const csv = (...lines: string[]): string => `${[HEADER, ...lines].join('\n')}\n`;

describe('our CSV: the fixture file (UTF-8 with BOM, CRLF)', () => {
  const result = ok(parseUpload(fixture));

  it('is recognised by content and keeps the four good prescriptions in file order', () => {
    expect(result.format).toBe('pharmalytics-csv');
    expect(result.prescriptions.map((p) => [p.lineNo, p.receptionId, p.prescriptionNo])).toEqual([
      [3, 'A0001', 1],
      [4, 'A0002', 1],
      [13, 'A0003', 1],
      [15, 'A0003', 2],
    ]);
  });

  it('reads every field of a prescription whose lines are not adjacent', () => {
    const a = result.prescriptions[0]!;
    expect(a).toEqual<ParsedPrescription>({
      lineNo: 3,
      pharmacyCode: '4041100018',
      dispensingDate: '2026-04-01',
      receptionTime: '09:12',
      receptionId: 'A0001',
      prescriptionNo: 1,
      patient: {
        key: 'P000123',
        gender: 2,
        birthMonth: '1958-07',
        zip: '8100001',
        address: '福岡県福岡市中央区天神二丁目',
      },
      insuranceType: '社保',
      receptionType: '外来',
      visitType: '再来',
      medicineNotebook: true,
      institution: { code: '4011012345', name: '天神内科クリニック' },
      doctorName: '山本 一郎',
      department: '内科',
      pharmacist: { code: 'P01', name: '田中 誠' },
      fees: [
        { code: '410004110', name: '調剤基本料１', category: '調剤基本料', points: 45, count: 1 },
        {
          code: '450001370',
          name: '地域支援体制加算１',
          category: '調剤基本料加算',
          points: 32,
          count: 1,
        },
        {
          code: '420000110',
          name: '薬剤調製料（内服薬）',
          category: '薬剤調製料',
          points: 24,
          count: 1,
        },
        {
          code: '440008010',
          name: '調剤管理料（内服薬・２８日分）',
          category: '薬学管理料',
          points: 50,
          count: 1,
        },
        {
          code: '440008110',
          name: '服薬管理指導料１',
          category: '薬学管理料',
          points: 45,
          count: 1,
        },
        {
          code: '450001470',
          name: '後発医薬品調剤体制加算３',
          category: '調剤基本料加算',
          points: 30,
          count: 1,
        },
      ],
      medicines: [
        {
          code: '2171022F1029',
          name: 'アムロジピン錠２．５ｍｇ「サワイ」',
          points: 28,
          count: 1,
          quantity: 28,
          unit: '錠',
          amountYen: 280,
        },
      ],
      materials: [],
    });
  });

  it('reads quoted commas, a zip with a hyphen, 新規 and 手帳なし; ignores an unknown column', () => {
    const b = result.prescriptions[1]!;
    expect(b.institution).toEqual({
      code: '4011098765',
      name: '医療法人 博多整形外科, 駅前クリニック',
    });
    expect(b.patient).toEqual({
      key: 'P000456',
      gender: 1,
      birthMonth: '1949-11',
      zip: '8120011',
      address: '福岡県福岡市博多区博多駅前三丁目',
    });
    expect([b.insuranceType, b.visitType, b.medicineNotebook]).toEqual(['国保', '新規', false]);
    expect(b.fees.map((f) => [f.code, f.points])).toEqual([
      ['410004110', 45],
      ['440008210', 59],
    ]);
    // The medicine line carries a two-line quoted memo in an unknown column.
    expect(b.medicines).toEqual([
      {
        code: '1149019F1706',
        name: 'ロキソプロフェンＮａ錠６０ｍｇ',
        points: 21,
        count: 1,
        quantity: 21,
        unit: '錠',
        amountYen: 210,
      },
    ]);
  });

  it('keeps two sheets of one reception apart and takes a given amount as it is', () => {
    const [c1, c2] = [result.prescriptions[2]!, result.prescriptions[3]!];
    expect(c1.insuranceType).toBe('後期高齢');
    expect(c1.fees.map((f) => f.code)).toEqual(['410004110']);
    expect(c2.fees).toEqual([
      {
        code: '420000410',
        name: '薬剤調製料（外用薬）',
        category: '薬剤調製料',
        points: 10,
        count: 1,
      },
    ]);
    expect(c2.medicines).toEqual([
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
  });

  it('counts physical lines across the multi-line record and the blank line', () => {
    // Line 7 holds a value that continues on line 8; line 21 is blank; line 22 is still A0001.
    expect(result.prescriptions[0]!.fees.at(-1)!.code).toBe('450001470');
  });

  it('rejects a prescription whole when one of its lines is bad, naming the column', () => {
    expect(result.rejected).toEqual([
      { lineNo: 17, reason: SAME_PRESCRIPTION_REASON, raw: expect.stringContaining(',A0004,1,') },
      {
        lineNo: 18,
        reason: 'points は小数第2位までの数値で指定してください（abc）',
        raw: expect.stringContaining(',MEDICINE,2171022F1029,'),
      },
      { lineNo: 19, reason: SAME_PRESCRIPTION_REASON, raw: expect.stringContaining(',A0005,1,') },
      {
        lineNo: 20,
        reason: 'patient_gender が同じ処方箋の19行目と異なります（1／2）',
        raw: expect.stringContaining(',A0005,1,P001000,2,'),
      },
    ]);
  });

  it('reads the same file written in Shift_JIS with the same result', () => {
    const sjis = iconv.encode(fixture.toString('utf8').replace(/^\ufeff/, ''), 'cp932');
    expect(parseUpload(sjis)).toEqual(result);
  });
});

describe('our CSV: header row', () => {
  it('accepts the columns in any order and without the version line', () => {
    const columns = [...CSV_COLUMNS].reverse();
    const values = line().split(',').reverse();
    const result = ok(parsePharmalyticsCsv(`${columns.join(',')}\n${values.join(',')}\n`));
    expect(result.prescriptions).toHaveLength(1);
    expect(result.prescriptions[0]).toMatchObject({
      lineNo: 2,
      pharmacyCode: '4041100018',
      fees: [{ code: '410004110', category: '調剤基本料', points: 45, count: 1 }],
    });
  });

  it('needs only the required columns; absent optional columns read as empty', () => {
    const text = [
      'pharmacy_code,dispensing_date,reception_id,prescription_no,patient_id,insurance_type,reception_type,institution_code,institution_name,line_type,code,name,category,points,count,quantity',
      '4041100018,2026-04-01,R1,1,P1,国保,在宅,4011012345,天神内科クリニック,MEDICINE,620008965,アンテベート軟膏０．０５％,,19,1,10',
    ].join('\r\n');
    const result = ok(parsePharmalyticsCsv(text));
    expect(result.prescriptions[0]).toMatchObject({
      receptionTime: null,
      receptionType: '在宅',
      visitType: null,
      medicineNotebook: null,
      doctorName: null,
      department: null,
      pharmacist: null,
      patient: { key: 'P1', gender: null, birthMonth: null, zip: null, address: null },
      medicines: [{ quantity: 10, unit: null, amountYen: 190 }],
    });
  });

  it('refuses a header without a required column, naming every missing one', () => {
    const header = CSV_COLUMNS.filter((c) => c !== 'patient_id' && c !== 'points').join(',');
    expect(parsePharmalyticsCsv(`#pharmalytics-dispensing,1\n${header}\n`)).toEqual({
      ok: false,
      format: 'pharmalytics-csv',
      lineNo: 2,
      message: '2行目（見出し行）: 必須の列 patient_id、points がありません。',
    });
  });

  it('refuses a repeated column, another version and a file with no header', () => {
    expect(parsePharmalyticsCsv(`${HEADER},code\n`)).toMatchObject({
      ok: false,
      lineNo: 1,
      message: '1行目（見出し行）: 列 code が重複しています。',
    });
    expect(parsePharmalyticsCsv(`#pharmalytics-dispensing,2\n${HEADER}\n`)).toMatchObject({
      ok: false,
      lineNo: 1,
      message: '1行目: 未対応の版です（2）。第1版の形式で出力してください。',
    });
    expect(parsePharmalyticsCsv('#pharmalytics-dispensing,1\n\n')).toMatchObject({
      ok: false,
      lineNo: 2,
      message: '2行目: 見出し行がありません。',
    });
  });

  it('answers an empty list for a header without rows, and skips a repeated header row', () => {
    expect(parsePharmalyticsCsv(`${HEADER}\n`)).toEqual({
      ok: true,
      format: 'pharmalytics-csv',
      prescriptions: [],
      rejected: [],
    });
    const result = ok(
      parsePharmalyticsCsv(
        csv(
          line(),
          HEADER,
          line({ code: '440008110', name: '服薬管理指導料１', category: '薬学管理料' }),
        ),
      ),
    );
    expect(result.rejected).toEqual([]);
    expect(result.prescriptions[0]!.fees.map((f) => f.code)).toEqual(['410004110', '440008110']);
  });

  it('refuses broken quoting, naming the line where the record starts', () => {
    expect(parsePharmalyticsCsv(csv(line(), line({ name: '"調剤基本料１' })))).toEqual({
      ok: false,
      format: 'pharmalytics-csv',
      lineNo: 3,
      message: '3行目: ダブルクォートで始まる値が閉じられていません。',
    });
    expect(parsePharmalyticsCsv(csv(line(), line({ name: '"調剤"基本料' })))).toMatchObject({
      ok: false,
      lineNo: 3,
      message: expect.stringMatching(/^3行目: ダブルクォートの使い方が正しくありません/),
    });
  });
});

describe('our CSV: line validation', () => {
  const cases: [string, Parameters<typeof line>[0], string][] = [
    [
      'bad date',
      { dispensing_date: '2026-13-01' },
      'dispensing_date の日付が正しくありません（2026-13-01）',
    ],
    [
      'date with slashes',
      { dispensing_date: '2026/04/01' },
      'dispensing_date の日付が正しくありません（2026/04/01）',
    ],
    [
      'short pharmacy code',
      { pharmacy_code: '404110001' },
      'pharmacy_code は数字10桁で指定してください（404110001）',
    ],
    [
      'institution code with letters',
      { institution_code: '40110A2345' },
      'institution_code は数字10桁で指定してください（40110A2345）',
    ],
    ['bad time', { reception_time: '25:10' }, 'reception_time の時刻が正しくありません（25:10）'],
    [
      'reception id with a space',
      { reception_id: 'A 1' },
      'reception_id は英数字（64文字まで）で指定してください（A 1）',
    ],
    [
      'prescription no 0',
      { prescription_no: '0' },
      'prescription_no は1以上の整数で指定してください（0）',
    ],
    ['empty patient', { patient_id: '' }, 'patient_id が空です'],
    [
      'gender 3',
      { patient_gender: '3' },
      'patient_gender は 1（男）または 2（女）で指定してください（3）',
    ],
    [
      'birth month',
      { patient_birth_month: '1958-13' },
      'patient_birth_month の年月が正しくありません（1958-13）',
    ],
    [
      'birth after dispensing',
      { patient_birth_month: '2026-05' },
      'patient_birth_month が調剤日より後です（2026-05）',
    ],
    ['zip', { patient_zip: '810001' }, 'patient_zip は数字7桁で指定してください（810001）'],
    [
      'insurance type',
      { insurance_type: '協会けんぽ' },
      'insurance_type が正しくありません（協会けんぽ）。社保、国保、後期高齢、公費、労災、自賠責、自費、その他 のいずれかです',
    ],
    [
      'reception type',
      { reception_type: '施設' },
      'reception_type は 外来 または 在宅 で指定してください（施設）',
    ],
    [
      'visit type',
      { visit_type: '初診' },
      'visit_type は 新規 または 再来 で指定してください（初診）',
    ],
    [
      'notebook',
      { medicine_notebook: 'あり' },
      'medicine_notebook は 1（あり）または 0（なし）で指定してください（あり）',
    ],
    [
      'line type',
      { line_type: 'DRUG' },
      'line_type は FEE、MEDICINE、MATERIAL のいずれかで指定してください（DRUG）',
    ],
    [
      'fee code length',
      { code: '41000411' },
      'code は調剤行為コード（数字9桁）で指定してください（41000411）',
    ],
    [
      'medicine code length',
      { line_type: 'MEDICINE', code: '2171022F102', category: '', quantity: '28' },
      'code は医薬品コード（YJコード12桁またはレセプト電算コード9桁）で指定してください（2171022F102）',
    ],
    [
      'material code',
      { line_type: 'MATERIAL', code: '70001000X', category: '' },
      'code は特定器材コード（数字9桁）で指定してください（70001000X）',
    ],
    [
      'unknown category',
      { category: '基本料' },
      'category が正しくありません（基本料）。調剤基本料、調剤基本料加算、薬剤調製料、薬剤調製料加算、薬学管理料、薬学管理料加算 のいずれかです',
    ],
    ['fee without category', { category: '' }, 'category が空です（FEE の行では必須です）'],
    [
      'non-numeric points',
      { points: '四十五' },
      'points は小数第2位までの数値で指定してください（四十五）',
    ],
    [
      'three decimals',
      { points: '1.234' },
      'points は小数第2位までの数値で指定してください（1.234）',
    ],
    [
      'negative medicine points',
      { line_type: 'MEDICINE', code: '620008965', category: '', points: '-1', quantity: '1' },
      'points は0以上で指定してください（-1）',
    ],
    ['count 0', { count: '0' }, 'count は1以上の整数で指定してください（0）'],
    [
      'medicine without quantity',
      { line_type: 'MEDICINE', code: '620008965', category: '' },
      'quantity が空です（MEDICINE の行では必須です）',
    ],
    [
      'quantity 0',
      { line_type: 'MEDICINE', code: '620008965', category: '', quantity: '0' },
      'quantity は0より大きい数値（小数第5位まで）で指定してください（0）',
    ],
    [
      'amount with decimals',
      { line_type: 'MATERIAL', code: '700010000', category: '', amount: '240.5' },
      'amount は0以上の整数（円）で指定してください（240.5）',
    ],
  ];

  it.each(cases)('%s → one rejected line naming the column', (_, overrides, reason) => {
    const result = ok(parsePharmalyticsCsv(csv(line(overrides))));
    expect(result.prescriptions).toEqual([]);
    expect(result.rejected).toEqual([{ lineNo: 2, reason, raw: line(overrides) }]);
  });

  it('joins several reasons of one line', () => {
    const result = ok(
      parsePharmalyticsCsv(csv(line({ dispensing_date: '2026-04-31', points: 'x' }))),
    );
    expect(result.rejected[0]!.reason).toBe(
      'dispensing_date の日付が正しくありません（2026-04-31）；points は小数第2位までの数値で指定してください（x）',
    );
  });

  it('rejects a line whose column count differs from the header, with its prescription', () => {
    const good = line();
    const shifted = `${line({ code: '440008110', name: '服薬管理指導料１', category: '薬学管理料' })},extra`;
    const result = ok(parsePharmalyticsCsv(csv(good, shifted)));
    expect(result.prescriptions).toEqual([]);
    expect(result.rejected).toEqual([
      { lineNo: 2, reason: SAME_PRESCRIPTION_REASON, raw: good },
      {
        lineNo: 3,
        reason: '列の数が見出し行と異なります（見出し行 30列、この行 31列）',
        raw: shifted,
      },
    ]);
  });

  it('keeps good prescriptions next to a bad one and reports the bad one’s other lines', () => {
    const result = ok(
      parsePharmalyticsCsv(
        csv(
          line({ reception_id: 'A1' }),
          line({ reception_id: 'A2' }),
          line({
            reception_id: 'A1',
            line_type: 'MEDICINE',
            code: '620008965',
            category: '',
            points: '19',
            quantity: 'x',
          }),
          line({
            reception_id: 'A2',
            code: '440008110',
            name: '服薬管理指導料１',
            category: '薬学管理料',
          }),
        ),
      ),
    );
    expect(result.prescriptions.map((p) => [p.receptionId, p.fees.length])).toEqual([['A2', 2]]);
    expect(result.rejected.map((r) => [r.lineNo, r.reason])).toEqual([
      [2, SAME_PRESCRIPTION_REASON],
      [4, 'quantity は0より大きい数値（小数第5位まで）で指定してください（x）'],
    ]);
  });

  it('compares every prescription column between the lines of one prescription', () => {
    const result = ok(
      parsePharmalyticsCsv(
        csv(
          line(),
          line({
            patient_id: 'P999',
            institution_name: '別のクリニック',
            code: '440008110',
            name: '服薬管理指導料１',
            category: '薬学管理料',
          }),
          line({
            patient_zip: '810-0001',
            code: '450001370',
            name: '地域支援体制加算１',
            category: '調剤基本料加算',
            points: '32',
          }),
        ),
      ),
    );
    expect(result.prescriptions).toEqual([]);
    expect(result.rejected.map((r) => [r.lineNo, r.reason])).toEqual([
      [2, SAME_PRESCRIPTION_REASON],
      [
        3,
        'patient_id が同じ処方箋の2行目と異なります（P000123／P999）；institution_name が同じ処方箋の2行目と異なります（天神内科クリニック／別のクリニック）',
      ],
      // 810-0001 and 8100001 are the same postal code: this line agrees with line 2.
      [4, SAME_PRESCRIPTION_REASON],
    ]);
  });

  it('groups by date, reception and number, so the same reception id on two days is two prescriptions', () => {
    const result = ok(
      parsePharmalyticsCsv(
        csv(
          line(),
          line({ dispensing_date: '2026-04-02' }),
          line({
            prescription_no: '01',
            code: '440008110',
            name: '服薬管理指導料１',
            category: '薬学管理料',
          }),
        ),
      ),
    );
    expect(
      result.prescriptions.map((p) => [
        p.dispensingDate,
        p.receptionId,
        p.prescriptionNo,
        p.fees.length,
      ]),
    ).toEqual([
      ['2026-04-01', 'A0001', 1, 2],
      ['2026-04-02', 'A0001', 1, 1],
    ]);
  });

  it('computes whole-yen amounts from fractional points and keeps negative fee points', () => {
    const result = ok(
      parsePharmalyticsCsv(
        csv(
          line({
            line_type: 'MEDICINE',
            code: '620008965',
            category: '',
            points: '12.34',
            count: '3',
            quantity: '1.5',
            unit: 'g',
          }),
          line({
            line_type: 'MATERIAL',
            code: '700010000',
            category: '',
            points: '0.1',
            count: '3',
          }),
          line({
            line_type: 'MATERIAL',
            code: '700010002',
            category: '',
            points: '0.05',
            count: '1',
          }),
          line({ code: '460000180', name: '調剤基本料減算', points: '-22.5' }),
          line({
            line_type: 'MATERIAL',
            code: '700010001',
            category: '',
            points: '24',
            amount: '241',
          }),
        ),
      ),
    );
    expect(result.rejected).toEqual([]);
    const p = result.prescriptions[0]!;
    // 12.34点 × 3 × 10 = 370.2円 → 370円; 0.1点 × 3 → exactly 3円 (no 2.9999…); 0.5円 → 1円.
    expect(p.medicines).toEqual([
      {
        code: '620008965',
        name: '調剤基本料１',
        points: 12.34,
        count: 3,
        quantity: 1.5,
        unit: 'g',
        amountYen: 370,
      },
    ]);
    expect(p.materials.map((m) => [m.points, m.amountYen])).toEqual([
      [0.1, 3],
      [0.05, 1],
      [24, 241],
    ]);
    expect(p.fees).toEqual([
      {
        code: '460000180',
        name: '調剤基本料減算',
        category: '調剤基本料',
        points: -22.5,
        count: 1,
      },
    ]);
  });

  it('normalises H:MM and HH:MM:SS reception times', () => {
    const result = ok(
      parsePharmalyticsCsv(
        csv(
          line({ reception_time: '9:05' }),
          line({ reception_id: 'B', reception_time: '18:30:59' }),
        ),
      ),
    );
    expect(result.prescriptions.map((p) => p.receptionTime)).toEqual(['09:05', '18:30']);
  });
});

describe('our CSV: files without any double quote', () => {
  it('read the same prescriptions, refusals and line numbers as the same file with a quoted value', () => {
    const lines = [
      '#pharmalytics-dispensing,1',
      HEADER,
      line(),
      '',
      line({
        line_type: 'MEDICINE',
        code: '2171022F1029',
        name: 'アムロジピン錠',
        points: '10.1',
        quantity: '2',
        unit: '錠',
      }),
      line({ reception_id: 'B', patient_gender: '3' }),
      line({ reception_id: 'C', institution_name: '天神内科クリニック' }),
    ];
    const plain = ok(parsePharmalyticsCsv(`${lines.join('\n')}\n`));
    lines[6] = line({ reception_id: 'C', institution_name: '"天神内科クリニック"' });
    const quoted = ok(parsePharmalyticsCsv(`${lines.join('\n')}\n`));

    expect(plain.prescriptions).toEqual(quoted.prescriptions);
    expect(plain.prescriptions.map((p) => [p.lineNo, p.receptionId])).toEqual([
      [3, 'A0001'],
      [7, 'C'],
    ]);
    expect(plain.rejected).toEqual(quoted.rejected);
    expect(plain.rejected.map((r) => r.lineNo)).toEqual([6]);
  });
});
