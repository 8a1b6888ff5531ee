import {
  analysisTable,
  showsYjCode,
  type AnalysisPageDef,
  type AnalysisSeries,
  type TimeAxisValue,
} from '@pharmalytics/domain';

export type BreakdownCell = string | number | null;

/** What a column holds: the row number, the item's name, its YJ code, or a metric value. */
export type BreakdownColumnKind = 'number' | 'item' | 'code' | 'value';

export interface BreakdownColumn {
  field: string;
  header: string;
  kind: BreakdownColumnKind;
  /** Position of the column's value in BreakdownRow.cells. */
  index: number;
}

export interface BreakdownRow {
  /** The series key: the row's id in the grid and in the selection. */
  id: string;
  name: string;
  cells: readonly BreakdownCell[];
}

export interface BreakdownTable {
  columns: BreakdownColumn[];
  rows: BreakdownRow[];
}

/**
 * The breakdown table of the screen. Headers and cells are those of the domain's analysisTable,
 * which the CSV export writes too, so the screen and the download cannot differ.
 */
export function breakdownTable(
  page: AnalysisPageDef,
  series: readonly AnalysisSeries[],
  buckets: readonly string[],
  axis: TimeAxisValue,
): BreakdownTable {
  const table = analysisTable(page, series, buckets, axis);
  // analysisTable leads with No., the item and (where shown) the YJ code; the rest are values.
  const leading: BreakdownColumnKind[] = [
    'number',
    'item',
    ...(showsYjCode(page, series) ? (['code'] as const) : []),
  ];
  return {
    columns: table.header.map((header, index) => ({
      field: `c${index}`,
      header,
      kind: leading[index] ?? 'value',
      index,
    })),
    rows: table.rows.map((cells, i) => ({ id: series[i]!.key, name: series[i]!.name, cells })),
  };
}

/** Full-width and half-width forms alike, case ignored: 'ＡＢＣ' and 'abc' match. */
const searchable = (text: string) => text.normalize('NFKC').toLowerCase();

/**
 * The rows whose item name contains the search text (not the YJ code, not the numbers). Rows keep
 * their number in the whole table.
 */
export function filterByName<R extends { name: string }>(
  rows: readonly R[],
  query: string,
): readonly R[] {
  const needle = searchable(query.trim());
  if (needle === '') return rows;
  return rows.filter((row) => searchable(row.name).includes(needle));
}
