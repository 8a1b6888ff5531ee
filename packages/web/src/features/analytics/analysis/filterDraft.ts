import {
  checkboxFilterSchema,
  GENERIC_MEDICINE_FILTERS,
  RECEPTION_TYPE_FILTERS,
  type GenericMedicineFilterValue,
  type MedicalInstitutionFilterItem,
  type ReceptionTypeFilterValue,
} from '@pharmalytics/domain';
import { NO_FILTERS, type ConditionFilters } from '../../search-condition/index.ts';

/** The filter dialog's selections: checkbox filters hold the ticked options. */
export interface FilterDraft {
  genericMedicine: GenericMedicineFilterValue[];
  receptionTypes: ReceptionTypeFilterValue[];
  medicalInstitutions: MedicalInstitutionFilterItem[];
}

export type CheckboxFilter = 'genericMedicine' | 'receptionTypes';

const everyOption = {
  genericMedicine: () => GENERIC_MEDICINE_FILTERS.map((o) => o.value),
  receptionTypes: () => RECEPTION_TYPE_FILTERS.map((o) => o.value),
} as const;

const OPTIONS = {
  genericMedicine: GENERIC_MEDICINE_FILTERS,
  receptionTypes: RECEPTION_TYPE_FILTERS,
};

/** Opening the dialog: an unfiltered checkbox filter shows every option ticked (spec 02 §4). */
export function openFilterDraft(applied: ConditionFilters): FilterDraft {
  return {
    genericMedicine:
      applied.genericMedicine.length > 0
        ? [...applied.genericMedicine]
        : everyOption.genericMedicine(),
    receptionTypes:
      applied.receptionTypes.length > 0
        ? [...applied.receptionTypes]
        : everyOption.receptionTypes(),
    medicalInstitutions: [...applied.medicalInstitutions],
  };
}

/** Clear: every option ticked and no institution. */
export function clearedFilterDraft(): FilterDraft {
  return openFilterDraft(NO_FILTERS);
}

/** Ticks or unticks one option, keeping the options' order. */
export function toggleOption<F extends CheckboxFilter>(
  draft: FilterDraft,
  filter: F,
  value: FilterDraft[F][number],
): FilterDraft {
  const current = draft[filter] as readonly (string | number)[];
  const ticked = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const ordered = (OPTIONS[filter] as readonly { value: string | number }[])
    .map((o) => o.value)
    .filter((v) => ticked.includes(v));
  return { ...draft, [filter]: ordered };
}

/** Ticks every option of a filter, or none when all are ticked. */
export function toggleAll(draft: FilterDraft, filter: CheckboxFilter): FilterDraft {
  const all = everyOption[filter]();
  return { ...draft, [filter]: draft[filter].length === all.length ? [] : all };
}

/** A checkbox filter with no option ticked shows 選択してください (spec 02 §5). */
export function filterErrors(draft: FilterDraft): Partial<Record<CheckboxFilter, string>> {
  const errors: Partial<Record<CheckboxFilter, string>> = {};
  for (const filter of ['genericMedicine', 'receptionTypes'] as const) {
    const result = checkboxFilterSchema.safeParse(draft[filter]);
    if (!result.success) errors[filter] = result.error.issues[0]?.message;
  }
  return errors;
}

/** The filters a valid draft applies: every option ticked is sent as none (the empty list). */
export function appliedFilters(draft: FilterDraft): ConditionFilters {
  const normalise = <T>(ticked: T[], all: readonly T[]) =>
    ticked.length === all.length ? [] : [...ticked];
  return {
    genericMedicine: normalise(draft.genericMedicine, everyOption.genericMedicine()),
    receptionTypes: normalise(draft.receptionTypes, everyOption.receptionTypes()),
    medicalInstitutions: [...draft.medicalInstitutions],
  };
}

/** The badge: how many filters narrow the data. */
export function activeFilterCount(filters: ConditionFilters): number {
  return [filters.genericMedicine, filters.receptionTypes, filters.medicalInstitutions].filter(
    (list) => list.length > 0,
  ).length;
}
