import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  defaultCondition,
  fromStored,
  loadCondition,
  queriedStoreCodes,
  saveCondition,
  storageKey,
  toStored,
  type SearchCondition,
  type ReadContext,
} from './condition.ts';

const TODAY = '2026-11-21';
const context: ReadContext = {
  today: TODAY,
  plan: 'advanced',
  activeStoreCodes: ['1001', '1002', '1003'],
};

const custom: SearchCondition = {
  preset: 99,
  base: { from: '2026-09-01', to: '2026-09-30' },
  comparisonType: 2,
  timeAxis: 2,
  pharmacy: { isAll: false, storeCodes: ['1001', '1003'] },
  metrics: { pharmacy: 'patient_counts', age: 'generic_dispensing_rates' },
  filters: {
    genericMedicine: [4, 5],
    medicalInstitutions: [{ text: 'Xクリニック（4011000011）', value: '4011000011' }],
    receptionTypes: ['在宅'],
  },
  sortOrder: 1,
  address: { mode: 2, text: '福岡県福岡市' },
};

describe('defaultCondition', () => {
  it('is the last 7 days against the previous period, daily, all stores, no filter', () => {
    expect(defaultCondition(TODAY)).toEqual({
      preset: 3,
      base: { from: '2026-11-14', to: '2026-11-20' },
      comparisonType: 1,
      timeAxis: 3,
      pharmacy: { isAll: true, storeCodes: [] },
      metrics: {},
      filters: { genericMedicine: [], medicalInstitutions: [], receptionTypes: [] },
      sortOrder: 2,
      address: { mode: 1, text: '' },
    });
  });
});

describe('toStored', () => {
  it('writes the spec shape with source and destination durations', () => {
    expect(toStored(defaultCondition(TODAY))).toEqual({
      duration: {
        source: { value: 3, text: '過去7日間', date: { from: '2026-11-14', to: '2026-11-20' } },
        destination: { value: 1, text: '前期間', date: { from: '2026-11-07', to: '2026-11-13' } },
      },
      timeAxis: { value: 3 },
      pharmacy: { isAll: true, stores: [] },
      chartType: {},
      filters: {
        generic_medicine_filters: [],
        medical_institution_filters: [],
        reception_type_filters: [],
      },
      sortOrder: { value: 2 },
      address: { value: 1, text: '' },
    });
    expect(toStored(custom).chartType).toEqual({ pharmacy: { value: 12 }, age: { value: 7 } });
    expect(toStored(custom).pharmacy.stores).toEqual([
      { storeCode: '1001' },
      { storeCode: '1003' },
    ]);
    expect(toStored(custom).duration.destination.date).toEqual({
      from: '2025-09-01',
      to: '2025-09-30',
    });
  });
});

describe('fromStored', () => {
  const roundTrip = (condition: SearchCondition, ctx = context) =>
    fromStored(JSON.parse(JSON.stringify(toStored(condition))), ctx);

  it('reads back a custom condition as it was', () => {
    expect(roundTrip(custom)).toEqual(custom);
  });

  it("recomputes a preset's dates for today", () => {
    const saved = toStored({
      ...defaultCondition('2026-10-01'),
      preset: 2,
      base: { from: '2026-09-01', to: '2026-09-30' },
    });
    expect(fromStored(saved, context)?.base).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });

  it('falls back when a saved store no longer exists or none is saved', () => {
    expect(roundTrip({ ...custom, pharmacy: { isAll: false, storeCodes: ['1001', '9999'] } })).toBe(
      null,
    );
    expect(roundTrip({ ...custom, pharmacy: { isAll: false, storeCodes: [] } })).toBeNull();
    expect(roundTrip({ ...custom, pharmacy: { isAll: true, storeCodes: [] } })?.pharmacy).toEqual({
      isAll: true,
      storeCodes: [],
    });
  });

  it('refuses broken or out-of-range values', () => {
    expect(fromStored(null, context)).toBeNull();
    expect(fromStored('text', context)).toBeNull();
    expect(fromStored({ duration: {} }, context)).toBeNull();
    const stored = toStored(custom);
    const broken = (patch: (s: typeof stored) => void) => {
      const copy = structuredClone(stored);
      patch(copy);
      return fromStored(copy, context);
    };
    expect(broken((s) => (s.duration.source.value = 42))).toBeNull();
    expect(broken((s) => (s.duration.destination.value = 3))).toBeNull();
    expect(broken((s) => (s.timeAxis.value = 5))).toBeNull();
    expect(broken((s) => (s.duration.source.date.from = '2026-02-30'))).toBeNull();
    expect(broken((s) => (s.duration.source.date = { from: '2026-10-01', to: '2026-09-01' }))).toBe(
      null,
    );
    // Daily axis over 730 days.
    expect(
      broken((s) => {
        s.timeAxis.value = 3;
        s.duration.source.date = { from: '2023-01-01', to: '2026-01-01' };
      }),
    ).toBeNull();
  });

  it('reads a condition saved before the analysis pages with their defaults', () => {
    const { chartType, filters, sortOrder, address, ...older } = toStored(custom);
    expect(fromStored(older, context)).toEqual({
      ...custom,
      metrics: {},
      filters: { genericMedicine: [], medicalInstitutions: [], receptionTypes: [] },
      sortOrder: 2,
      address: { mode: 1, text: '' },
    });
    expect([chartType, filters, sortOrder, address].every(Boolean)).toBe(true);
  });

  it('keeps only filter, sort, address and metric values that are still options', () => {
    const stored = toStored(custom);
    stored.filters!.generic_medicine_filters = [4, 99, 4];
    stored.filters!.reception_type_filters = ['在宅', '外来'];
    stored.sortOrder = { value: 7 };
    stored.address = { value: 9, text: 'x' };
    stored.chartType = { pharmacy: { value: 99 }, unknown_page: { value: 1 } };
    const read = fromStored(stored, context)!;
    expect(read.filters.genericMedicine).toEqual([4]);
    // Both reception types ticked is the same as no filter.
    expect(read.filters.receptionTypes).toEqual([]);
    expect(read.sortOrder).toBe(2);
    expect(read.address).toEqual({ mode: 1, text: '' });
    expect(read.metrics).toEqual({});
  });

  it('refuses a preset the plan does not offer', () => {
    const lastYear = { ...custom, preset: 8 as const };
    expect(roundTrip(lastYear)?.base).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(roundTrip(lastYear, { ...context, plan: 'free' })).toBeNull();
  });
});

describe('loadCondition and saveCondition', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubStorage() {
    const items = new Map<string, string>();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
      },
    });
    return items;
  }

  it('keeps the condition per member and corporation', () => {
    const items = stubStorage();
    const key = storageKey(7, '100001');
    expect(loadCondition(key, context)).toEqual(defaultCondition(TODAY));
    saveCondition(key, custom);
    expect(items.has('pharmalytics.search-condition.7.100001')).toBe(true);
    expect(loadCondition(key, context)).toEqual(custom);
    expect(loadCondition(storageKey(7, '100003'), context)).toEqual(defaultCondition(TODAY));
  });

  it('falls back to the default on unreadable storage', () => {
    const items = stubStorage();
    items.set('k', '{not json');
    expect(loadCondition('k', context)).toEqual(defaultCondition(TODAY));
  });
});

describe('queriedStoreCodes', () => {
  it('sends every active store when isAll', () => {
    expect(queriedStoreCodes(defaultCondition(TODAY), ['1001', '1002'])).toEqual(['1001', '1002']);
    expect(queriedStoreCodes(custom, ['1001', '1002', '1003'])).toEqual(['1001', '1003']);
  });
});
