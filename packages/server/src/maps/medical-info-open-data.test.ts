import { readFileSync } from 'node:fs';
import { FACILITY_IMPORT_MESSAGES as M } from '@pharmalytics/domain';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { OpenDataFileError, readMedicalInfoOpenData } from './medical-info-open-data.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const CLINICS = fixture('medical-info-clinics.csv');
const PHARMACIES = fixture('medical-info-pharmacies.csv');

const figures = {
  prescriptionPatients: null,
  outpatients: null,
  homecarePatients: null,
  capacity: null,
  totalUsers: null,
  beds: null,
};

/** The clinics file (UTF-8 with a BOM, as published) read by hand. */
const CLINIC_ROWS = [
  {
    sourceId: '4010000000011',
    type: 'clinic',
    name: '医療法人天神会 天神中央病院',
    address: '福岡県福岡市中央区天神一丁目1-1',
    latitude: 33.591012,
    longitude: 130.398534,
    ...figures,
    beds: 350, // 合計病床数
  },
  {
    sourceId: '4020000000012',
    type: 'clinic',
    name: '天神内科クリニック',
    address: '福岡県福岡市中央区天神二丁目8-30',
    latitude: 33.59142,
    longitude: 130.40087,
    ...figures,
    beds: 0,
  },
  {
    sourceId: '4030000000013',
    type: 'clinic',
    name: '大名歯科医院',
    address: '福岡県福岡市中央区大名一丁目2-3',
    latitude: 33.58831,
    longitude: 130.39392,
    ...figures,
  },
  {
    sourceId: '4020000000019',
    type: 'clinic',
    name: 'さくら通り眼科（分院, 2F）',
    address: '福岡県福岡市博多区博多駅前三丁目2-1',
    latitude: 33.58953,
    longitude: 130.4188,
    ...figures,
  },
];
const CLINIC_REFUSALS = [
  { lineNo: 6, message: M.noCoordinates(6) },
  { lineNo: 7, message: M.badCoordinates(7) },
  { lineNo: 8, message: M.unknownKind(8, '9') },
  { lineNo: 9, message: M.duplicateId(9, 3) },
  { lineNo: 10, message: M.emptyValue(10, '正式名称') },
];

/** A file of the given header and lines, CRLF, in UTF-8. */
const csv = (...lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);
const HEADER = 'ID,正式名称,機関区分,所在地,所在地座標（緯度）,所在地座標（経度）';

