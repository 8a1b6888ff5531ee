import { ADDRESS_MODES, addressSearchSchema, type AddressModeValue } from '@pharmalytics/domain';
import type { SearchCondition } from '../../search-condition/index.ts';

const modeValue = (key: (typeof ADDRESS_MODES)[number]['key']) =>
  ADDRESS_MODES.find((m) => m.key === key)!.value;

/** The address page's grouping modes by name. */
export const ADDRESS_MODE = {
  zipCode: modeValue('zipCode'),
  city: modeValue('city'),
  address: modeValue('address'),
} as const satisfies Record<string, AddressModeValue>;

export type AddressDraft = SearchCondition['address'];

/** The popup's message for a draft that cannot be applied, if any (spec 02 §5). */
export function addressError(draft: AddressDraft): string | undefined {
  const result = addressSearchSchema.safeParse({ value: draft.mode, text: draft.text });
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The applied address: the text trimmed; the zip code mode needs none. */
export function appliedAddress(draft: AddressDraft): AddressDraft {
  return { mode: draft.mode, text: draft.mode === ADDRESS_MODE.address ? draft.text.trim() : '' };
}

/** The label of the address button: the mode, and the text in address mode. */
export function addressLabel(address: AddressDraft): string {
  const mode = ADDRESS_MODES.find((m) => m.value === address.mode)!;
  return address.mode === ADDRESS_MODE.address && address.text
    ? `${mode.label}: ${address.text}`
    : mode.label;
}
