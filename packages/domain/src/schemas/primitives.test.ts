import { describe, expect, it } from 'vitest';
import {
  boundedText,
  calendarDate,
  decimalCode,
  decimalInteger,
  idParam,
  integer,
  isSafeText,
  linkToken,
  prefectureId,
  storeCodeList,
  text,
} from './primitives.ts';
import { messagesAt } from './testing.ts';

const CONTROL_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
];
const CONTROL_MESSAGE = '使用できない文字（制御文字）が含まれています';

describe('isSafeText', () => {
  it('accepts Japanese, symbols and characters outside the basic plane', () => {
    for (const value of [
      '',
      '株式会社サンプル薬局',
      '東京都千代田区1-1 ３Ｆ',
      'a\u00a0b',
      '𠮷野家 😀',
    ]) {
      expect(isSafeText(value)).toBe(true);
    }
  });

  it('refuses NUL, the other C0 controls, DEL and the C1 controls anywhere', () => {
    for (const c of [...CONTROL_CHARACTERS, '\n', '\r', '\t']) {
      expect(isSafeText(c)).toBe(false);
      expect(isSafeText(`薬局${c}`)).toBe(false);
      expect(isSafeText(`${c}薬局`)).toBe(false);
    }
  });

  it('allows line breaks and tabs in multi-line text only', () => {
    expect(isSafeText('一行目\r\n二行目\tです', { multiline: true })).toBe(true);
    for (const c of CONTROL_CHARACTERS)
      expect(isSafeText(`a${c}b`, { multiline: true })).toBe(false);
  });

  it('refuses half of a surrogate pair', () => {
    expect(isSafeText('\ud842')).toBe(false);
    expect(isSafeText('a\udfb7')).toBe(false);
    expect(isSafeText('\udfb7\ud842')).toBe(false);
  });
});

describe('text and boundedText', () => {
  it('refuses control characters and non-strings with Japanese messages', () => {
    expect(messagesAt(text(), 'a\u0000b', '')).toEqual([CONTROL_MESSAGE]);
    expect(messagesAt(text(), 12, '')).toEqual(['文字列で入力してください']);
    expect(messagesAt(text({ typeError: '必須項目です' }), undefined, '')).toEqual([
      '必須項目です',
    ]);
  });

  it('caps text at 1000 characters unless told otherwise', () => {
    expect(boundedText().safeParse('あ'.repeat(1000)).success).toBe(true);
    expect(messagesAt(boundedText(), 'あ'.repeat(1001), '')).toEqual([
      '1000文字以内で入力してください',
    ]);
    expect(messagesAt(boundedText({ max: 20, label: '郵便番号' }), '1'.repeat(21), '')).toEqual([
      '郵便番号は20文字以内で入力してください',
    ]);
  });
});

describe('idParam', () => {
  const id = idParam('アカウントID');
  const message = 'アカウントIDは1から2147483647までの半角数字で指定してください';

  it('reads plain decimal digits within 1..2147483647 as a number', () => {
    expect(id.parse('1')).toBe(1);
    expect(id.parse('16')).toBe(16);
    expect(id.parse('2147483647')).toBe(2147483647);
  });

  it('refuses hex, signs, exponents, spaces, fractions, leading zeros and full-width digits', () => {
    for (const value of ['0x10', '-1', '+1', '1e3', ' 1', '1 ', '1.0', '016', '１', '', '1_0']) {
      expect(messagesAt(id, value, '')).toEqual([message]);
    }
  });

  it('refuses 0 and anything above the integer column range', () => {
    for (const value of ['0', '2147483648', '9999999999', '99999999999999999999']) {
      expect(messagesAt(id, value, '')).toEqual([message]);
    }
  });
});

describe('decimalInteger', () => {
  it('takes 0 when the range starts there', () => {
    const hour = decimalInteger({ label: '時', min: 0, max: 23 });
    expect(hour.parse('0')).toBe(0);
    expect(hour.safeParse('00').success).toBe(false);
    expect(messagesAt(hour, '24', '')).toEqual(['時は0から23までの半角数字で指定してください']);
  });
});

