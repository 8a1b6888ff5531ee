import { differenceInCalendarDays, isValid, parseISO } from 'date-fns';
import { z } from 'zod';
import { ANALYSIS_TABLE } from '../constants.ts';
import { ADDRESS_MODES } from '../filters.ts';
import { FORM_MESSAGES } from '../messages.ts';
import { DAILY_AXIS_MAX_DAYS, TIME_AXES, timeAxis } from '../periods.ts';

const ADDRESS_MODE_VALUES = ADDRESS_MODES.map((m) => m.value) as [number, ...number[]];
const ADDRESS_MODE_ADDRESS = ADDRESS_MODES.find((m) => m.key === 'address')!.value;

/** Address popup of the address page: in address mode the text must not be blank. */
export const addressSearchSchema = z
  .object({
    value: z.literal(ADDRESS_MODE_VALUES),
    text: z.string(),
  })
  .refine((form) => form.value !== ADDRESS_MODE_ADDRESS || form.text.trim() !== '', {
    error: FORM_MESSAGES.addressRequired,
    path: ['text'],
  });
export type AddressSearchForm = z.infer<typeof addressSearchSchema>;

const TIME_AXIS_VALUES = TIME_AXES.map((a) => a.value) as [number, ...number[]];
const DAILY = timeAxis('daily').value;

const isoDate = z
  .string({ error: FORM_MESSAGES.periodBothRequired })
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isValid(parseISO(v)), {
    error: FORM_MESSAGES.periodBothRequired,
  });

/**
 * Period menu (yyyy-MM-dd dates). A start after the end is reported on both dates, with the
 * start and end wording; the menu shows the one for the date being edited.
 */
export const periodSchema = z
  .object({ from: isoDate, to: isoDate, timeAxis: z.literal(TIME_AXIS_VALUES) })
  .superRefine((form, ctx) => {
    if (form.from > form.to) {
      ctx.addIssue({ code: 'custom', message: FORM_MESSAGES.periodStartAfterEnd, path: ['from'] });
      ctx.addIssue({ code: 'custom', message: FORM_MESSAGES.periodEndBeforeStart, path: ['to'] });
      return;
    }
    const days = differenceInCalendarDays(parseISO(form.to), parseISO(form.from)) + 1;
    if (form.timeAxis === DAILY && days > DAILY_AXIS_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', message: FORM_MESSAGES.dailyAxisTooLong, path: ['timeAxis'] });
    }
  });
export type PeriodForm = z.infer<typeof periodSchema>;

/** Store selection of the dashboard: all stores, or at least one chosen. */
export const storeSelectionSchema = z
  .object({
    isAll: z.boolean(),
    stores: z.array(z.object({ storeCode: z.string() })),
  })
  .refine((s) => s.isAll || s.stores.length > 0, {
    error: FORM_MESSAGES.storeRequired,
    path: ['stores'],
  });
export type StoreSelection = z.infer<typeof storeSelectionSchema>;

/** A checkbox filter of the filter dialog needs at least one option ticked. */
export const checkboxFilterSchema = z
  .array(z.union([z.string(), z.number()]))
  .min(1, FORM_MESSAGES.filterRequired);

/** Ticked rows of the breakdown table: one to ten. */
export const tableSelectionSchema = z
  .array(z.string())
  .min(1, FORM_MESSAGES.tableMinChecked)
  .max(ANALYSIS_TABLE.maxChecked, FORM_MESSAGES.tableMaxChecked);
