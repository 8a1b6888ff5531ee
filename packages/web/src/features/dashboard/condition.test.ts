import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  defaultCondition,
  fromStored,
  loadCondition,
  queriedStoreCodes,
  saveCondition,
  storageKey,
  toStored,
  type DashboardCondition,
  type ReadContext,
} from './condition.ts';

const TODAY = '2026-11-21';
const context: ReadContext = {
  today: TODAY,
  plan: 'advanced',
  activeStoreCodes: ['1001', '1002', '1003'],
};

const custom: DashboardCondition = {
  preset: 99,
  base: { from: '2026-09-01', to: '2026-09-30' },
  comparisonType: 2,
  timeAxis: 2,
  pharmacy: { isAll: false, storeCodes: ['1001', '1003'] },
};

describe('defaultCondition', () => {
  it('is the last 7 days against the previous period, daily, all stores', () => {
    expect(defaultCondition(TODAY)).toEqual({
      preset: 3,
      base: { from: '2026-11-14', to: '2026-11-20' },
      comparisonType: 1,
      timeAxis: 3,
      pharmacy: { isAll: true, storeCodes: [] },
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
    });
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
  const roundTrip = (condition: DashboardCondition, ctx = context) =>
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
    expect(items.has('pharmalytics.dashboard.condition.7.100001')).toBe(true);
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
