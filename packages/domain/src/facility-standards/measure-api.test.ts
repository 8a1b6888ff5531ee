import { describe, expect, it } from 'vitest';
import {
  FACILITY_MEASURE_MESSAGES,
  groupTotalsQuerySchema,
  outsideStoresSchema,
  sameBuildingGroupBodySchema,
} from './measure-api.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('measure requests', () => {
  it('takes up to 36 months, both ends counted', () => {
    expect(
      messages(groupTotalsQuerySchema.safeParse({ fromMonth: '2024-01', toMonth: '2026-12' })),
    ).toEqual([]);
    expect(
      messages(groupTotalsQuerySchema.safeParse({ fromMonth: '2024-01', toMonth: '2027-01' })),
    ).toEqual([FACILITY_MEASURE_MESSAGES.monthSpan]);
    expect(
      messages(groupTotalsQuerySchema.safeParse({ fromMonth: '2026-04', toMonth: '2026-04' })),
    ).toEqual([]);
  });

  it('refuses months that are not yyyy-MM of a real month within the request years', () => {
    for (const month of ['2026-00', '2026-13', '2026-4', '1899-12', '2101-01', '２０２６-０４']) {
      expect(
        messages(groupTotalsQuerySchema.safeParse({ fromMonth: month, toMonth: '2026-04' })),
        month,
      ).toContain(FACILITY_MEASURE_MESSAGES.month);
    }
  });

  it('checks a building and an outside figure', () => {
    expect(
      messages(sameBuildingGroupBodySchema.safeParse({ name: 'ビル', institutionCodes: [] })),
    ).toEqual([FACILITY_MEASURE_MESSAGES.institutionRequired]);
    expect(
      messages(
        sameBuildingGroupBodySchema.safeParse({
          name: 'ビル',
          institutionCodes: Array.from({ length: 51 }, (_, i) => String(4011000000 + i)),
        }),
      ),
    ).toEqual([FACILITY_MEASURE_MESSAGES.institutionsMax]);
    expect(
      outsideStoresSchema.safeParse({
        effectiveMonth: '2026-04',
        receptionsPerMonth: 0,
        storeCount: 0,
      }).success,
    ).toBe(true);
  });
});
