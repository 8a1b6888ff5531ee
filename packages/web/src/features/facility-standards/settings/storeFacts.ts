import type { StoreFacts } from './api.ts';

/** The facts a store is taken to have or not until an administrator says otherwise: checkboxes. */
export const CHECKBOX_FACTS = [
  'basic_fee_notified',
  'special_relationship',
  'real_estate_lease',
  'low_resource_area',
  'same_site_as_institution',
  'online_clinic_on_site',
] as const satisfies readonly (keyof StoreFacts)[];

/** The facts that stay unknown until entered: 未入力 / あり / なし. */
export const TRI_STATE_FACTS = [
  'medicine_supply_record',
  'price_negotiation',
  'regional_support_system',
] as const satisfies readonly (keyof StoreFacts)[];

/** A nullable fact as a radio value: null is 未入力 (or, for the area, taken from the city). */
export type TriState = 'unset' | 'yes' | 'no';
export const TRI_STATES = ['unset', 'yes', 'no'] as const satisfies readonly TriState[];

export const triStateOf = (value: boolean | null): TriState =>
  value === null ? 'unset' : value ? 'yes' : 'no';

export function triStateValue(state: string): boolean | null {
  if (state === 'yes') return true;
  if (state === 'no') return false;
  return null;
}

/** A date field's text as the fact: empty is 未入力 (null). */
export const dateFact = (text: string): string | null => (text.trim() === '' ? null : text.trim());