describe('the medical information open data layout', () => {
  it('reads hospitals, clinics and dental clinics as clinics, and reports every line it refuses', () => {
    expect(readMedicalInfoOpenData(CLINICS)).toEqual({
      rows: CLINIC_ROWS,
      refused: CLINIC_REFUSALS,
      skipped: 1, // 助産所
    });
  });

  it('reads the same file in Shift_JIS', () => {
    const text = CLINICS.toString('utf8').replace(/^\uFEFF/, '');
    const sjis = iconv.encode(text, 'cp932');
    expect(readMedicalInfoOpenData(sjis)).toEqual(readMedicalInfoOpenData(CLINICS));
  });

  it('reads the pharmacy list, whose name column is 名称 and which has no 機関区分', () => {
    const { rows, refused } = readMedicalInfoOpenData(PHARMACIES);
    expect(refused).toEqual([]);
    expect(rows.map((r) => [r.sourceId, r.type, r.name])).toEqual([
      ['4050000000021', 'pharmacy', 'あおい薬局 天神店'],
      ['4050000000022', 'pharmacy', 'つばめ薬局 博多駅前店'],
    ]);
  });

  it('finds columns by name in any order, half-width brackets and extra columns too', () => {
    const file = csv(
      '所在地座標(経度),備考,所在地,所在地座標(緯度),機関区分,正式名称,ID',
      '130.4,-,福岡県福岡市中央区天神一丁目1-1,33.59,5,ふたば薬局,4050000000031',
    );
    expect(readMedicalInfoOpenData(file).rows).toEqual([
      {
        sourceId: '4050000000031',
        type: 'pharmacy',
        name: 'ふたば薬局',
        address: '福岡県福岡市中央区天神一丁目1-1',
        latitude: 33.59,
        longitude: 130.4,
        ...figures,
      },
    ]);
  });

  it('reads the beds: 合計病床数, else the sum of the kinds given, else none', () => {
    const bedsOf = (file: Buffer) => readMedicalInfoOpenData(file).rows.map((r) => r.beds);
    // The layout of the hospital list: the kinds, 療養病床 with its two parts, and the total.
    const hospitals = csv(
      `${HEADER},一般病床,療養病床,療養病床のうち医療保険適用,療養病床のうち介護保険適用,精神病床,結核病床,感染症病床,合計病床数`,
      '1,大病院,1,福岡県,33.5,130.4,400,50,50,0,0,0,8,458',
      '2,総数だけの病院,1,福岡県,33.5,130.4,,,,,,,,120',
      '3,総数のない病院,1,福岡県,33.5,130.4,150,40,30,10,,,,',
      '4,病床を載せない病院,1,福岡県,33.5,130.4,,,,,,,,',
      '5,無床診療所,2,福岡県,33.5,130.4,0,0,0,0,,,,0',
      '6,全角の病院,1,福岡県,33.5,130.4,,,,,,,,２２０',
    );
    expect(bedsOf(hospitals)).toEqual([458, 120, 190, null, 0, 220]);
    // A list with the kinds only: 療養病床's parts are not counted twice.
    const kindsOnly = csv(
      `${HEADER},一般病床,療養病床,療養病床のうち医療保険適用,精神病床`,
      '1,療養型の病院,1,福岡県,33.5,130.4,60,120,120,0',
      '2,精神科病院,1,福岡県,33.5,130.4,,,,210',
    );
    expect(bedsOf(kindsOnly)).toEqual([180, 210]);
    // The dental and pharmacy lists have no bed columns.
    expect(bedsOf(csv(HEADER, '1,歯科医院,3,福岡県,33.5,130.4'))).toEqual([null]);
  });

  it('refuses a line whose beds are not a whole number, naming the column', () => {
    const file = csv(
      `${HEADER},一般病床,療養病床,合計病床数`,
      '1,小数の病院,1,福岡県,33.5,130.4,100,0,100.5',
      '2,負の病院,1,福岡県,33.5,130.4,-3,,',
      '3,文字の病院,1,福岡県,33.5,130.4,,十,',
      '4,桁の多い病院,1,福岡県,33.5,130.4,,,1234567',
      '5,正しい病院,1,福岡県,33.5,130.4,100,20,',
    );
    expect(readMedicalInfoOpenData(file)).toEqual({
      rows: [expect.objectContaining({ sourceId: '5', beds: 120 })],
      refused: [
        { lineNo: 2, message: M.badBeds(2, '合計病床数') },
        { lineNo: 3, message: M.badBeds(3, '一般病床') },
        { lineNo: 4, message: M.badBeds(4, '療養病床') },
        { lineNo: 5, message: M.badBeds(5, '合計病床数') },
      ],
      skipped: 0,
    });
  });

  it('refuses points outside Japan, control characters and overlong text, line by line', () => {
    const file = csv(
      HEADER,
      '1,北の医院,2,北海道,50.1,141.3',
      '2,南の医院,2,沖縄県,26.2,180.5',
      '3,医院\u0007,2,福岡県,33.5,130.4',
      `4,${'長'.repeat(1001)},2,福岡県,33.5,130.4`,
      ',名無し,2,福岡県,33.5,130.4',
      '',
      '6,空の所在地,2,,33.5,130.4',
    );
    expect(readMedicalInfoOpenData(file)).toEqual({
      rows: [],
      refused: [
        { lineNo: 2, message: M.badCoordinates(2) },
        { lineNo: 3, message: M.badCoordinates(3) },
        { lineNo: 4, message: M.controlCharacters(4, '正式名称') },
        { lineNo: 5, message: M.tooLong(5, '正式名称', 1000) },
        { lineNo: 6, message: M.emptyValue(6, 'ID') },
        { lineNo: 8, message: M.emptyValue(8, '所在地') },
      ],
      skipped: 0,
    });
  });

  it('refuses a file without a column it needs, or that is not CSV, naming the problem', () => {
    const refusal = (bytes: Buffer) => {
      try {
        readMedicalInfoOpenData(bytes);
      } catch (error) {
        expect(error).toBeInstanceOf(OpenDataFileError);
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refusal(csv('ID,正式名称,機関区分,所在地座標（緯度）,所在地座標（経度）'))).toBe(
      M.missingColumn('所在地'),
    );
    expect(refusal(csv('ID,機関区分,所在地,所在地座標（緯度）,所在地座標（経度）'))).toBe(
      M.missingColumn('正式名称'),
    );
    expect(refusal(csv('ID,正式名称,所在地,所在地座標（緯度）,所在地座標（経度）'))).toBe(M.noKind);
    expect(refusal(csv(HEADER, '1,"閉じない引用符,2,福岡県,33.5,130.4'))).toBe(
      '2行目: ダブルクォートで始まる値が閉じられていません。',
    );
    expect(refusal(Buffer.from(''))).toBe(M.noRows);
  });
});
