import { describe, expect, it } from 'vitest';
import { dayNumber } from './calendar.ts';
import { generateStoreMonth } from './generate.ts';
import { CLOSING_CLINIC, closingClinic } from './story.ts';
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
