import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('quotes every cell and ends every line with CRLF', () => {
    expect(
      toCsv([
        ['No.', '名称'],
        [1, 'A "quoted" name'],
        [2, null],
      ]),
    ).toBe('"No.","名称"\r\n"1","A ""quoted"" name"\r\n"2",""\r\n');
  });

  it('starts with a BOM when asked', () => {
    expect(toCsv([['a']], { bom: true })).toBe('\uFEFF"a"\r\n');
  });
});
