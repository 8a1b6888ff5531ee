import { describe, expect, it } from 'vitest';
import {
  parseIsoDate,
  parseIsoMonth,
  parseUkeDate,
  parseUkeDayInMonth,
  parseUkeMonth,
} from './dates.ts';
import {
  allocate,
  drugUnitPoints,
  multiply,
  parseDecimal,
  roundDiv,
  scaledToNumber,
  toNumber,
  yenOfPoints,
} from './decimal.ts';
import { physicalLines } from '@pharmalytics/domain';
import { decodeText } from '@pharmalytics/domain/file-reading';
import iconv from 'iconv-lite';

const yen = (value: string) => parseDecimal(value, 7)!;

describe('dates', () => {
  it('accepts only real calendar dates in YYYY-MM-DD', () => {
    expect(parseIsoDate('2026-04-01')).toBe('2026-04-01');
    expect(parseIsoDate('2024-02-29')).toBe('2024-02-29');
    expect(parseIsoDate('2026-02-29')).toBeNull();
    expect(parseIsoDate('2026-13-01')).toBeNull();
    expect(parseIsoDate('2026-04-31')).toBeNull();
    expect(parseIsoDate('2026/04/01')).toBeNull();
    expect(parseIsoDate('2026-4-1')).toBeNull();
    expect(parseIsoDate('0202-04-01')).toBeNull();
    expect(parseIsoMonth('1958-07')).toBe('1958-07');
    expect(parseIsoMonth('1958-00')).toBeNull();
    expect(parseIsoMonth('1958-7')).toBeNull();
  });

  it('reads receipt dates in 西暦 (8/6 digits) and 和暦 (7/5 digits, 元号 1–5)', () => {
    expect(parseUkeDate('20260401')).toBe('2026-04-01');
    expect(parseUkeDate('3250715')).toBe('1950-07-15'); // 昭和25年
    expect(parseUkeDate('4310430')).toBe('2019-04-30'); // 平成31年
    expect(parseUkeDate('5010501')).toBe('2019-05-01'); // 令和元年
    expect(parseUkeDate('1450729')).toBe('1912-07-29'); // 明治45年
    expect(parseUkeDate('2150101')).toBe('1926-01-01'); // 大正15年
    expect(parseUkeDate('6010101')).toBeNull(); // no such 元号 code
    expect(parseUkeDate('5000101')).toBeNull(); // era year 0
    expect(parseUkeDate('20260230')).toBeNull();
    expect(parseUkeDate('2026041')).toBeNull(); // 7 digits = 和暦: 大正02年60月, not a date
    expect(parseUkeMonth('202604')).toBe('2026-04');
    expect(parseUkeMonth('43103')).toBe('2019-03');
    expect(parseUkeMonth('202613')).toBeNull();
  });

  it('reads a day column against the claim month and refuses days outside it', () => {
    expect(parseUkeDayInMonth('20260415', '2026-04')).toBe('2026-04-15');
    expect(parseUkeDayInMonth('5080415', '2026-04')).toBe('2026-04-15');
    expect(parseUkeDayInMonth('15', '2026-04')).toBe('2026-04-15');
    expect(parseUkeDayInMonth('7', '2026-04')).toBe('2026-04-07');
    expect(parseUkeDayInMonth('0415', '2026-04')).toBe('2026-04-15');
    expect(parseUkeDayInMonth('20260501', '2026-04')).toBeNull();
    expect(parseUkeDayInMonth('31', '2026-04')).toBeNull();
    expect(parseUkeDayInMonth('', '2026-04')).toBeNull();
  });
});

describe('decimal', () => {
  it('parses with a limit on decimals and prints exactly', () => {
    expect(parseDecimal('12.34', 2)).toEqual({ units: 1234n, scale: 2 });
    expect(parseDecimal('-5', 2)).toEqual({ units: -5n, scale: 0 });
    expect(parseDecimal('1.234', 2)).toBeNull();
    expect(parseDecimal('1,234', 2)).toBeNull();
    expect(parseDecimal('abc', 2)).toBeNull();
    expect(toNumber(multiply(yen('0.1'), yen('3')))).toBe(0.3);
    expect(scaledToNumber(-1205n, 2)).toBe(-12.05);
    expect(scaledToNumber(5n, 3)).toBe(0.005);
  });

  it('turns 薬価 into 薬剤料 points with the 五捨五超入 rule', () => {
    expect(drugUnitPoints(yen('0'))).toBe(0);
    expect(drugUnitPoints(yen('10.1'))).toBe(1);
    expect(drugUnitPoints(yen('15'))).toBe(1);
    expect(drugUnitPoints(yen('15.01'))).toBe(2);
    expect(drugUnitPoints(yen('25'))).toBe(2);
    expect(drugUnitPoints(yen('25.0000001'))).toBe(3);
    expect(drugUnitPoints(yen('35.0'))).toBe(3);
    expect(drugUnitPoints(yen('35.1'))).toBe(4);
    expect(drugUnitPoints(yen('105.2'))).toBe(11);
    expect(drugUnitPoints(yen('187.0'))).toBe(19); // アンテベート軟膏 18.70円 × 10g
  });

  it('rounds half away from zero into whole yen', () => {
    expect([
      roundDiv(25n, 10n),
      roundDiv(24n, 10n),
      roundDiv(-25n, 10n),
      roundDiv(-24n, 10n),
    ]).toEqual([3n, 2n, -3n, -2n]);
    expect(yenOfPoints(parseDecimal('28', 2)!, 1)).toBe(280);
    expect(yenOfPoints(parseDecimal('0.83', 2)!, 28)).toBe(232); // 232.4円
    expect(yenOfPoints(parseDecimal('1.17', 2)!, 28)).toBe(328); // 327.6円
    expect(yenOfPoints(parseDecimal('0.05', 2)!, 1)).toBe(1); // 0.5円
  });

  it('allocates a total over weights without losing a unit', () => {
    expect(allocate(200n, [1010n, 1430n])).toEqual([83n, 117n]);
    expect(allocate(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n]);
    expect(allocate(7n, [0n, 0n])).toEqual([4n, 3n]);
    expect(allocate(-5n, [1n, 1n])).toEqual([-3n, -2n]);
    expect(allocate(10n, [])).toEqual([]);
  });
});

describe('decoding', () => {
  it('reads UTF-8 with or without BOM, else CP932, and normalises line ends', () => {
    expect(decodeText(Buffer.from('\ufeffa,b\r\nc\r\n', 'utf8'))).toEqual({
      text: 'a,b\nc\n',
      encoding: 'utf-8',
    });
    expect(decodeText(iconv.encode('調剤,髙\r\n', 'cp932'))).toEqual({
      text: '調剤,髙\n',
      encoding: 'cp932',
    });
    expect(decodeText(Buffer.from('a\rb\n', 'utf8')).text).toBe('a\nb\n');
  });

  it('drops the receipt-file EOF mark only at the end', () => {
    expect(decodeText(Buffer.from('GO,1\r\n\x1a', 'latin1')).text).toBe('GO,1\n');
    expect(decodeText(Buffer.from('a\x1ab\n', 'latin1')).text).toBe('a\x1ab\n');
    expect(physicalLines('a\nb\n')).toEqual(['a', 'b']);
    expect(physicalLines('a\n\nb')).toEqual(['a', '', 'b']);
  });
});
