import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  defaultCondition,
  defaultMarketShare,
  defaultScorecard,
  fromStored,
  loadCondition,
  queriedStoreCodes,
  readMarketShare,
  readScorecard,
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
  analysisComparison: 1,
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
  marketShare: { preset: 99, base: { from: '2026-06-01', to: '2026-08-31' }, storeCode: '1002' },
  scorecard: { preset: 99, base: { from: '2026-04-01', to: '2026-06-30' }, comparisonType: 1 },
};

describe('defaultCondition', () => {
  it('is the last 7 days against the previous period, daily, all stores, no filter', () => {
    expect(defaultCondition(TODAY)).toEqual({
      preset: 3,
      base: { from: '2026-11-14', to: '2026-11-20' },
      comparisonType: 1,
      analysisComparison: null,
      timeAxis: 3,
      pharmacy: { isAll: true, storeCodes: [] },
      metrics: {},
      filters: { genericMedicine: [], medicalInstitutions: [], receptionTypes: [] },
      sortOrder: 2,
      address: { mode: 1, text: '' },
      marketShare: {
        preset: 5,
        base: { from: '2026-08-23', to: '2026-11-20' },
        storeCode: null,
      },
      scorecard: {
        preset: 2,
        base: { from: '2026-10-01', to: '2026-10-31' },
        comparisonType: 2,
      },
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
      analysisComparison: null,
      marketShare: {
        duration: {
          value: 5,
          text: '過去90日間',
          date: { from: '2026-08-23', to: '2026-11-20' },
        },
        store: null,
      },
      scorecard: {
        duration: { value: 2, text: '先月', date: { from: '2026-10-01', to: '2026-10-31' } },
        comparison: { value: 2 },
      },
    });
    expect(toStored(custom).marketShare).toEqual({
      duration: { value: 99, text: 'カスタム', date: { from: '2026-06-01', to: '2026-08-31' } },
      store: { storeCode: '1002' },
    });
    expect(toStored(custom).chartType).toEqual({ pharmacy: { value: 12 }, age: { value: 7 } });
    expect(toStored(custom).analysisComparison).toEqual({ value: 1 });
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
    const {
      chartType,
      filters,
      sortOrder,
      address,
      marketShare,
      analysisComparison,
      scorecard,
      ...older
    } = toStored(custom);
    expect(scorecard).toBeDefined();
    expect(fromStored(older, context)).toEqual({
      ...custom,
      analysisComparison: null,
      metrics: {},
      filters: { genericMedicine: [], medicalInstitutions: [], receptionTypes: [] },
      sortOrder: 2,
      address: { mode: 1, text: '' },
      marketShare: defaultMarketShare(TODAY),
      scorecard: defaultScorecard(TODAY),
    });
    expect(
      [chartType, filters, sortOrder, address, marketShare, analysisComparison].every(Boolean),
    ).toBe(true);
  });

  it("keeps the analysis pages' comparison, none by default or when unreadable", () => {
    expect(roundTrip({ ...custom, analysisComparison: 2 })?.analysisComparison).toBe(2);
    expect(roundTrip({ ...custom, analysisComparison: null })?.analysisComparison).toBeNull();
    const stored = { ...toStored(custom), analysisComparison: { value: 7 } };
    expect(fromStored(stored, context)?.analysisComparison).toBeNull();
    const garbled = { ...toStored(custom), analysisComparison: 'x' };
    expect(fromStored(garbled, context)?.analysisComparison).toBeNull();
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

describe('the market share part', () => {
  const withMarketShare = (marketShare: unknown) => ({ ...toStored(custom), marketShare });
  const read = (marketShare: unknown, ctx = context) =>
    fromStored(withMarketShare(marketShare), ctx)?.marketShare;

  it('defaults to the last 90 days and no store', () => {
    expect(defaultMarketShare(TODAY)).toEqual({
      preset: 5,
      base: { from: '2026-08-23', to: '2026-11-20' },
      storeCode: null,
    });
  });

  it('is kept apart from the main period and stores', () => {
    const read = roundTripOf({
      ...custom,
      marketShare: { preset: 4, base: { from: '2026-10-22', to: '2026-11-20' }, storeCode: '1003' },
    });
    expect(read?.marketShare).toEqual({
      preset: 4,
      base: { from: '2026-10-22', to: '2026-11-20' },
      storeCode: '1003',
    });
    expect(read?.base).toEqual(custom.base);
    expect(read?.pharmacy).toEqual(custom.pharmacy);
  });

  it("recomputes a preset's dates for today and keeps a custom period", () => {
    const saved = {
      duration: { value: 5, text: '過去90日間', date: { from: '2026-01-01', to: '2026-03-31' } },
      store: { storeCode: '1001' },
    };
    expect(read(saved)).toEqual({ ...defaultMarketShare(TODAY), storeCode: '1001' });
    const customPeriod = {
      duration: { value: 99, text: 'カスタム', date: { from: '2024-01-01', to: '2026-03-31' } },
      store: null,
    };
    // Longer than the daily axis allows: the map has no axis.
    expect(read(customPeriod)).toEqual({
      preset: 99,
      base: { from: '2024-01-01', to: '2026-03-31' },
      storeCode: null,
    });
  });

  it('forgets a store that is no longer active or browsable', () => {
    const saved = (storeCode: string) => ({
      duration: { value: 4, text: '過去30日間', date: { from: '2026-10-22', to: '2026-11-20' } },
      store: { storeCode },
    });
    expect(read(saved('9999'))?.storeCode).toBeNull();
    const onlyTenjin = { ...context, activeStoreCodes: ['1001'] };
    expect(readMarketShare({ marketShare: saved('1002') }, onlyTenjin).storeCode).toBeNull();
    expect(readMarketShare({ marketShare: saved('1001') }, onlyTenjin).storeCode).toBe('1001');
    expect(read(saved('1002'))?.storeCode).toBe('1002');
  });

  it('falls back to the default period alone when its period is unusable', () => {
    const withDates = (value: number, from: string, to: string) => ({
      duration: { value, text: '', date: { from, to } },
      store: { storeCode: '1001' },
    });
    const fallback = { ...defaultMarketShare(TODAY), storeCode: '1001' };
    expect(read(withDates(99, '2026-10-01', '2026-09-01'))).toEqual(fallback);
    expect(read(withDates(99, '2026-02-30', '2026-03-01'))).toEqual(fallback);
    expect(read(withDates(42, '2026-10-01', '2026-10-31'))).toEqual(fallback);
    expect(read({ duration: 'broken', store: { storeCode: '1001' } })).toEqual(fallback);
    expect(read({ store: { storeCode: '1001' } })).toEqual(fallback);
    // A preset the plan does not offer.
    expect(read(withDates(8, '2025-01-01', '2025-12-31'), { ...context, plan: 'free' })).toEqual({
      ...defaultMarketShare(TODAY),
      storeCode: '1001',
    });
  });

  it('reads a condition saved before the map with its defaults', () => {
    const { marketShare, ...older } = toStored(custom);
    expect(marketShare).toBeDefined();
    expect(fromStored(older, context)?.marketShare).toEqual(defaultMarketShare(TODAY));
    expect(read(null)).toEqual(defaultMarketShare(TODAY));
    expect(read('text')).toEqual(defaultMarketShare(TODAY));
  });
});

describe('the scorecard part', () => {
  const stored = (scorecard: SearchCondition['scorecard']) =>
    JSON.parse(JSON.stringify(toStored({ ...custom, scorecard })));

  it('keeps a chosen period and comparison, a preset recomputed for today', () => {
    expect(readScorecard(stored(custom.scorecard), context)).toEqual(custom.scorecard);
    const lastMonthThen = {
      preset: 2 as const,
      base: { from: '2026-08-01', to: '2026-08-31' },
      comparisonType: 1 as const,
    };
    expect(readScorecard(stored(lastMonthThen), context)).toEqual({
      ...lastMonthThen,
      base: { from: '2026-10-01', to: '2026-10-31' },
    });
  });

  it('starts again at last month against the previous year when missing or unusable', () => {
    expect(readScorecard(null, context)).toEqual(defaultScorecard(TODAY));
    const unknownComparison = stored(custom.scorecard);
    unknownComparison.scorecard.comparison.value = 7;
    expect(readScorecard(unknownComparison, context)).toEqual(defaultScorecard(TODAY));
    // The free plan offers no 昨年.
    const lastYear = stored({ ...custom.scorecard, preset: 8 });
    expect(readScorecard(lastYear, { ...context, plan: 'free' })).toEqual(defaultScorecard(TODAY));
  });

  it('stays when the main part falls back', () => {
    const saved = stored(custom.scorecard);
    saved.pharmacy = { isAll: false, stores: [{ storeCode: '9999' }] };
    expect(fromStored(saved, context)).toBeNull();
    expect(readScorecard(saved, context)).toEqual(custom.scorecard);
  });
});

function roundTripOf(condition: SearchCondition) {
  return fromStored(JSON.parse(JSON.stringify(toStored(condition))), context);
}

describe('loadCondition and saveCondition', () => {
  afterEach(() => vi.unstubAllGlobals());

  function memoryStorage() {
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
    const items = memoryStorage();
    const key = storageKey(7, '100001');
    expect(loadCondition(key, context)).toEqual(defaultCondition(TODAY));
    saveCondition(key, custom);
    expect(items.has('pharmalytics.search-condition.7.100001')).toBe(true);
    expect(loadCondition(key, context)).toEqual(custom);
    expect(loadCondition(storageKey(7, '100003'), context)).toEqual(defaultCondition(TODAY));
  });

  it('keeps the market share and scorecard parts when the main part falls back', () => {
    const items = memoryStorage();
    const key = storageKey(7, '100001');
    saveCondition(key, {
      ...custom,
      pharmacy: { isAll: false, storeCodes: ['9999'] },
      marketShare: { ...custom.marketShare, storeCode: '1001' },
    });
    expect(items.size).toBe(1);
    expect(loadCondition(key, context)).toEqual({
      ...defaultCondition(TODAY),
      marketShare: { ...custom.marketShare, storeCode: '1001' },
      scorecard: custom.scorecard,
    });
  });

  it('falls back to the default on unreadable storage', () => {
    const items = memoryStorage();
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
