import { describe, expect, it } from 'vitest';
import { changeStyle } from './changeStyle.ts';

describe('changeStyle', () => {
  it('names the direction', () => {
    expect(changeStyle(1.2)).toBe('up');
    expect(changeStyle(-0.1)).toBe('down');
    expect(changeStyle(0)).toBe('flat');
    expect(changeStyle(null)).toBe('none');
  });
});
