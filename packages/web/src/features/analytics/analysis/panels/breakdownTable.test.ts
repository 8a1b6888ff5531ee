import {
  analysisPageByRoute,
  analysisTable,
  timeAxis,
  type AnalysisPageDef,
  type AnalysisSeries,
} from '@pharmalytics/domain';
import { describe, expect, it } from 'vitest';
import { breakdownTable, filterByName } from './breakdownTable.ts';

const MONTHLY = timeAxis('monthly').value;
const BUCKETS = ['2026-03', '2026-04'];
const page = (route: string): AnalysisPageDef => analysisPageByRoute(route)!;

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
  it('has the headers and cells of the CSV table', () => {
    const materials = page('MedicalMaterialFee');
    const table = breakdownTable(materials, SERIES, BUCKETS, MONTHLY);
    const csv = analysisTable(materials, SERIES, BUCKETS, MONTHLY);
    expect(table.columns.map((c) => c.header)).toEqual(csv.header);
    expect(table.rows.map((r) => r.cells)).toEqual(csv.rows);
  });

  it('tells the kind of each column, with the YJ code where shown', () => {
    const table = breakdownTable(page('MedicalMaterialFee'), SERIES, BUCKETS, MONTHLY);
    expect(table.columns.map((c) => [c.header, c.kind])).toEqual([
      ['No.', 'number'],
      ['特定保険医療材料', 'item'],
      ['YJコード', 'code'],
      ['2026/03', 'value'],
      ['2026/04', 'value'],
      ['合計', 'value'],
    ]);
  });

  it('has no YJ code column on the medicine fee page', () => {
    const table = breakdownTable(page('MedicineFee'), SERIES, BUCKETS, MONTHLY);
    expect(table.columns.map((c) => c.kind)).toEqual(['number', 'item', 'value', 'value', 'value']);
    expect(table.rows[1]!.cells).toEqual([2, 'アムロジピン錠5mg', null, 20, 20]);
  });

  it('keys the rows by series and gives each column a field of its own', () => {
    const table = breakdownTable(page('MedicineFee'), SERIES, BUCKETS, MONTHLY);
    expect(table.rows.map((r) => r.id)).toEqual(['a', 'b']);
    expect(new Set(table.columns.map((c) => c.field)).size).toBe(table.columns.length);
  });
});

describe('filterByName', () => {
  const rows = breakdownTable(page('MedicalMaterialFee'), SERIES, BUCKETS, MONTHLY).rows;

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
