import { readFileSync } from 'node:fs';
import { CSV_COLUMNS, FILE_FORMAT_MESSAGES } from '@pharmalytics/domain';
import { decodeText } from '@pharmalytics/domain/file-reading';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { parseUpload, type ParseResult } from '../../server/src/ingestion/parsers/index.ts';
import { patientKey, pseudonymize } from './pseudonymize.ts';
import { FIXTURES, identifiersOf, variantsOf } from './testing/fixture-variants.ts';

const SECRET = 'store-secret';

function sent(bytes: Uint8Array) {
  const result = pseudonymize(bytes, SECRET);
  if (!result.ok) throw new Error(result.message);
  return { format: result.format, text: result.bytes.toString('utf8') };
}

describe('pseudonymize', () => {
  it('hashes patient ids and cuts addresses to town level in our CSV', () => {
    const csv = [
      '#pharmalytics-dispensing,1',
      'pharmacy_code,patient_id,patient_address,name',
      '4041100018,P000123,"福岡県福岡市中央区天神2丁目8-38 天神ビル5F","アムロジピン錠５ｍｇ"',
    ].join('\r\n');
    const { text, format } = sent(Buffer.from(csv));
    expect(format).toBe('pharmalytics-csv');
    expect(text).not.toContain('P000123');
    expect(text).not.toContain('8-38');
    expect(text).toContain(
      `4041100018,${patientKey(SECRET, 'P000123')},福岡県福岡市中央区天神二丁目,アムロジピン錠５ｍｇ`,
    );
    expect(text.startsWith('#pharmalytics-dispensing,1\r\n')).toBe(true);
  });

  it('gives the same key for the same patient and another key with another secret', () => {
    expect(patientKey(SECRET, 'P1')).toBe(patientKey(SECRET, 'P1'));
    expect(patientKey(SECRET, 'P1')).not.toBe(patientKey('other', 'P1'));
  });

  it('replaces names and card numbers in a Shift_JIS receipt file', () => {
    const re = [
      'RE',
      '1',
      '1127',
      '202604',
      '山田 花子',
      '2',
      '19580701',
      ...Array(28).fill(''),
      '00123',
      '',
      '',
      '',
      '',
      '',
      'ヤマダ ハナコ',
    ];
    const lines = [
      'YK,1,40,4,1100018,はかた薬局,202604,00',
      re.join(','),
      'HO,06139999,12-34,567890,1,1200,,,,,,,,',
    ];
    const { text, format } = sent(iconv.encode(lines.join('\r\n'), 'cp932'));
    expect(format).toBe('uke');
    expect(text).not.toContain('山田');
    expect(text).not.toContain('ヤマダ');
    expect(text).not.toContain('567890');
    expect(text).not.toContain('00123');
    const reFields = text.split('\r\n')[1]!.split(',');
    expect(reFields[4]).toBe(patientKey(SECRET, '山田 花子', '19580701'));
    expect(reFields[6]).toBe('19580701');
    expect(text.split('\r\n')[0]).toBe(lines[0]);
  });

  it('recognises a receipt file after blank lines, spaces, a BOM or lone CR line ends', () => {
    const name = '山田　花子';
    const re = `RE,1,4112,202604,${name},2,19580723,,,40,1,0112345,天神内科クリニック`;
    for (const file of [
      `\r\nYK,1,40,4,1100018,薬局,202605,00\r\n${re}\r\n`,
      `  \n \tYK,1,40,4,1100018,薬局,202605,00\n  ${re}\n`,
      `\ufeffYK,1,40,4,1100018,薬局,202605,00\r${re}\r`,
    ]) {
      for (const bytes of [Buffer.from(file), iconv.encode(file.replace('\ufeff', ''), 'cp932')]) {
        const { text, format } = sent(bytes);
        expect(format).toBe('uke');
        expect(text).not.toContain(name);
        expect(text).toContain(patientKey(SECRET, name, '19580723'));
      }
    }
  });

  it('reads the header and the version line the way the server does: spaces, quotes, blank lines', () => {
    const header = CSV_COLUMNS.map((c) => (c === 'patient_id' ? ' "patient_id" ' : ` ${c}`));
    const file = [
      '',
      '  #pharmalytics-dispensing , 1',
      '',
      header.join(',').replace(' "patient_id" ', '"patient_id"'),
      CSV_COLUMNS.map((c) => (c === 'patient_id' ? ' P-77 ' : 'x')).join(','),
    ].join('\n');
    const { text } = sent(Buffer.from(file));
    expect(text).not.toContain('P-77');
    expect(text).toContain(patientKey(SECRET, 'P-77'));
    // Same lines: the blank lines stay where they were; the version line keeps mark and version.
    expect(text.split('\r\n').slice(0, 3)).toEqual(['', '  #pharmalytics-dispensing ,1', '']);
  });

  it('leaves out values of unknown columns and keeps every line where it was', () => {
    const file = [
      'pharmacy_code,patient_id,patient_name,name',
      '4041100018,P1,"山田\n花子",薬A',
      '4041100018,P2,鈴木 一郎,薬B',
    ].join('\r\n');
    const { text } = sent(Buffer.from(file));
    expect(text).not.toMatch(/山田|花子|鈴木/);
    const lines = text.split('\r\n');
    expect(lines[1]).toBe(`4041100018,${patientKey(SECRET, 'P1')},"`);
    expect(lines[2]).toBe('",薬A');
    expect(lines[3]).toBe(`4041100018,${patientKey(SECRET, 'P2')},,薬B`);
  });

  it('sends a line with another count of columns without its values, keeping its prescription key', () => {
    const cells = (id: string, extra: string[] = []) =>
      CSV_COLUMNS.map((c) =>
        c === 'patient_id'
          ? id
          : c === 'dispensing_date'
            ? '2026-04-01'
            : c === 'reception_id'
              ? 'A1'
              : c === 'prescription_no'
                ? '1'
                : 'v',
      ).concat(extra);
    const file = [CSV_COLUMNS.join(','), cells('P1').join(','), cells('P1', ['extra']).join(',')];
    const { text } = sent(Buffer.from(file.join('\n')));
    const shifted = text.split('\r\n')[2]!.split(',');
    expect(shifted).toHaveLength(CSV_COLUMNS.length + 1);
    expect(text).not.toContain('P1,');
    expect(shifted[CSV_COLUMNS.indexOf('reception_id')]).toBe('A1');
    expect(shifted[CSV_COLUMNS.indexOf('patient_id')]).toBe('*');
  });

  it('sends an unknown receipt record as its ID alone', () => {
    const file = 'YK,1,40,4,1100018,薬局,202605,00\nXX,山田 花子\n山田 花子,1\nRE,1';
    const lines = sent(Buffer.from(file)).text.split('\r\n');
    expect(lines.slice(1, 3)).toEqual(['XX,', '*,']);
  });

  it('does not send what the server would not read, and says why', () => {
    expect(pseudonymize(Buffer.from('hello,world\n'), SECRET)).toEqual({
      ok: false,
      message: FILE_FORMAT_MESSAGES.unknown(1),
    });
    expect(pseudonymize(readFileSync(FIXTURES.medical), SECRET)).toMatchObject({
      ok: false,
      message: expect.stringContaining('医科・歯科'),
    });
    const broken = `${CSV_COLUMNS.join(',')}\n4041100018,"山田 花子\n`;
    expect(pseudonymize(Buffer.from(broken), SECRET)).toEqual({
      ok: false,
      message: '2行目: ダブルクォートで始まる値が閉じられていません。',
    });
  });
});

