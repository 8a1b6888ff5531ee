import { FORM_MESSAGES, validatePeriod } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { defaultCondition } from './condition.ts';
import {
  applyDraft,
  canApply,
  checkDate,
  choosePreset,
  draftComparisonText,
  draftNotice,
  editDate,
  openDraft,
  pickDate,
} from './periodDraft.ts';

const TODAY = '2026-11-21';
const applied = defaultCondition(TODAY); // 2026-11-14〜2026-11-20
const draft = openDraft(applied);

describe('openDraft', () => {
  it('copies the applied condition without errors', () => {
    expect(draft).toEqual({
      preset: 3,
      from: '2026-11-14',
      to: '2026-11-20',
      comparisonType: 1,
      timeAxis: 3,
      withTimeAxis: true,
      errors: {},
      pending: null,
      lastValid: { from: '2026-11-14', to: '2026-11-20' },
    });
  });
});

describe('choosePreset', () => {
  it('sets the dates of the preset', () => {
    expect(choosePreset(draft, 2, TODAY)).toMatchObject({
      preset: 2,
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(choosePreset(draft, 1, TODAY)).toMatchObject({ from: '2026-11-01', to: '2026-11-21' });
  });

  it('keeps the dates for custom and clears errors on a real preset', () => {
    expect(choosePreset(draft, 99, TODAY)).toMatchObject({ preset: 99, from: '2026-11-14' });
    const withError = { ...draft, errors: { from: 'x' } };
    expect(choosePreset(withError, 4, TODAY).errors).toEqual({});
  });
});

describe('editing a date by hand', () => {
  it('switches the preset to custom', () => {
    expect(editDate(draft, 'from', '2026-11-10')).toMatchObject({
      preset: 99,
      from: '2026-11-10',
      pending: 'from',
    });
  });

  it('reverts a start after the end with its message', () => {
    const edited = pickDate(draft, 'from', '2026-11-25', applied.base);
    expect(edited).toMatchObject({
      preset: 99,
      from: '2026-11-14',
      errors: { from: FORM_MESSAGES.periodStartAfterEnd },
    });
    expect(canApply(edited)).toBe(false);
  });

  it('reverts an end before the start with its message', () => {
    const edited = pickDate(draft, 'to', '2026-11-01', applied.base);
    expect(edited).toMatchObject({
      to: '2026-11-20',
      errors: { to: FORM_MESSAGES.periodEndBeforeStart },
    });
    expect(canApply(edited)).toBe(false);
    // The next change clears the message.
    expect(canApply(editDate(edited, 'to', '2026-11-19'))).toBe(true);
  });

  it('checks a typed date only when asked (the field lost focus)', () => {
    const typed = editDate(draft, 'to', '2026-11-01');
    expect(typed.errors).toEqual({});
    expect(canApply(typed)).toBe(false);
    expect(checkDate(typed, 'to', applied.base).errors.to).toBe(FORM_MESSAGES.periodEndBeforeStart);
    expect(checkDate(editDate(draft, 'to', '2026-11-30'), 'to', applied.base)).toMatchObject({
      to: '2026-11-30',
      errors: {},
      pending: null,
    });
  });
});

describe('a date reverted after a bad change', () => {
  it('never goes back to a date that breaks the order with the other one', () => {
    // A custom 11/01〜11/05 first, then a start after its end: the applied start (11/14) would
    // still be after 11/05, so the start goes back to the last valid one.
    let current = pickDate(draft, 'from', '2026-11-01', applied.base);
    current = pickDate(current, 'to', '2026-11-05', applied.base);
    current = pickDate(current, 'from', '2026-11-10', applied.base);
    expect(current).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-05',
      errors: { from: FORM_MESSAGES.periodStartAfterEnd },
    });
    expect(validatePeriod(current)).toEqual({});
  });

  it('reverts a typed year outside the calendar (0002) when the field is left', () => {
    const typed = editDate(draft, 'to', '0002-11-20');
    expect(typed.pending).toBe('to');
    const checked = checkDate(typed, 'to', applied.base);
    expect(checked.to).toBe('2026-11-20');
    expect(checked.errors.to).toBe(FORM_MESSAGES.periodOutOfRange);
  });

  it('keeps a fully typed date', () => {
    const typed = checkDate(editDate(draft, 'from', '2026-01-05'), 'from', applied.base);
    expect(typed).toMatchObject({ from: '2026-01-05', preset: 99, errors: {} });
    expect(canApply(typed)).toBe(true);
  });
});

describe('applyDraft', () => {
  it('needs both dates', () => {
    expect(applyDraft(editDate(draft, 'from', null))).toEqual({
      ok: false,
      message: FORM_MESSAGES.periodBothRequired,
    });
    expect(canApply(editDate(draft, 'to', null))).toBe(true);
  });

  it('refuses more than 730 days on the daily axis', () => {
    const long = editDate(editDate(draft, 'from', '2024-11-20'), 'to', '2026-11-20');
    expect(draftNotice(long)).toBe(FORM_MESSAGES.dailyAxisTooLong);
    expect(canApply(long)).toBe(false);
    expect(applyDraft(long)).toEqual({ ok: false });
    const monthly = { ...long, timeAxis: 2 as const };
    expect(draftNotice(monthly)).toBeUndefined();
    expect(applyDraft(monthly)).toMatchObject({ ok: true });
    const exactly730 = editDate(draft, 'from', '2024-11-21');
    expect(draftNotice(exactly730)).toBeUndefined();
  });

  it('without a time axis, allows up to the longest limit of any axis', () => {
    const long = editDate(editDate(openDraft(applied, false), 'from', '2016-11-20'), 'to', TODAY);
    expect(long.withTimeAxis).toBe(false);
    expect(draftNotice(long)).toBeUndefined();
    expect(applyDraft(long)).toMatchObject({
      ok: true,
      condition: { base: { from: '2016-11-20', to: TODAY }, timeAxis: applied.timeAxis },
    });
    const tooLong = editDate(long, 'from', '2006-11-20');
    expect(draftNotice(tooLong)).toBe(FORM_MESSAGES.periodTooLong(20, undefined));
    expect(canApply(tooLong)).toBe(false);
  });

  it('refuses more than 10 years on the monthly axis', () => {
    const long = { ...editDate(draft, 'from', '2016-11-20'), timeAxis: 2 as const };
    expect(draftNotice(long)).toBe(FORM_MESSAGES.periodTooLong(10, '月次'));
    expect(canApply(long)).toBe(false);
    expect(applyDraft(long)).toEqual({ ok: false });
    expect(draftNotice({ ...long, timeAxis: 1 as const })).toBeUndefined();
  });

  it('returns the new period, comparison type and axis', () => {
    const next = {
      ...choosePreset(draft, 2, TODAY),
      comparisonType: 2 as const,
      timeAxis: 4 as const,
    };
    expect(applyDraft(next)).toEqual({
      ok: true,
      condition: {
        preset: 2,
        base: { from: '2026-10-01', to: '2026-10-31' },
        comparisonType: 2,
        timeAxis: 4,
      },
    });
  });
});

describe('draftComparisonText', () => {
  it('follows the draft', () => {
    expect(draftComparisonText(draft)).toBe('2026/11/07〜2026/11/13');
    expect(draftComparisonText({ ...draft, comparisonType: 2 })).toBe('2025/11/14〜2025/11/20');
    expect(draftComparisonText(editDate(draft, 'to', null))).toBeNull();
  });
});
