import {
  analysisPageByRoute,
  analysisTable,
  metricBySlug,
  MESSAGES,
  timeAxis,
  type AnalysisPageDef,
  type AnalysisSeries,
} from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import {
  breakdownTable,
  filterByName,
  nextSort,
  sortRows,
  type BreakdownTable,
} from './breakdownTable.ts';

const MONTHLY = timeAxis('monthly').value;
const BUCKETS = ['2026-03', '2026-04'];
const page = (route: string): AnalysisPageDef => analysisPageByRoute(route)!;
const SALES = metricBySlug('dispensing_sales')!;
const RATE = metricBySlug('generic_dispensing_rates')!;
const PATIENTS = metricBySlug('patient_counts')!;

const SERIES: AnalysisSeries[] = [
  {
    key: 'a',
    name: 'ロキソプロフェンＮａ錠６０ｍｇ',
    total: 1500.5,
    rows: [
      { date: '2026-03', value: 1000 },
      { date: '2026-04', value: 500.5 },
    ],
    yjCode: '1149019F1560',
  },
  {
    key: 'b',
    name: 'アムロジピン錠5mg',
    total: 20,
    rows: [{ date: '2026-04', value: 20 }],
    yjCode: '2171022F1093',
  },
];

describe('breakdownTable', () => {
  it('has the headers and cells of the CSV table, 合計 right after the item on screen', () => {
    const materials = page('MedicalMaterialFee');
    const table = breakdownTable(materials, SALES, SERIES, BUCKETS, MONTHLY);
    const csv = analysisTable(materials, SERIES, BUCKETS, MONTHLY);
    expect(table.rows.map((r) => r.cells)).toEqual(csv.rows);
    expect(table.columns.map((c) => c.header)).toEqual([
      'No.',
      '特定保険医療材料',
      'YJコード',
      '合計',
      '2026/03',
      '2026/04',
    ]);
    // Each column reads its CSV cell.
    for (const column of table.columns) {
      expect(csv.header[column.index]).toBe(column.header);
    }
  });

  it('tells the kind of each column, with the YJ code where shown', () => {
    const table = breakdownTable(page('MedicalMaterialFee'), SALES, SERIES, BUCKETS, MONTHLY);
    expect(table.columns.map((c) => [c.header, c.kind])).toEqual([
      ['No.', 'number'],
      ['特定保険医療材料', 'item'],
      ['YJコード', 'code'],
      ['合計', 'value'],
      ['2026/03', 'value'],
      ['2026/04', 'value'],
    ]);
  });

  it('has no YJ code column on the medicine fee page', () => {
    const table = breakdownTable(page('MedicineFee'), SALES, SERIES, BUCKETS, MONTHLY);
    expect(table.columns.map((c) => c.kind)).toEqual(['number', 'item', 'value', 'value', 'value']);
    expect(table.rows[1]!.cells).toEqual([2, 'アムロジピン錠5mg', null, 20, 20]);
  });

  it('keys the rows by series and gives each column a field of its own', () => {
    const table = breakdownTable(page('MedicineFee'), SALES, SERIES, BUCKETS, MONTHLY);
    expect(table.rows.map((r) => r.id)).toEqual(['a', 'b']);
    expect(new Set(table.columns.map((c) => c.field)).size).toBe(table.columns.length);
  });
});

const screenRows = (table: BreakdownTable) =>
  table.rows.map((row) => table.columns.map((c) => row.cells[c.index]));

describe('breakdownTable with a comparison', () => {
  const compared: AnalysisSeries[] = [
    { ...SERIES[0]!, comparisonTotal: 1000, comparisonComplete: true },
    { ...SERIES[1]!, comparisonTotal: 25, comparisonComplete: true },
  ];

  it('adds 比較期間 and 増減 after 合計: an amount changes in %', () => {
    const table = breakdownTable(page('MedicineFee'), SALES, compared, BUCKETS, MONTHLY, {
      comparison: true,
    });
    expect(table.columns.map((c) => c.header)).toEqual([
      'No.',
      '医薬品',
      '合計',
      '比較期間',
      '増減',
      '2026/03',
      '2026/04',
    ]);
    expect(table.columns.find((c) => c.header === '増減')!.kind).toBe('change');
    expect(screenRows(table)).toEqual([
      [1, 'ロキソプロフェンＮａ錠６０ｍｇ', 1500.5, 1000, 50.1, 1000, 500.5],
      [2, 'アムロジピン錠5mg', 20, 25, -20, null, 20],
    ]);
    expect(table.comparisonIncomplete).toBe(false);
  });

  it('changes a rate in points', () => {
    const rates = [{ ...compared[0]!, total: 82.5, comparisonTotal: 80 }];
    const table = breakdownTable(page('Clinic'), RATE, rates, BUCKETS, MONTHLY, {
      comparison: true,
    });
    expect(table.rows[0]!.cells.at(-1)).toBe(2.5);
  });

  it('leaves the change out where the comparison lacks data, and says so', () => {
    const partly = [compared[0]!, { ...compared[1]!, comparisonComplete: false }];
    const table = breakdownTable(page('MedicineFee'), SALES, partly, BUCKETS, MONTHLY, {
      comparison: true,
    });
    expect(table.rows.map((r) => [r.cells.at(-1), r.comparisonIncomplete])).toEqual([
      [50.1, false],
      [null, true],
    ]);
    expect(table.comparisonIncomplete).toBe(true);
    expect(MESSAGES.comparisonIncomplete).toBe('比較期間のデータが一部ありません');
  });

  it('has no comparison columns without a comparison', () => {
    const table = breakdownTable(page('MedicineFee'), SALES, compared, BUCKETS, MONTHLY);
    expect(table.columns.map((c) => c.header)).not.toContain('増減');
  });
});