describe('integer and prefectureId', () => {
  it('takes whole numbers within the int4 range only', () => {
    const n = integer({ error: '選択してください' });
    expect(n.parse(2147483647)).toBe(2147483647);
    for (const value of [0, -1, 1.5, 2147483648, 1e20, '1', null, Number.NaN]) {
      expect(messagesAt(n, value, '')).toEqual(['選択してください']);
    }
  });

  it('takes the prefectures 1 to 47 only, with the form message', () => {
    const prefecture = prefectureId('都道府県を選択してください');
    expect(prefecture.parse(1)).toBe(1);
    expect(prefecture.parse(47)).toBe(47);
    for (const value of [0, 48, 40000, 2147483648]) {
      expect(messagesAt(prefecture, value, '')).toEqual(['都道府県を選択してください']);
    }
  });
});

describe('decimalCode', () => {
  const code = decimalCode('店舗ID', 10);

  it('takes up to the given number of digits', () => {
    expect(code.parse('0001000001')).toBe('0001000001');
  });

  it('refuses other characters and longer codes', () => {
    for (const value of ['', '12a', '1 2', '１２', '0x10', '1\u0000']) {
      expect(code.safeParse(value).success).toBe(false);
    }
    expect(messagesAt(code, '12a', '')).toEqual(['半角数字のみで入力してください']);
    expect(messagesAt(code, '1'.repeat(11), '')).toEqual(['店舗IDは10文字以内で入力してください']);
  });
});

describe('storeCodeList', () => {
  const list = storeCodeList({ label: '店舗ID' });
  const message = '店舗IDは半角数字をカンマ区切りで指定してください';

  it('takes comma-joined codes, or none', () => {
    for (const value of ['', '1000001', '1000001,1000002,3']) {
      expect(list.parse(value)).toBe(value);
    }
  });

  it('refuses anything else', () => {
    for (const value of [
      ',',
      '1,',
      ',1',
      '1,,2',
      ' 1',
      '1, 2',
      'a',
      '1;2',
      '12345678901',
      '1\u0000',
    ]) {
      expect(list.safeParse(value).success).toBe(false);
    }
    expect(messagesAt(list, '1,,2', '')).toEqual([message]);
    expect(messagesAt(list, `1${',1'.repeat(10000)}`, '')).toEqual([
      '20000文字以内で入力してください',
    ]);
  });

  it('may require at least one code', () => {
    const required = storeCodeList({ label: '店舗ID', requiredMessage: '店舗を選択してください' });
    expect(messagesAt(required, '', '')).toEqual(['店舗を選択してください']);
  });
});

describe('calendarDate', () => {
  const date = calendarDate();
  const format = '日付はyyyy-MM-dd形式の実在する日付で指定してください';
  const range = '日付は1900年から2100年までの範囲で指定してください';

  it('takes yyyy-MM-dd days of the years 1900 to 2100', () => {
    for (const value of ['1900-01-01', '2024-02-29', '2100-12-31']) {
      expect(date.parse(value)).toBe(value);
    }
  });

  it('refuses other forms and days the calendar lacks', () => {
    for (const value of [
      '2024-1-01',
      '20240101',
      '2024/01/01',
      '2023-02-29',
      '2024-13-01',
      '2024-00-10',
      '2024-04-31',
      ' 2024-04-01',
      '2024-04-01T00:00',
    ]) {
      expect(messagesAt(date, value, '')).toEqual([format]);
    }
  });

  it('refuses years out of range, such as year 0', () => {
    for (const value of ['0000-01-01', '1899-12-31', '2101-01-01', '9999-12-31']) {
      expect(messagesAt(date, value, '')).toEqual([range]);
    }
  });
});

describe('linkToken', () => {
  it('takes URL-safe tokens', () => {
    expect(linkToken().parse('aZ09_-.x')).toBe('aZ09_-.x');
  });

  it('refuses an empty, long or odd token', () => {
    expect(messagesAt(linkToken(), '', '')).toEqual(['必須項目です']);
    for (const value of ['a'.repeat(201), 'a b', 'a/b', 'a%00', 'a\u0000', '__proto__?']) {
      expect(messagesAt(linkToken(), value, '')).toEqual([
        'リンクが正しくありません。URLをご確認ください。',
      ]);
    }
  });
});
