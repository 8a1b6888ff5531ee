import { describe, expect, it } from 'vitest';
import { revisionOn } from './revision-on-date.ts';

const R6 = { code: 'R6', effectiveFrom: '2024-06-01', effectiveTo: '2026-05-31' };
const R8 = { code: 'R8', effectiveFrom: '2026-06-01', effectiveTo: null };
const REVISIONS = [R8, R6];

describe('the fee revision in force on a day', () => {
  it.each([
    ['2024-05-31', null],
    ['2024-06-01', 'R6'],
    ['2025-04-30', 'R6'],
    ['2026-05-31', 'R6'],
    ['2026-06-01', 'R8'],
    ['2026-06-02', 'R8'],
    ['2035-01-01', 'R8'],
  ])('%s → %s', (date, code) => {
    expect(revisionOn(REVISIONS, date)?.code ?? null).toBe(code);
  });

  it('ends an open revision where its successor, once given an end, leaves off', () => {
    const R8Closed = { ...R8, effectiveTo: '2028-05-31' };
    const R10 = { code: 'R10', effectiveFrom: '2028-06-01', effectiveTo: null };
    expect(revisionOn([R6, R8Closed, R10], '2028-05-31')?.code).toBe('R8');
    expect(revisionOn([R6, R8Closed, R10], '2028-06-01')?.code).toBe('R10');
  });

  it('refuses rule data in which two revisions overlap', () => {
    const overlapping = { code: 'R7', effectiveFrom: '2026-05-01', effectiveTo: null };
    expect(() => revisionOn([R6, overlapping], '2026-05-15')).toThrow(/R6, R7/);
  });
});
