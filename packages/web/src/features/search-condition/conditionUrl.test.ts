import { analysisPageByRoute } from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { defaultCondition, type ReadContext, type SearchCondition } from './condition.ts';
import {
  analysisUrlScope,
  conditionFromParams,
  conditionToParams,
  DASHBOARD_URL_SCOPE,
  SCORECARD_URL_SCOPE,
} from './conditionUrl.ts';

const TODAY = '2026-11-21';
const context: ReadContext = {
  today: TODAY,
  plan: 'advanced',
  activeStoreCodes: ['1001', '1002', '1003'],
};
const stored = defaultCondition(TODAY);
const clinic = analysisUrlScope(analysisPageByRoute('Clinic')!);
const age = analysisUrlScope(analysisPageByRoute('Age')!);
const address = analysisUrlScope(analysisPageByRoute('Address')!);

const october: SearchCondition = {
  ...stored,
  preset: 99,
  base: { from: '2026-10-01', to: '2026-10-31' },
  comparisonType: 2,
  analysisComparison: 2,
  timeAxis: 2,
  pharmacy: { isAll: false, storeCodes: ['1001', '1002'] },
  metrics: { clinic: 'prescription_counts', age: 'generic_dispensing_rates' },
  filters: {
    genericMedicine: [4, 5],
    medicalInstitutions: [{ text: 'Xクリニック（4011000011）', value: '4011000011' }],
    receptionTypes: ['在宅'],
  },
  sortOrder: 1,
  address: { mode: 2, text: '福岡県福岡市' },
};

const read = (query: string, scope = clinic, current = stored, ctx = context) =>
  conditionFromParams(new URLSearchParams(query), current, scope, ctx);

describe('conditionToParams', () => {
  it('writes the period, comparison, stores, metric and filters of an analysis page', () => {
    expect(conditionToParams(october, clinic).toString()).toBe(
      new URLSearchParams({
        from: '2026-10-01',
        to: '2026-10-31',
        preset: '99',
        axis: '2',
        cmp: '2',
        stores: '1001,1002',
        metric: 'prescription_counts',
        generic: '4,5',
        reception: '在宅',
        inst: '4011000011',
      }).toString(),
    );
  });

  it("writes the dashboard's comparison there, none of the analysis parts", () => {
    const params = conditionToParams({ ...october, comparisonType: 1 }, DASHBOARD_URL_SCOPE);
    expect([...params.keys()]).toEqual(['from', 'to', 'preset', 'axis', 'cmp', 'stores']);
    expect(params.get('cmp')).toBe('1');
  });

  it('writes no comparison as 0, every store as all', () => {
    const params = conditionToParams(stored, clinic);
    expect(params.get('cmp')).toBe('0');
    expect(params.get('stores')).toBe('all');
    expect(params.has('metric')).toBe(false);
  });

  it('writes the sort on the age page and the address on the address page only', () => {
    expect(conditionToParams(october, age).get('sort')).toBe('1');
    expect(conditionToParams(october, clinic).has('sort')).toBe(false);
    expect(conditionToParams(october, address).get('addr')).toBe('福岡県福岡市');
    expect(
      conditionToParams({ ...october, address: { mode: 1, text: 'x' } }, address).get('addr'),
    ).toBe('');
    expect(conditionToParams(october, clinic).has('addr')).toBe(false);
  });
});

