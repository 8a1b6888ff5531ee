import { LONG_VIEW_OPENING, presetRange, timeAxis } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { defaultCondition } from './condition.ts';
import { openOnLongView } from './longView.ts';

const today = '2026-11-28';
const context = { today, plan: 'advanced' as const, activeStoreCodes: ['1001'] };

describe('a page of months opens on a long enough period', () => {
  it('replaces the default week with the last 12 months on the monthly axis', () => {
    const opened = openOnLongView(LONG_VIEW_OPENING.retention)(defaultCondition(today), context);
    expect(opened.base).toEqual(presetRange('last12Months', today));
    expect(opened.base).toEqual({ from: '2025-11-28', to: '2026-11-27' });
    expect(opened.timeAxis).toBe(timeAxis('monthly').value);
  });

  it('keeps a chosen period of 90 days or more as it is', () => {
    const chosen = {
      ...defaultCondition(today),
      base: { from: '2026-08-01', to: '2026-10-29' },
    };
    const open = openOnLongView(LONG_VIEW_OPENING.prescriberChanges);
    expect(open(chosen, context)).toBe(chosen);
    const shorter = { ...chosen, base: { from: '2026-08-01', to: '2026-10-28' } };
    expect(open(shorter, context).base).toEqual(presetRange('last90Days', today));
  });
});
