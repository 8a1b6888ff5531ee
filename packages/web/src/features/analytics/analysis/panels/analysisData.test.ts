import { describe, expect, it } from 'vitest';
import { hasAnalysisData } from './analysisData.ts';

describe('hasAnalysisData', () => {
  it('is false without series', () => {
    expect(hasAnalysisData([])).toBe(false);
  });

  it('is false when every value is none or zero', () => {
    expect(
      hasAnalysisData([
        { total: 0, rows: [{ value: null }, { value: 0 }] },
        { total: null, rows: [] },
      ]),
    ).toBe(false);
  });

  it('is true with one value other than zero', () => {
    expect(
      hasAnalysisData([
        { total: 0, rows: [{ value: 0 }] },
        { total: 3, rows: [] },
      ]),
    ).toBe(true);
    expect(hasAnalysisData([{ total: null, rows: [{ value: 0.5 }] }])).toBe(true);
  });
});
