import {
  comparisonRange,
  durationPresetByValue,
  FORM_MESSAGES,
  periodText,
  presetRange,
  validatePeriod,
  type ComparisonTypeValue,
  type DateRange,
  type DurationPresetValue,
  type TimeAxisValue,
} from '@pharmalytics/domain';
import { CUSTOM_PRESET, type PeriodCondition } from './condition.ts';

export type DateField = 'from' | 'to';

/** The period menu's temporary selections (spec 02 §2.1, §4, §5). */
export interface PeriodDraft {
  preset: DurationPresetValue;
  from: string | null;
  to: string | null;
  comparisonType: ComparisonTypeValue;
  timeAxis: TimeAxisValue;
  /**
   * Whether the menu chooses a time axis, whose length limit then applies. Without one (the
   * acquisition-rate map) only the longest limit of any axis does; `timeAxis` is kept as it was.
   */
  withTimeAxis: boolean;
  /** Start-after-end messages under the date that caused them. */
  errors: Partial<Record<DateField, string>>;
  /** A date typed in the field and not checked yet (checked when the field loses focus). */
  pending: DateField | null;
  /** The last dates that passed the checks, to go back to when a change breaks them. */
  lastValid: DateRange;
}

/** Opening the menu copies the applied condition and clears the errors. */
export function openDraft(applied: PeriodCondition, withTimeAxis = true): PeriodDraft {
  return {
    preset: applied.preset,
    from: applied.base.from,
    to: applied.base.to,
    comparisonType: applied.comparisonType,
    timeAxis: applied.timeAxis,
    withTimeAxis,
    errors: {},
    pending: null,
    lastValid: { ...applied.base },
  };
}

/** A preset replaces the dates; custom keeps them. */
export function choosePreset(
  draft: PeriodDraft,
  preset: DurationPresetValue,
  today: string,
): PeriodDraft {
  const def = durationPresetByValue(preset);
  if (!def) return draft;
  if (def.key === 'custom') return { ...draft, preset };
  const range = presetRange(def.key, today);
  return {
    ...draft,
    preset,
    from: range.from,
    to: range.to,
    errors: {},
    pending: null,
    lastValid: range,
  };
}

/** A date edited by hand: the preset becomes custom; the order is checked by `checkDate`. */
export function editDate(draft: PeriodDraft, field: DateField, value: string | null): PeriodDraft {
  return { ...draft, preset: CUSTOM_PRESET, [field]: value, errors: {}, pending: field };
}

/** Whether a pair of dates passes the order and calendar rules. */
function orderedPair(range: { from: string | null; to: string | null }, field: DateField): boolean {
  const errors = validatePeriod(range, { changed: field });
  return !errors.from && !errors.to;
}

/**
 * Checks the dates after `field` changed: a start after the end (or an end before the start, or
 * a date outside the calendar) shows its message and the date goes back to the applied one, or,
 * when that would break the order with the other date as it now is, to the last date that kept
 * it. A draft is never left on another invalid pair.
 */
export function checkDate(draft: PeriodDraft, field: DateField, applied: DateRange): PeriodDraft {
  const errors = validatePeriod({ from: draft.from, to: draft.to }, { changed: field });
  if (errors.from || errors.to) {
    const revert = orderedPair({ ...draft, [field]: applied[field] }, field)
      ? applied[field]
      : draft.lastValid[field];
    return {
      ...draft,
      [field]: revert,
      errors: { from: errors.from, to: errors.to },
      pending: null,
    };
  }
  const lastValid = draft.from && draft.to ? { from: draft.from, to: draft.to } : draft.lastValid;
  return { ...draft, errors: {}, pending: null, lastValid };
}

/** A date picked in the calendar: edited and checked at once. */
export function pickDate(
  draft: PeriodDraft,
  field: DateField,
  value: string | null,
  applied: DateRange,
): PeriodDraft {
  return checkDate(editDate(draft, field, value), field, applied);
}

/** The axis whose length limit applies; none when the menu has no axis. */
function limitingAxis(draft: PeriodDraft): TimeAxisValue | undefined {
  return draft.withTimeAxis ? draft.timeAxis : undefined;
}

/**
 * A message shown in the menu while the draft cannot be applied: a period too long for its axis
 * (daily over 730 days, the other axes over their years).
 */
export function draftNotice(draft: PeriodDraft): string | undefined {
  const errors = validatePeriod(draft, { timeAxis: limitingAxis(draft) });
  return errors.form === FORM_MESSAGES.periodBothRequired ? undefined : errors.form;
}

function ordered(draft: PeriodDraft): boolean {
  return !(draft.from && draft.to && draft.from > draft.to);
}

/**
 * Apply is disabled while a start/end message shows, while the dates are in the wrong order
 * and over the daily limit. Missing dates keep it enabled: apply then says both are needed.
 */
export function canApply(draft: PeriodDraft): boolean {
  return !draft.errors.from && !draft.errors.to && ordered(draft) && !draftNotice(draft);
}

export type ApplyResult =
  { ok: true; condition: PeriodCondition } | { ok: false; message?: string };

export function applyDraft(draft: PeriodDraft): ApplyResult {
  const errors = validatePeriod(draft, { timeAxis: limitingAxis(draft) });
  if (errors.form === FORM_MESSAGES.periodBothRequired) return { ok: false, message: errors.form };
  if (!canApply(draft) || errors.from || errors.to || errors.form) return { ok: false };
  return {
    ok: true,
    condition: {
      preset: draft.preset,
      base: { from: draft.from!, to: draft.to! },
      comparisonType: draft.comparisonType,
      timeAxis: draft.timeAxis,
    },
  };
}

/** The comparison period text of a draft, when its dates make a period. */
export function draftComparisonText(draft: PeriodDraft): string | null {
  const errors = validatePeriod(draft);
  if (errors.from || errors.to || errors.form) return null;
  return periodText(comparisonRange({ from: draft.from!, to: draft.to! }, draft.comparisonType));
}
