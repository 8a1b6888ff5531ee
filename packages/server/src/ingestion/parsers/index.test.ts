import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { parseUpload } from './index.ts';
import { CSV_COLUMNS } from '@pharmalytics/domain';

const read = (name: string): Buffer => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const utf8 = (text: string): Buffer => Buffer.from(text, 'utf8');

describe('parseUpload: format detection by content', () => {
  it('reads our CSV with the version line, with only the header row, in UTF-8 or Shift_JIS', () => {
    expect(parseUpload(read('dispensing_20260401.csv'))).toMatchObject({
      ok: true,
      format: 'pharmalytics-csv',
    });
    expect(parseUpload(utf8(`${CSV_COLUMNS.join(',')}\r\n`))).toEqual({
      ok: true,
      format: 'pharmalytics-csv',
      prescriptions: [],
      rejected: [],
    });
    expect(
      parseUpload(iconv.encode(`\r\n\r\n${CSV_COLUMNS.join(',')}\r\n`, 'cp932')),
    ).toMatchObject({
      ok: true,
      format: 'pharmalytics-csv',
    });
  });

  it('hands a header row that lacks required columns to the CSV reader, which names them', () => {
    expect(parseUpload(utf8('pharmacy_code,dispensing_date,memo\n'))).toEqual({
      ok: false,
      format: 'pharmalytics-csv',
      lineNo: 1,
      message:
        '1行目（見出し行）: 必須の列 reception_id、prescription_no、patient_id、insurance_type、reception_type、institution_code、institution_name、line_type、code、name、points、count がありません。',
    });
  });

  it('reads a file starting with YK as a 調剤 receipt file, whatever its name', () => {
    expect(parseUpload(read('RECEIPTY.CYO'))).toMatchObject({ ok: true, format: 'uke' });
  });

  it('refuses 医科・歯科 receipt files and other receipt headers, naming the line', () => {
    expect(parseUpload(read('RECEIPTC.UKE'))).toMatchObject({
      ok: false,
      format: 'unknown',
      lineNo: 1,
      message: expect.stringContaining('1行目: 調剤のレセプトファイルではありません（医科・歯科'),
    });
    expect(parseUpload(iconv.encode('\r\nMR,1,40,1,0112345\r\n', 'cp932'))).toEqual({
      ok: false,
      format: 'unknown',
      lineNo: 2,
      message:
        '2行目: 調剤のレセプトファイルではありません（先頭のレコードが MR です）。調剤のレセプトファイル（RECEIPTY.CYO）を送ってください。',
    });
  });

  it('answers a clear message for anything else, and for an empty file', () => {
    const unknown = {
      ok: false,
      format: 'unknown',
      lineNo: 1,
      message:
        '1行目: ファイルの形式を判別できません。Pharmalytics 連携形式の CSV（見出し行から始まるもの）か、調剤のレセプトファイル（RECEIPTY.CYO）を送ってください。',
    };
    expect(parseUpload(utf8('ID,NAME\n1,2\n'))).toEqual(unknown);
    expect(parseUpload(utf8('日付,受付番号,患者\n'))).toEqual(unknown);
    expect(parseUpload(Buffer.alloc(0))).toEqual({
      ok: false,
      format: 'unknown',
      lineNo: 1,
      message: '1行目: ファイルが空です。',
    });
    expect(parseUpload(utf8('\r\n  \r\n'))).toMatchObject({
      ok: false,
      lineNo: 1,
      message: '1行目: ファイルが空です。',
    });
  });

  it('never throws, even on random bytes', () => {
    let seed = 7;
    for (let n = 0; n < 200; n++) {
      const bytes = Buffer.alloc(1 + (n % 97));
      for (let i = 0; i < bytes.length; i++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        bytes[i] = seed & 0xff;
      }
      const prefix = [
        '',
        'YK,',
        'RE,',
        `${CSV_COLUMNS.join(',')}\n`,
        '#pharmalytics-dispensing,1\n',
      ][n % 5]!;
      const result = parseUpload(Buffer.concat([Buffer.from(prefix), bytes]));
      expect(typeof result.ok).toBe('boolean');
      if (!result.ok) expect(result.message).toMatch(/^\d+行目/);
    }
  });
});
