import { describe, expect, it } from 'vitest';
import { fieldHelp } from './fieldHelp.ts';

describe('fieldHelp', () => {
  it('shows the error first, then the hint', () => {
    expect(fieldHelp({ message: '必須項目です' }, 'ヒント')).toBe('必須項目です');
    expect(fieldHelp(undefined, 'ヒント')).toBe('ヒント');
  });

  it('keeps a blank line when there is nothing to say', () => {
    expect(fieldHelp(undefined)).toBe(' ');
    expect(fieldHelp({})).toBe(' ');
  });
});
