import {
  analysisTable,
  isAdditiveMetric,
  metricChange,
  showsYjCode,
  TABLE_CHANGE_HEADER,
  TABLE_COMPARISON_HEADER,
  TABLE_OVERALL_ROW,
  type AnalysisPageDef,
  type AnalysisSeries,
  type Metric,
  type TimeAxisValue,
} from '@pharmalytics/domain';

export type BreakdownCell = string | number | null;

/**
 * What a column holds: the row number, the item's name, its YJ code, a metric value (a bucket,
 * 合計 or 比較期間), or the change against the comparison (a number in the metric's change unit).
 */
export type BreakdownColumnKind = 'number' | 'item' | 'code' | 'value' | 'change';

export interface BreakdownColumn {
  field: string;
  header: string;
  kind: BreakdownColumnKind;
  /** Position of the column's value in BreakdownRow.cells. */
  index: number;
}

export interface BreakdownRow {
  /** The series key: the row's id in the table and in the selection. */
  id: string;
  name: string;
  cells: readonly BreakdownCell[];
  /** The comparison period lacks data for part of it: the change is not shown. */
  comparisonIncomplete: boolean;
}

export interface BreakdownTable {
  /** In screen order: No., the item, the YJ code, 合計 (and 比較期間, 増減), then the buckets. */
  columns: BreakdownColumn[];
  /** In the page's order. */
  rows: BreakdownRow[];
  /** 全体: every item together, where the metric adds up over items; otherwise null. */
  overall: BreakdownRow | null;
  /** Some row's comparison lacks data. */
  comparisonIncomplete: boolean;
}

export interface BreakdownOptions {
  /** Adds 比較期間 and 増減 after 合計. */
  comparison: boolean;
}

type Series = Pick<AnalysisSeries, 'name' | 'total' | 'rows' | 'yjCode' | 'key'> &
  Pick<AnalysisSeries, 'comparisonTotal' | 'comparisonComplete'>;

const sum = (values: readonly (number | null | undefined)[]): number =>
  values.reduce<number>((total, value) => total + (value ?? 0), 0);

/** The items together, for a metric whose items add up: each bucket, 合計 and 比較期間 summed. */
function overallSeries(series: readonly Series[], buckets: readonly string[]): Series {
  return {
    key: '',
    name: TABLE_OVERALL_ROW,
    total: sum(series.map((s) => s.total)),
    rows: buckets.map((date) => ({
      date,
      value: sum(series.map((s) => s.rows.find((r) => r.date === date)?.value)),
    })),
    // No comparison total of any item (none asked, or none answered): none in all.
    comparisonTotal: series.some((s) => s.comparisonTotal != null)
      ? sum(series.map((s) => s.comparisonTotal))
      : null,
    comparisonComplete: series.every((s) => s.comparisonComplete !== false),
  };
}

/**
 * The breakdown table of the screen. Headers and cells are those of the domain's analysisTable,
 * which the CSV export writes too, so the screen and the download cannot differ; the screen
 * shows 合計 (and with a comparison 比較期間 and 増減) right after the item, before the buckets,
 * so the figure a manager reads first needs no scrolling.
 */
export function breakdownTable(
  page: AnalysisPageDef,
  metric: Pick<Metric, 'slug' | 'unit'>,
  series: readonly Series[],
  buckets: readonly string[],
  axis: TimeAxisValue,
  { comparison }: BreakdownOptions = { comparison: false },
): BreakdownTable {
  const table = analysisTable(page, series, buckets, axis);
  // analysisTable leads with No., the item and (where shown) the YJ code; the rest are values.
  const leading: BreakdownColumnKind[] = [
    'number',
    'item',
    ...(showsYjCode(page, series) ? (['code'] as const) : []),
  ];
  const csvColumns: BreakdownColumn[] = table.header.map((header, index) => ({
    field: `c${index}`,
    header,
    kind: leading[index] ?? 'value',
    index,
  }));
  const totalIndex = csvColumns.length - 1;
  const comparisonColumns: BreakdownColumn[] = comparison
    ? [
        {
          field: 'comparison',
          header: TABLE_COMPARISON_HEADER,
          kind: 'value',
          index: totalIndex + 1,
        },
        { field: 'change', header: TABLE_CHANGE_HEADER, kind: 'change', index: totalIndex + 2 },
      ]
    : [];
  const columns = [
    ...csvColumns.slice(0, leading.length),
    csvColumns[totalIndex]!,
    ...comparisonColumns,
    ...csvColumns.slice(leading.length, totalIndex),
  ];

  const rowOf = (s: Series, cells: readonly BreakdownCell[]): BreakdownRow => {
    const incomplete = comparison && s.comparisonComplete === false;
    const change = incomplete ? null : metricChange(metric.unit, s.total, s.comparisonTotal).change;
    return {
      id: s.key,
      name: s.name,
      cells: comparison ? [...cells, s.comparisonTotal ?? null, change] : cells,
      comparisonIncomplete: incomplete,
    };
  };
  const rows = table.rows.map((cells, i) => rowOf(series[i]!, cells));

  let overall: BreakdownRow | null = null;
  if (series.length > 0 && isAdditiveMetric(metric.slug)) {
    const whole = overallSeries(series, buckets);
    // No number and no YJ code; the buckets and 合計 as analysisTable writes them.
    const values = whole.rows.map((r) => r.value);
    const cells = [null, whole.name, ...leading.slice(2).map(() => null), ...values, whole.total];
    overall = rowOf(whole, cells);
  }

  return {
    columns,
    rows,
    overall,
    comparisonIncomplete: rows.some((r) => r.comparisonIncomplete),
  };
}

export type SortDirection = 'asc' | 'desc';

export interface BreakdownSort {
  /** The sorted column's field. */
  field: string;
  direction: SortDirection;
}

/** A column's first direction when its header is chosen: names A→Z, figures largest first. */
export const firstDirection = (column: BreakdownColumn): SortDirection =>
  column.kind === 'value' || column.kind === 'change' ? 'desc' : 'asc';

/** The sort after a header is chosen: a new column its first direction, the same one reversed. */
export function nextSort(current: BreakdownSort | null, column: BreakdownColumn): BreakdownSort {
  if (current?.field === column.field) {
    return { field: column.field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { field: column.field, direction: firstDirection(column) };
}

const collator = new Intl.Collator('ja', { numeric: true });

function compareCells(a: BreakdownCell, b: BreakdownCell): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * The rows sorted by a column; rows without a value stay last either way, and ties keep the
 * page's order. No sort: the page's order.
 */
export function sortRows<R extends BreakdownRow>(
  rows: readonly R[],
  columns: readonly BreakdownColumn[],
  sort: BreakdownSort | null,
): readonly R[] {
  const column = sort && columns.find((c) => c.field === sort.field);
  if (!sort || !column) return rows;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((ra, rb) => {
    const a = ra.cells[column.index] ?? null;
    const b = rb.cells[column.index] ?? null;
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
    return sign * compareCells(a, b);
  });
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
