import { describe, expect, it } from 'vitest';
import { dayNumber } from './calendar.ts';
import { generateStoreMonth } from './generate.ts';
import { CLOSING_CLINIC, closingClinic, DECLINING_FLOW, decliningClinic } from './story.ts';
import { TEST_END_DATE, demoWorld } from './testing/world.ts';

/** Sheets of an institution at a store by day, over the months given. */
function sheetDays(storeCode: string, institutionCode: string, months: readonly string[]) {
  const world = demoWorld();
  return months
    .flatMap((month) => generateStoreMonth(world, storeCode, month))
    .filter((r) => r.institution.code === institutionCode)
    .map((r) => r.dispensingDate);
}

describe('the demo story', () => {
  it('closes the busiest clinic after 天神店’s 門前 one: regular until its last day, then none', () => {
    const clinic = closingClinic(demoWorld())!;
    expect(clinic.lastDay).toBe('2026-09-06');
    const days = sheetDays(CLOSING_CLINIC.storeCode, clinic.code, [
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    // A regular institution of the radar: well over three sheets in the 90 days to its last.
    const last = days.reduce((a, b) => (a > b ? a : b));
    expect(last <= clinic.lastDay).toBe(true);
    expect(dayNumber(clinic.lastDay) - dayNumber(last)).toBeLessThan(7);
    const recent = days.filter((d) => dayNumber(d) > dayNumber(last) - 90);
    expect(recent.length).toBeGreaterThan(50);
    // More than 30 days unseen by the history's end: the radar lists it as lost.
    expect(dayNumber(TEST_END_DATE) - dayNumber(last)).toBeGreaterThan(30);
  });
});

describe('the declining clinic', () => {
  it('is a clinic whose flow is news, and its flow to 博多駅前店 about halves within the year', () => {
    const clinic = decliningClinic(demoWorld())!;
    const count = (months: string[]) =>
      sheetDays(DECLINING_FLOW.storeCode, clinic.code, months).length;
    const yearAgo = count(['2025-08', '2025-09', '2025-10']);
    const now = count(['2026-08', '2026-09', '2026-10']);
    // Over the radar's floor of 10 sheets a month a year before, and well below half of it now.
    expect(yearAgo / 3).toBeGreaterThan(30);
    expect(now / yearAgo).toBeGreaterThan(0.3);
    expect(now / yearAgo).toBeLessThan(0.6);
  });
});
