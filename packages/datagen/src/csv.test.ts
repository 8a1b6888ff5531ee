import { CSV_COLUMNS, type DispensingRecord } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { csvValue, toDispensingCsv } from './csv.ts';

const record: DispensingRecord = {
  pharmacyCode: '4041100018',
  dispensingDate: '2026-06-01',
  receptionTime: '09:12',
  receptionId: '202606010001',
  prescriptionNo: 1,
  patient: {
    key: 'abcDEF_-0123456789abcdefghijklmn',
    gender: 2,
    birthMonth: '1958-07',
    zip: null,
    address: '福岡県福岡市中央区天神二丁目',
  },
  insuranceType: '社保',
  receptionType: '外来',
  visitType: '再来',
  medicineNotebook: true,
  institution: { code: '4011012345', name: '医療法人 博多整形外科, 駅前クリニック' },
  doctorName: '山本 一郎',
  department: '内科',
  pharmacist: { code: '100101', name: '田中 誠' },
  fees: [{ code: '410004110', name: '調剤基本料１', category: '調剤基本料', points: 47, count: 1 }],
  medicines: [
    {
      code: '2171022F2157',
      name: 'アムロジピン錠5mg「サワイ」',
      points: 1,
      count: 28,
      quantity: 28,
      unit: '錠',
      amountYen: 280,
      days: 28,
    },
  ],
  materials: [
    {
      code: '730010010',
      name: '万年筆型注入器用注射針（標準型）',
      points: 42,
      count: 1,
      quantity: 28,
      unit: '本',
      amountYen: 420,
    },
  ],
};

describe('toDispensingCsv', () => {
  it('writes the version line, the header and one line per detail, CRLF', () => {
    const csv = toDispensingCsv([record], '4041100018');
    expect(csv.endsWith('\r\n')).toBe(true);
    const lines = csv.split('\r\n').slice(0, -1);
    expect(lines[0]).toBe('#pharmalytics-dispensing,1');
    expect(lines[1]).toBe(CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(5);
    expect(lines[2]).toBe(
      '4041100018,2026-06-01,09:12,202606010001,1,abcDEF_-0123456789abcdefghijklmn,2,1958-07,,' +
        '福岡県福岡市中央区天神二丁目,社保,外来,再来,1,4011012345,"医療法人 博多整形外科, 駅前クリニック",' +
        '山本 一郎,内科,100101,田中 誠,FEE,410004110,調剤基本料１,調剤基本料,47,1,,,,',
    );
    expect(
      lines[3]!.endsWith(',MEDICINE,2171022F2157,アムロジピン錠5mg「サワイ」,,1,28,28,錠,280,28'),
    ).toBe(true);
    expect(
      lines[4]!.endsWith(',MATERIAL,730010010,万年筆型注入器用注射針（標準型）,,42,1,28,本,420,'),
    ).toBe(true);
  });

  it('quotes only what needs quoting', () => {
    expect(csvValue('天神')).toBe('天神');
    expect(csvValue('a,b')).toBe('"a,b"');
    expect(csvValue('say "hi"')).toBe('"say ""hi"""');
    expect(csvValue('two\nlines')).toBe('"two\nlines"');
    expect(csvValue(' padded')).toBe('" padded"');
  });

  it('writes decimals without exponent or trailing zeros', () => {
    const powder = {
      ...record,
      fees: [],
      materials: [],
      medicines: [{ ...record.medicines[0]!, quantity: 4.4, unit: 'g' }],
    };
    const line = toDispensingCsv([powder], '4041100018').split('\r\n')[2]!;
    expect(line.endsWith(',1,28,4.4,g,280,28')).toBe(true);
  });
});
