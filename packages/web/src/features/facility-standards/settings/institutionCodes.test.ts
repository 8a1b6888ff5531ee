import { describe, expect, it } from 'vitest';
import { addCodes, splitCodes, takeFinishedCodes } from './institutionCodes.ts';

describe('institution codes typed or pasted', () => {
  it('splits on commas, the ideographic comma, spaces and line breaks, each code once', () => {
    expect(splitCodes('4011000001, 4011000002\n4011000003、4011000001，4011000004\r\n')).toEqual([
      '4011000001',
      '4011000002',
      '4011000003',
      '4011000004',
    ]);
    expect(splitCodes('  ')).toEqual([]);
  });

  it('keeps what follows the last separator as still being typed', () => {
    expect(takeFinishedCodes('4011000001,40110')).toEqual({
      finished: ['4011000001'],
      rest: '40110',
    });
    expect(takeFinishedCodes('4011000001 ')).toEqual({ finished: ['4011000001'], rest: '' });
    expect(takeFinishedCodes('40110')).toEqual({ finished: [], rest: '40110' });
  });

  it('adds codes after those chosen, none twice', () => {
    expect(addCodes(['1', '2'], ['2', '3'])).toEqual(['1', '2', '3']);
  });
});