describe('conditionFromParams', () => {
  it('reads back what it wrote, on every kind of page', () => {
    const shared = {
      preset: october.preset,
      base: october.base,
      timeAxis: october.timeAxis,
      pharmacy: october.pharmacy,
    };
    const pageParts = (family: 'clinic' | 'age' | 'address') => ({
      ...shared,
      analysisComparison: october.analysisComparison,
      metrics: { [family]: october.metrics[family] },
      filters: october.filters,
    });
    // Over the same stored condition every part comes back, institution names included.
    for (const scope of [clinic, age, address]) {
      expect(read(conditionToParams(october, scope).toString(), scope, october)).toEqual({
        condition: october,
        droppedStores: false,
      });
    }
    // Over another one, the parts the page shows.
    expect(read(conditionToParams(october, clinic).toString(), clinic).condition).toEqual({
      ...stored,
      ...pageParts('clinic'),
      metrics: { clinic: 'prescription_counts' },
      filters: {
        ...october.filters,
        medicalInstitutions: [{ text: '4011000011', value: '4011000011' }],
      },
    });
    expect(read(conditionToParams(october, age).toString(), age).condition).toMatchObject({
      sortOrder: 1,
      address: stored.address,
    });
    expect(read(conditionToParams(october, address).toString(), address).condition).toMatchObject({
      sortOrder: stored.sortOrder,
      address: october.address,
    });
    const dashboard = conditionToParams(october, DASHBOARD_URL_SCOPE).toString();
    expect(read(dashboard, DASHBOARD_URL_SCOPE).condition).toEqual({
      ...stored,
      ...shared,
      comparisonType: 2,
    });
  });

  it('keeps a preset whose dates are today’s, and the dates of an older one as a custom period', () => {
    // Last 7 days as of today.
    expect(read('from=2026-11-14&to=2026-11-20&preset=3&axis=3').condition).toMatchObject({
      preset: 3,
      base: { from: '2026-11-14', to: '2026-11-20' },
    });
    // Last 7 days as of a week ago: the link shows those days.
    expect(read('from=2026-11-07&to=2026-11-13&preset=3&axis=3').condition).toMatchObject({
      preset: 99,
      base: { from: '2026-11-07', to: '2026-11-13' },
    });
  });

  it('drops stores the member may not browse and says so', () => {
    const result = read('stores=1001,2001,1003');
    expect(result.condition.pharmacy).toEqual({ isAll: false, storeCodes: ['1001', '1003'] });
    expect(result.droppedStores).toBe(true);
    const none = read('stores=2001,2002');
    expect(none.condition.pharmacy).toEqual(stored.pharmacy);
    expect(none.droppedStores).toBe(true);
    expect(read('stores=all').condition.pharmacy).toEqual({ isAll: true, storeCodes: [] });
  });

  it('ignores what it cannot read and keeps the current condition for it', () => {
    const current = october;
    const result = read(
      [
        'from=2026-02-30&to=2026-03-01&preset=99',
        'axis=9',
        'cmp=7',
        'stores=',
        'metric=no_such_metric',
        'generic=4,99',
        'reception=外来,x',
        'inst=12a',
        'sort=5',
      ].join('&'),
      age,
      current,
    );
    expect(result).toEqual({ condition: current, droppedStores: false });
    expect(read('', clinic, current)).toEqual({ condition: current, droppedStores: false });
    expect(read('from=2026-10-31&to=2026-10-01', clinic, current).condition.base).toEqual(
      current.base,
    );
  });

  it('refuses a period longer than its axis allows', () => {
    // Three years on the daily axis.
    expect(read('from=2023-01-01&to=2026-01-01&preset=99&axis=3').condition.base).toEqual(
      stored.base,
    );
  });

  it('refuses a period the free plan cannot see', () => {
    const free = { ...context, plan: 'free' as const };
    const result = read('from=2025-01-01&to=2025-01-31&preset=99&axis=3', clinic, stored, free);
    expect(result.condition.base).toEqual(stored.base);
  });

  it('reads a metric only of the page, none as the stored one', () => {
    expect(read('metric=counts').condition.metrics).toEqual(stored.metrics);
    expect(read('metric=patient_counts').condition.metrics.clinic).toBe('patient_counts');
  });

  it('reads an empty filter as none and names an institution it does not know by its code', () => {
    const result = read('generic=&reception=&inst=4011000011,4011000029', clinic, october);
    expect(result.condition.filters).toEqual({
      genericMedicine: [],
      receptionTypes: [],
      medicalInstitutions: [
        { text: 'Xクリニック（4011000011）', value: '4011000011' },
        { text: '4011000029', value: '4011000029' },
      ],
    });
    // Every option ticked is the same as none.
    expect(read('reception=外来,在宅').condition.filters.receptionTypes).toEqual([]);
  });

  it('reads an analysis comparison of none, and the address page’s modes', () => {
    expect(read('cmp=0', clinic, october).condition.analysisComparison).toBeNull();
    expect(read('cmp=1', DASHBOARD_URL_SCOPE, october).condition).toMatchObject({
      comparisonType: 1,
      analysisComparison: 2,
    });
    expect(read('addr=', address, october).condition.address).toEqual({ mode: 1, text: '' });
    expect(read('addr=%20東京都', address).condition.address).toEqual({ mode: 2, text: '東京都' });
  });
});

describe("the scorecard's view", () => {
  const september = {
    ...october,
    scorecard: {
      preset: 99 as const,
      base: { from: '2026-09-01', to: '2026-09-30' },
      comparisonType: 1 as const,
    },
  };

  it("writes the scorecard's own period and comparison, and the stores", () => {
    expect(conditionToParams(september, SCORECARD_URL_SCOPE).toString()).toBe(
      'from=2026-09-01&to=2026-09-30&preset=99&cmp=1&stores=1001%2C1002',
    );
  });

  it('reads them back into its own part, leaving the shared period as it was', () => {
    const query = conditionToParams(september, SCORECARD_URL_SCOPE).toString();
    const { condition } = read(query, SCORECARD_URL_SCOPE);
    expect(condition.scorecard).toEqual(september.scorecard);
    expect(condition.base).toEqual(stored.base);
    expect(condition.pharmacy).toEqual(september.pharmacy);
  });

  it('takes a period of several years, as months', () => {
    const { condition } = read('from=2023-01-01&to=2026-10-31&preset=99', SCORECARD_URL_SCOPE);
    expect(condition.scorecard.base).toEqual({ from: '2023-01-01', to: '2026-10-31' });
  });
});
