import { scorecardKpi } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { defaultCondition, type SearchCondition } from '../../search-condition/index.ts';
import { analysisTarget } from './target.ts';

const current: SearchCondition = {
  ...defaultCondition('2026-11-21'),
  pharmacy: { isAll: false, storeCodes: ['1001', '1002', '1003'] },
  metrics: { age: 'patient_counts' },
};

describe('analysisTarget', () => {
  it("opens the KPI's page for the store over the scorecard's period, showing the KPI", () => {
    const target = analysisTarget(scorecardKpi('prescriptions_per_pharmacist')!, '1002');
    expect(target.route).toBe('DispensingPharmacy');
    expect(target.path).toBe('/seller/dispensing-pharmacy');
    expect(target.condition(current)).toEqual({
      ...current,
      preset: 2,
      base: { from: '2026-10-01', to: '2026-10-31' },
      comparisonType: 2,
      pharmacy: { isAll: false, storeCodes: ['1002'] },
      metrics: { age: 'patient_counts', pharmacy: 'prescriptions_per_pharmacist' },
    });
  });

  it('opens the 全店舗 row with the stores the scorecard shows', () => {
    const target = analysisTarget(scorecardKpi('medicine_fee_ratio')!, '');
    expect(target.route).toBe('DispensingFeeScore');
    const next = target.condition(current);
    expect(next.pharmacy).toEqual(current.pharmacy);
    expect(next.metrics).toMatchObject({ dispensing_fee_score: 'dispensing_sales' });
  });

  it('shows months when the period is too long for days', () => {
    const long = {
      ...current,
      scorecard: {
        preset: 99 as const,
        base: { from: '2023-01-01', to: '2026-10-31' },
        comparisonType: 1 as const,
      },
    };
    const next = analysisTarget(scorecardKpi('dispensing_sales')!, '1001').condition(long);
    expect(next.base).toEqual(long.scorecard.base);
    expect(next.timeAxis).toBe(2);
  });
});
