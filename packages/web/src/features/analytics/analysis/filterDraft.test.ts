import { FORM_MESSAGES } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from '../../search-condition/index.ts';
import {
  activeFilterCount,
  appliedFilters,
  clearedFilterDraft,
  filterErrors,
  openFilterDraft,
  toggleAll,
  toggleOption,
} from './filterDraft.ts';

const CLINIC = { text: 'Xクリニック（4011000011）', value: '4011000011' };

describe('filter dialog', () => {
  it('opens with every option ticked when nothing is filtered', () => {
    const draft = openFilterDraft(NO_FILTERS);
    expect(draft.genericMedicine).toEqual([2, 3, 6, 4, 5, 1]);
    expect(draft.receptionTypes).toEqual(['在宅', '外来']);
    expect(draft.medicalInstitutions).toEqual([]);
    expect(filterErrors(draft)).toEqual({});
  });

  it('opens with the applied selection otherwise', () => {
    const draft = openFilterDraft({ ...NO_FILTERS, genericMedicine: [4, 5] });
    expect(draft.genericMedicine).toEqual([4, 5]);
  });

  it('sends every option ticked as none, and counts the filters that narrow', () => {
    const all = openFilterDraft(NO_FILTERS);
    expect(appliedFilters(all)).toEqual(NO_FILTERS);
    expect(activeFilterCount(appliedFilters(all))).toBe(0);

    let draft = toggleOption(all, 'genericMedicine', 2);
    draft = toggleOption(draft, 'receptionTypes', '在宅');
    draft = { ...draft, medicalInstitutions: [CLINIC] };
    const applied = appliedFilters(draft);
    expect(applied).toEqual({
      genericMedicine: [3, 6, 4, 5, 1],
      receptionTypes: ['外来'],
      medicalInstitutions: [CLINIC],
    });
    expect(activeFilterCount(applied)).toBe(3);
  });

  it('keeps the option order when ticking again', () => {
    const draft = toggleOption(
      openFilterDraft({ ...NO_FILTERS, genericMedicine: [1] }),
      'genericMedicine',
      2,
    );
    expect(draft.genericMedicine).toEqual([2, 1]);
  });

  it('refuses a checkbox filter with nothing ticked: 選択してください', () => {
    const none = toggleAll(openFilterDraft(NO_FILTERS), 'receptionTypes');
    expect(none.receptionTypes).toEqual([]);
    expect(filterErrors(none)).toEqual({ receptionTypes: FORM_MESSAGES.filterRequired });
    expect(toggleAll(none, 'receptionTypes').receptionTypes).toEqual(['在宅', '外来']);
  });

  it('clears to every option and no institution', () => {
    expect(appliedFilters(clearedFilterDraft())).toEqual(NO_FILTERS);
  });
});
