import { scorecardQuerySchema } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { defaultCondition } from '../../search-condition/index.ts';
import { scorecardQuery } from './api.ts';

describe('scorecardQuery', () => {
  it('asks for the period, its comparison and the stores, as the wire schema reads them', () => {
    const lastMonth = scorecardQuery(defaultCondition('2026-11-21').scorecard, ['1001', '1003']);
    expect(lastMonth).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      comparisonFrom: '2025-10-01',
      comparisonTo: '2025-10-31',
      storeCodes: '1001,1003',
    });
    expect(scorecardQuerySchema.parse(lastMonth)).toEqual(lastMonth);
    // 前期間 of a whole month is the month before.
    const previous = scorecardQuery(
      { ...defaultCondition('2026-11-21').scorecard, comparisonType: 1 },
      [],
    );
    expect(previous).toMatchObject({ comparisonFrom: '2026-09-01', comparisonTo: '2026-09-30' });
  });
});
