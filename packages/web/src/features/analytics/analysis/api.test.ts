import { analysisPageByRoute } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { defaultCondition, type SearchCondition } from '../../search-condition/index.ts';
import { analysisQuery, csvQuery } from './api.ts';

const clinic = analysisPageByRoute('Clinic')!;
const age = analysisPageByRoute('Age')!;
const address = analysisPageByRoute('Address')!;
const base = defaultCondition('2026-11-21');
const filtered: SearchCondition = {
  ...base,
  timeAxis: 2,
  filters: {
    genericMedicine: [4, 5],
    medicalInstitutions: [
      { text: 'X（4011000011）', value: '4011000011' },
      { text: 'Y（4011000029）', value: '4011000029' },
    ],
    receptionTypes: ['在宅'],
  },
  sortOrder: 1,
  address: { mode: 2, text: ' 福岡県福岡市 ' },
};

describe('analysisQuery', () => {
  it('sends the period, axis and stores, and no filter while none narrows', () => {
    expect(analysisQuery(clinic, base, ['1001', '1002'])).toEqual({
      from: '2026-11-14',
      to: '2026-11-20',
      periodCode: '3',
      storeCodes: '1001,1002',
    });
  });

  it('sends the filters with their wire names: generic classes minus one', () => {
    expect(analysisQuery(clinic, filtered, ['1001'])).toEqual({
      from: '2026-11-14',
      to: '2026-11-20',
      periodCode: '2',
      storeCodes: '1001',
      generic_medicine_filters: '3,4',
      medicalInstitutionFilters: '4011000011,4011000029',
      receptionTypeFilters: '在宅',
    });
  });

  it('sends the sort order on the age page and the address on the address page only', () => {
    expect(analysisQuery(age, filtered, ['1001']).sortOrder).toBe('1');
    expect(analysisQuery(address, filtered, ['1001']).address).toBe('福岡県福岡市');
    expect(
      analysisQuery(address, { ...filtered, address: { mode: 1, text: 'x' } }, []),
    ).not.toHaveProperty('address');
    expect(analysisQuery(address, filtered, ['1001'])).not.toHaveProperty('addressMode');
    const byCity = analysisQuery(address, { ...filtered, address: { mode: 3, text: 'x' } }, []);
    expect(byCity).toMatchObject({ addressMode: 'city' });
    expect(byCity).not.toHaveProperty('address');
    expect(csvQuery(byCity, false)).toMatchObject({ address_mode: 'city' });
    expect(
      analysisQuery(clinic, { ...filtered, address: { mode: 3, text: '' } }, []),
    ).not.toHaveProperty('addressMode');
    expect(analysisQuery(clinic, filtered, [])).not.toHaveProperty('sortOrder');
  });

  it('sends the comparison period only when a comparison is chosen', () => {
    expect(analysisQuery(clinic, base, ['1001'])).not.toHaveProperty('comparisonFrom');
    const october = {
      ...base,
      preset: 99 as const,
      base: { from: '2026-10-01', to: '2026-10-31' },
    };
    expect(analysisQuery(clinic, { ...october, analysisComparison: 1 }, ['1001'])).toMatchObject({
      comparisonFrom: '2026-09-01',
      comparisonTo: '2026-09-30',
    });
    expect(analysisQuery(clinic, { ...october, analysisComparison: 2 }, ['1001'])).toMatchObject({
      comparisonFrom: '2025-10-01',
      comparisonTo: '2025-10-31',
    });
  });
});

describe('csvQuery', () => {
  it('is the chart query in snake_case, empty values left out', () => {
    const query = analysisQuery(age, filtered, ['1001']);
    expect(csvQuery(query, false)).toEqual({
      from: '2026-11-14',
      to: '2026-11-20',
      period_code: '2',
      store_codes: '1001',
      generic_medicine_filters: '3,4',
      medical_institution_filters: '4011000011,4011000029',
      reception_type_filters: '在宅',
      sort_order: '1',
    });
    expect(csvQuery(analysisQuery(clinic, base, ['1001']), true)).toEqual({
      from: '2026-11-14',
      to: '2026-11-20',
      period_code: '3',
      store_codes: '1001',
      separate_by_store: 'true',
    });
  });

  it('sends the comparison period as comparison_from and comparison_to', () => {
    const query = analysisQuery(clinic, { ...base, analysisComparison: 2 }, ['1001']);
    expect(csvQuery(query, false)).toMatchObject({
      comparison_from: '2025-11-14',
      comparison_to: '2025-11-20',
    });
  });
});
