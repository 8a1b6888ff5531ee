import { describe, expect, it } from 'vitest';
import { typedNumber } from './numberInput.ts';

describe('typedNumber', () => {
  it('reads plain and decimal numbers, leaves empty text undefined and anything else NaN', () => {
    expect(typedNumber(' 12 ')).toBe(12);
    expect(typedNumber('2.5')).toBe(2.5);
    expect(typedNumber('')).toBeUndefined();
    expect(typedNumber('１２')).toBeNaN();
    expect(typedNumber('abc')).toBeNaN();
    expect(typedNumber(7)).toBe(7);
  });
});
