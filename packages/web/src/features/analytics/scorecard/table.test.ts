import {
  SCORECARD_KPIS,
  scorecardKpi,
  scorecardResponseSchema,
  type ScorecardCell,
  type ScorecardResponse,
  type ScorecardRow,
} from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import {
  cellView,
  hasIncompleteComparison,
  isEmptyScorecard,
  nextSort,
  sortFromParam,
  sortRows,
  sortToParam,
  tableRows,
  type ScorecardSort,
} from './table.ts';

const cell = (
  value: number | null,
  comparison: number | null,
  change: number | null,
  changeUnit: '%' | 'pt' = '%',
  comparisonComplete = true,
): ScorecardCell => ({ value, comparison, change, changeUnit, comparisonComplete });

const row = (storeCode: string, name: string, metrics: ScorecardRow['metrics']): ScorecardRow => ({
  storeCode,
  name,
  metrics,
});

/** Three stores in code order: 天神 sells most, 博多 has no sales figure, 香椎 least. */
const answer: ScorecardResponse = scorecardResponseSchema.parse({
  rows: [
    row('1001', '天神店', {
      dispensing_sales: cell(12_345_678, 11_000_000, 12.2),
      generic_dispensing_rates: cell(89.8, 88.8, 1, 'pt'),
      prescriptions_per_pharmacist: cell(42.5, 38, 11.8),
    }),
    row('1002', '博多店', {
      dispensing_sales: cell(null, 9_000_000, null),
      generic_dispensing_rates: cell(91.2, 92.4, -1.2, 'pt'),
      prescriptions_per_pharmacist: cell(40, 41, -2.4),
    }),
    row('1003', '香椎店', {
      dispensing_sales: cell(3_000_000, 2_000_000, null, '%', false),
      generic_dispensing_rates: cell(85, 85, 0, 'pt'),
      prescriptions_per_pharmacist: cell(null, null, null),
    }),
  ],
  total: row('', '全店舗', {
    dispensing_sales: cell(15_345_678, 22_000_000, null, '%', false),
    generic_dispensing_rates: cell(88.9, 88.7, 0.2, 'pt'),
  }),
});

const codes = (rows: readonly { storeCode: string }[]) => rows.map((r) => r.storeCode);
const by = (
  key: string,
  part: 'value' | 'comparison' | 'change',
  direction: ScorecardSort['direction'],
): ScorecardSort => ({ column: { kind: 'kpi', key, part }, direction });

describe('tableRows', () => {
  it('puts 全店舗 first, then the stores in the order answered until a column is sorted', () => {
    const rows = tableRows(answer, null);
    expect(rows.map((r) => r.name)).toEqual(['全店舗', '天神店', '博多店', '香椎店']);
    expect(rows.map((r) => r.isTotal)).toEqual([true, false, false, false]);
    // Every KPI has a cell, even one the answer left out.
    expect(Object.keys(rows[3]!.cells)).toEqual(SCORECARD_KPIS.map((k) => k.key));
    expect(rows[3]!.cells.medicine_fee_ratio).toMatchObject({ value: '-', change: '-' });
  });

  it('keeps 全店舗 on top whatever the sort', () => {
    for (const direction of ['asc', 'desc'] as const) {
      const rows = tableRows(answer, by('dispensing_sales', 'value', direction));
      expect(rows[0]!.name).toBe('全店舗');
    }
  });
});

describe('sortRows', () => {
  it('orders by a KPI value either way, stores without a value last in both', () => {
    expect(codes(sortRows(answer.rows, by('dispensing_sales', 'value', 'desc')))).toEqual([
      '1001',
      '1003',
      '1002',
    ]);
    expect(codes(sortRows(answer.rows, by('dispensing_sales', 'value', 'asc')))).toEqual([
      '1003',
      '1001',
      '1002',
    ]);
  });

  it('orders by the comparison or by the change; an incomplete change counts as none', () => {
    expect(codes(sortRows(answer.rows, by('dispensing_sales', 'comparison', 'asc')))).toEqual([
      '1003',
      '1002',
      '1001',
    ]);
    // 香椎店's change is not shown (its comparison lacks data), so it goes last with 博多店.
    expect(codes(sortRows(answer.rows, by('dispensing_sales', 'change', 'asc')))).toEqual([
      '1001',
      '1002',
      '1003',
    ]);
    expect(codes(sortRows(answer.rows, by('generic_dispensing_rates', 'change', 'desc')))).toEqual([
      '1001',
      '1003',
      '1002',
    ]);
  });

  it('orders by store name in Japanese order', () => {
    const sort: ScorecardSort = { column: { kind: 'store' }, direction: 'asc' };
    const names = sortRows(answer.rows, sort).map((r) => r.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('ja').compare));
    expect(sortRows(answer.rows, { ...sort, direction: 'desc' }).map((r) => r.name)).toEqual(
      [...names].reverse(),
    );
  });
});

