import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { patientKey, pseudonymize } from './pseudonymize.ts';

const SECRET = 'store-secret';

describe('pseudonymize', () => {
  it('hashes patient ids and cuts addresses to town level in our CSV', () => {
    const csv = [
      '#pharmalytics-dispensing,1',
      'pharmacy_code,patient_id,patient_address,name',
      '4041100018,P000123,"福岡県福岡市中央区天神2丁目8-38 天神ビル5F","アムロジピン錠５ｍｇ"',
    ].join('\r\n');
    const { bytes, format } = pseudonymize(Buffer.from(csv), SECRET);
    expect(format).toBe('pharmalytics-csv');
    const out = bytes.toString('utf8');
    expect(out).not.toContain('P000123');
    expect(out).not.toContain('8-38');
    expect(out).toContain(
      `4041100018,${patientKey(SECRET, 'P000123')},福岡県福岡市中央区天神二丁目,アムロジピン錠５ｍｇ`,
    );
    expect(out.startsWith('#pharmalytics-dispensing,1\r\n')).toBe(true);
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
    const { bytes, format } = pseudonymize(iconv.encode(lines.join('\r\n'), 'cp932'), SECRET);
    expect(format).toBe('uke');
    const out = bytes.toString('utf8');
    expect(out).not.toContain('山田');
    expect(out).not.toContain('ヤマダ');
    expect(out).not.toContain('567890');
    expect(out).not.toContain('00123');
    const reFields = out.split('\r\n')[1]!.split(',');
    expect(reFields[4]).toBe(patientKey(SECRET, '山田 花子', '19580701'));
    expect(reFields[6]).toBe('19580701');
    expect(out.split('\r\n')[0]).toBe(lines[0]);
  });

  it('passes other files through unchanged', () => {
    const bytes = Buffer.from('hello,world\n');
    expect(pseudonymize(bytes, SECRET)).toEqual({ bytes, format: 'other' });
  });
});
