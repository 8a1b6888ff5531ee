import { describe, expect, it } from 'vitest';
import {
  AGE_BANDS,
  MARKET_SHARE_AGE_BANDS,
  GENERIC_MEDICINE_FILTERS,
  ageBandIndex,
  compareAgeGroups,
  compareReceptionCounts,
  compareTimeSlots,
  genericMedicineFilterQuery,
  receptionTypeFilterQuery,
} from './filters.ts';

describe('age bands', () => {
  it('run by decade to 90歳以上, with 不明 only for market share', () => {
    expect(AGE_BANDS[0]).toBe('0～9');
    expect(AGE_BANDS[8]).toBe('80～89');
    expect(AGE_BANDS[9]).toBe('90歳以上');
    expect(AGE_BANDS).toHaveLength(10);
    expect(MARKET_SHARE_AGE_BANDS).toEqual([...AGE_BANDS, '不明']);
  });

  it('place an age in its band and a missing age in 不明', () => {
    expect(MARKET_SHARE_AGE_BANDS[ageBandIndex(0)]).toBe('0～9');
    expect(MARKET_SHARE_AGE_BANDS[ageBandIndex(19)]).toBe('10～19');
    expect(MARKET_SHARE_AGE_BANDS[ageBandIndex(90)]).toBe('90歳以上');
    expect(MARKET_SHARE_AGE_BANDS[ageBandIndex(104)]).toBe('90歳以上');
    expect(MARKET_SHARE_AGE_BANDS[ageBandIndex(null)]).toBe('不明');
  });
});

describe('age-group sort', () => {
  const labels = ['不明', '10～19', '90歳以上', '0～9', '80～89'];

  it('ranks 不明 as 100 ascending', () => {
    expect([...labels].sort((a, b) => compareAgeGroups(a, b, 'asc'))).toEqual([
      '0～9',
      '10～19',
      '80～89',
      '90歳以上',
      '不明',
    ]);
  });

  it('puts 不明 last descending', () => {
    expect([...labels].sort((a, b) => compareAgeGroups(a, b, 'desc'))).toEqual([
      '90歳以上',
      '80～89',
      '10～19',
      '0～9',
      '不明',
    ]);
  });
});

describe('time-slot sort', () => {
  it('orders by the leading two digits', () => {
    const slots = ['10:00～10:59', '09:00～09:59', '23:00～23:59', '00:00～00:59'];
    expect(slots.sort(compareTimeSlots)).toEqual([
      '00:00～00:59',
      '09:00～09:59',
      '10:00～10:59',
      '23:00～23:59',
    ]);
  });

  it('puts a label without an hour last', () => {
    expect(['不明', '08時', '07時'].sort(compareTimeSlots)).toEqual(['07時', '08時', '不明']);
  });
});

describe('reception-count sort', () => {
  it('orders numerically after stripping non-digits', () => {
    expect(['10回以上', '2回', '1回', '3回'].sort(compareReceptionCounts)).toEqual([
      '1回',
      '2回',
      '3回',
      '10回以上',
    ]);
  });
});

describe('checkbox filter queries', () => {
  it('send generic values minus 1, in option order', () => {
    expect(genericMedicineFilterQuery([4, 2])).toBe('1,3');
    expect(genericMedicineFilterQuery([1])).toBe('0');
  });

  it('send everything selected as an empty list', () => {
    expect(genericMedicineFilterQuery(GENERIC_MEDICINE_FILTERS.map((o) => o.value))).toBe('');
    expect(receptionTypeFilterQuery(['外来', '在宅'])).toBe('');
    expect(receptionTypeFilterQuery(['外来'])).toBe('外来');
  });

  it('list the generic options in the spec order', () => {
    expect(GENERIC_MEDICINE_FILTERS.map((o) => o.value)).toEqual([2, 3, 6, 4, 5, 1]);
  });
});