describe('the 全体 row', () => {
  it('adds the items up for a sum or count, comparison included', () => {
    const compared = SERIES.map((s, i) => ({
      ...s,
      comparisonTotal: i === 0 ? 1000 : 500,
      comparisonComplete: true,
    }));
    const table = breakdownTable(page('MedicalMaterialFee'), SALES, compared, BUCKETS, MONTHLY, {
      comparison: true,
    });
    const overall = table.overall!;
    expect(table.columns.map((c) => overall.cells[c.index])).toEqual([
      null,
      '全体',
      null,
      1520.5,
      1500,
      1.4,
      1000,
      520.5,
    ]);
  });

  it('has no comparison total where no item has one', () => {
    const table = breakdownTable(page('MedicineFee'), SALES, SERIES, BUCKETS, MONTHLY, {
      comparison: true,
    });
    expect(table.overall!.cells.slice(-2)).toEqual([null, null]);
  });

  it('is left out where the items do not add up: rates, unit prices, distinct patients', () => {
    for (const metric of [RATE, PATIENTS, metricBySlug('prescription_unit_price')!]) {
      expect(breakdownTable(page('Clinic'), metric, SERIES, BUCKETS, MONTHLY).overall).toBeNull();
    }
  });

  it('is left out without items', () => {
    expect(breakdownTable(page('Clinic'), SALES, [], BUCKETS, MONTHLY).overall).toBeNull();
  });
});

describe('sorting', () => {
  const table = breakdownTable(page('MedicalMaterialFee'), SALES, SERIES, BUCKETS, MONTHLY);
  const column = (header: string) => table.columns.find((c) => c.header === header)!;
  const ids = (sort: Parameters<typeof sortRows>[2]) =>
    sortRows(table.rows, table.columns, sort).map((r) => r.id);

  it("keeps the page's order until a column is chosen", () => {
    expect(ids(null)).toEqual(['a', 'b']);
  });

  it('sorts figures largest first, then smallest first on a second choice', () => {
    const first = nextSort(null, column('合計'));
    expect(first).toEqual({ field: column('合計').field, direction: 'desc' });
    expect(ids({ ...first, direction: 'asc' })).toEqual(['b', 'a']);
    expect(nextSort(first, column('合計')).direction).toBe('asc');
  });

  it('keeps rows without a value last either way', () => {
    const march = column('2026/03');
    expect(ids({ field: march.field, direction: 'desc' })).toEqual(['a', 'b']);
    expect(ids({ field: march.field, direction: 'asc' })).toEqual(['a', 'b']);
  });

  it('sorts names in Japanese order, A to Z first', () => {
    const item = column('特定保険医療材料');
    expect(nextSort(null, item).direction).toBe('asc');
    expect(ids({ field: item.field, direction: 'asc' })).toEqual(['b', 'a']);
  });
});

describe('filterByName', () => {
  const rows = breakdownTable(page('MedicalMaterialFee'), SALES, SERIES, BUCKETS, MONTHLY).rows;

  it('matches part of the name, ignoring case and character width', () => {
    expect(filterByName(rows, 'アムロ').map((r) => r.id)).toEqual(['b']);
    expect(filterByName(rows, 'NA錠').map((r) => r.id)).toEqual(['a']);
    expect(filterByName(rows, '5MG').map((r) => r.id)).toEqual(['b']);
    expect(filterByName(rows, '錠').map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('does not match the YJ code or the numbers', () => {
    expect(filterByName(rows, '2171022F1093')).toEqual([]);
    expect(filterByName(rows, '1500')).toEqual([]);
  });

  it('keeps each row its number in the whole table', () => {
    expect(filterByName(rows, 'アムロ')[0]!.cells[0]).toBe(2);
  });

  it('shows every row for a blank search', () => {
    expect(filterByName(rows, '  ')).toBe(rows);
  });
});