describe('nextSort', () => {
  it('starts a figure largest first and a name from the top, and turns on a second click', () => {
    const sales = { kind: 'kpi', key: 'dispensing_sales', part: 'value' } as const;
    const first = nextSort(null, sales);
    expect(first).toEqual({ column: sales, direction: 'desc' });
    expect(nextSort(first, sales).direction).toBe('asc');
    expect(nextSort(first, { ...sales, part: 'change' })).toEqual({
      column: { ...sales, part: 'change' },
      direction: 'desc',
    });
    expect(nextSort(first, { kind: 'store' })).toEqual({
      column: { kind: 'store' },
      direction: 'asc',
    });
  });
});

describe('cellView', () => {
  const sales = scorecardKpi('dispensing_sales')!;
  const generic = scorecardKpi('generic_dispensing_rates')!;
  const perPharmacist = scorecardKpi('prescriptions_per_pharmacist')!;

  it('writes an amount whole with its change in %, a rate with one decimal and its change in pt', () => {
    expect(cellView(sales, cell(12_345_678, 11_000_000, 12.2))).toEqual({
      value: '12,345,678',
      comparison: '11,000,000',
      change: '+12.2%',
      style: 'up',
      note: null,
      aboveGuide: false,
    });
    expect(cellView(generic, cell(89.8, 88.8, 1, 'pt'))).toMatchObject({
      value: '89.8',
      comparison: '88.8',
      change: '+1.0pt',
      style: 'up',
    });
    expect(cellView(generic, cell(91.2, 92.4, -1.2, 'pt'))).toMatchObject({
      change: '-1.2pt',
      style: 'down',
    });
    expect(cellView(generic, cell(85, 85, 0, 'pt'))).toMatchObject({
      change: '0.0pt',
      style: 'flat',
    });
  });

  it("writes '-' and the note when the comparison lacks data", () => {
    expect(cellView(sales, cell(3_000_000, 2_000_000, null, '%', false))).toEqual({
      value: '3,000,000',
      comparison: '2,000,000',
      change: '-',
      style: 'none',
      note: '比較期間のデータが一部ありません',
      aboveGuide: false,
    });
    expect(cellView(sales, cell(null, 9_000_000, null))).toMatchObject({
      value: '-',
      change: '-',
      note: null,
    });
  });

  it('marks prescriptions per pharmacist above the guide of 40, not at it', () => {
    expect(cellView(perPharmacist, cell(42.5, 38, 11.8))).toMatchObject({
      value: '42.5',
      aboveGuide: true,
    });
    expect(cellView(perPharmacist, cell(40, 41, -2.4)).aboveGuide).toBe(false);
    expect(cellView(perPharmacist, cell(null, null, null)).aboveGuide).toBe(false);
    // Other KPIs have no guide.
    expect(cellView(sales, cell(1_000, 1, 1)).aboveGuide).toBe(false);
  });
});

describe('the table notes', () => {
  it('carries the incomplete-comparison note when any cell lacks comparison data', () => {
    expect(hasIncompleteComparison(answer)).toBe(true);
    const complete: ScorecardResponse = {
      rows: [answer.rows[0]!],
      total: row('', '全店舗', { dispensing_sales: cell(1, 1, 0) }),
    };
    expect(hasIncompleteComparison(complete)).toBe(false);
  });

  it('is empty without stores or when nothing was dispensed in either period', () => {
    expect(isEmptyScorecard(answer)).toBe(false);
    expect(isEmptyScorecard({ rows: [], total: row('', '全店舗', {}) })).toBe(true);
    const nothing = row('1001', '天神店', {
      dispensing_sales: cell(0, 0, null),
      generic_dispensing_rates: cell(null, null, null, 'pt'),
    });
    expect(isEmptyScorecard({ rows: [nothing], total: { ...nothing, storeCode: '' } })).toBe(true);
    const lastYearOnly = row('1001', '天神店', { dispensing_sales: cell(0, 5_000, -100) });
    expect(isEmptyScorecard({ rows: [lastYearOnly], total: lastYearOnly })).toBe(false);
  });
});

describe('the sort in the address', () => {
  it('round-trips a store sort and a KPI sub-column sort', () => {
    const sorts: ScorecardSort[] = [
      { column: { kind: 'store' }, direction: 'asc' },
      {
        column: { kind: 'kpi', key: 'generic_dispensing_rates', part: 'change' },
        direction: 'desc',
      },
    ];
    for (const sort of sorts) expect(sortFromParam(sortToParam(sort))).toEqual(sort);
    expect(sortToParam(sorts[1]!)).toBe('generic_dispensing_rates.change.desc');
  });

  it('reads nothing unreadable', () => {
    for (const bad of [null, '', 'store', 'store.up', 'nope.value.asc', 'dispensing_sales.x.asc']) {
      expect(sortFromParam(bad)).toBeNull();
    }
  });
});