/** What the server reads from a file, with the patient keys and the keys made from them set aside. */
function reading(result: ParseResult) {
  if (!result.ok) return result;
  const keys = new Map<string, number>();
  const prescriptions = result.prescriptions.map((p) => {
    const patient = keys.get(p.patient.key) ?? keys.size;
    keys.set(p.patient.key, patient);
    const { receptionId, ...rest } = p;
    return {
      ...rest,
      // A receipt's reception ID is made from its patient fields, so only its order can match.
      receptionId: result.format === 'uke' ? null : receptionId,
      patient: { ...p.patient, key: patient },
    };
  });
  return { ...result, prescriptions, rejected: result.rejected.map((r) => [r.lineNo, r.reason]) };
}

describe('the uploader and the server read the same bytes alike', () => {
  for (const [fixture, path] of Object.entries(FIXTURES)) {
    if (fixture === 'medical') continue;
    const source = readFileSync(path);
    const identifiers = identifiersOf(decodeText(source).text);
    for (const [variant, bytes] of Object.entries(variantsOf(source))) {
      it(`${fixture}, ${variant}: the server reads the same file, without any patient name`, () => {
        expect(identifiers.length).toBeGreaterThan(0);
        const raw = parseUpload(bytes);
        expect(raw.ok).toBe(true);
        // Without the uploader the names would reach the server (so the check below can fail).
        const rawText = JSON.stringify(raw);
        expect(identifiers.some((name) => rawText.includes(name))).toBe(true);

        const out = pseudonymize(bytes, SECRET);
        if (!out.ok) throw new Error(out.message);
        const text = out.bytes.toString('utf8');
        const read = parseUpload(out.bytes);
        for (const name of identifiers) {
          expect(text).not.toContain(name);
          expect(JSON.stringify(read)).not.toContain(name);
        }
        expect(reading(read)).toEqual(reading(raw));
      });
    }
  }
});
