import { z } from 'zod';
import { ANALYSIS_TABLE } from '../constants.ts';
import { ADDRESS_MODES } from '../filters.ts';
import { FORM_MESSAGES } from '../messages.ts';

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
