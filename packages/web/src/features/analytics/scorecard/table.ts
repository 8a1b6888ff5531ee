import {
  formatChange,
  formatMetricNumber,
  MESSAGES,
  NO_VALUE,
  SCORECARD_KPIS,
  scorecardKpi,
  type ScorecardCell,
  type ScorecardKpi,
  type ScorecardResponse,
  type ScorecardRow,
} from '@pharmalytics/domain';
import { changeStyle, type ChangeStyle } from '../change/changeStyle.ts';

/** The three sub-columns of a KPI: the period's value, the comparison's, and the change. */
export const CELL_PARTS = ['value', 'comparison', 'change'] as const;
export type CellPart = (typeof CELL_PARTS)[number];

/** A column the table sorts by: the store name, or one sub-column of a KPI. */
export type SortColumn = { kind: 'store' } | { kind: 'kpi'; key: string; part: CellPart };
export type SortDirection = 'asc' | 'desc';
export interface ScorecardSort {
  column: SortColumn;
  direction: SortDirection;
}

/** One KPI of one row as the table writes it. */
export interface CellView {
  /** The numbers without unit (the column header names it); '-' when absent. */
  value: string;
  comparison: string;
  /** '+1.0pt' for a rate, '-2.3%' for an amount or count; '-' when none or incomplete. */
  change: string;
  style: ChangeStyle;
  /** MESSAGES.comparisonIncomplete when the comparison lacks data for part of its period. */
  note: string | null;
  /** The value is above the KPI's guide (40 prescriptions per pharmacist and day). */
  aboveGuide: boolean;
}

export interface RowView {
  storeCode: string;
  name: string;
  /** The 全店舗 row, kept on top whatever the sort. */
  isTotal: boolean;
  cells: Record<string, CellView>;
}

const EMPTY_CELL: ScorecardCell = {
  value: null,
  comparison: null,
  change: null,
  changeUnit: '%',
  comparisonComplete: true,
};

const cellOf = (row: ScorecardRow, key: string): ScorecardCell => row.metrics[key] ?? EMPTY_CELL;

/** The change a cell shows and sorts by: none when the comparison is incomplete. */
function shownChange(cell: ScorecardCell): number | null {
  return cell.comparisonComplete ? cell.change : null;
}

export function cellView(kpi: ScorecardKpi, cell: ScorecardCell | undefined): CellView {
  const c = cell ?? EMPTY_CELL;
  const change = shownChange(c);
  return {
    value: formatMetricNumber(c.value, kpi.unit),
    comparison: formatMetricNumber(c.comparison, kpi.unit),
    change: c.comparisonComplete ? formatChange({ change, changeUnit: c.changeUnit }) : NO_VALUE,
    style: changeStyle(change),
    note: c.comparisonComplete ? null : MESSAGES.comparisonIncomplete,
    aboveGuide: kpi.guide !== undefined && c.value !== null && c.value > kpi.guide,
  };
}

function rowView(row: ScorecardRow, isTotal: boolean): RowView {
  return {
    storeCode: row.storeCode,
    name: row.name,
    isTotal,
    cells: Object.fromEntries(SCORECARD_KPIS.map((k) => [k.key, cellView(k, cellOf(row, k.key))])),
  };
}

const collator = new Intl.Collator('ja');

function sortValue(row: ScorecardRow, column: Extract<SortColumn, { kind: 'kpi' }>) {
  const cell = cellOf(row, column.key);
  return column.part === 'change' ? shownChange(cell) : cell[column.part];
}

/**
 * The stores in the sort's order; stores without a value go last in either direction. Ties keep
 * the answer's order (store code).
 */
export function sortRows(
  rows: readonly ScorecardRow[],
  sort: ScorecardSort | null,
): ScorecardRow[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  const { column } = sort;
  if (column.kind === 'store') {
    return [...rows].sort((a, b) => sign * collator.compare(a.name, b.name));
  }
  return [...rows].sort((a, b) => {
    const x = sortValue(a, column);
    const y = sortValue(b, column);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * (x - y);
  });
}

/** The table's rows: 全店舗 first, then the stores in the sort's order. */
export function tableRows(response: ScorecardResponse, sort: ScorecardSort | null): RowView[] {
  return [
    rowView(response.total, true),
    ...sortRows(response.rows, sort).map((row) => rowView(row, false)),
  ];
}

/** A click on a header: the same column turns the direction, another starts at its first. */
export function nextSort(current: ScorecardSort | null, column: SortColumn): ScorecardSort {
  if (current && sameColumn(current.column, column)) {
    return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  // Names read A to Z; figures largest first, as a review looks for the leaders.
  return { column, direction: column.kind === 'store' ? 'asc' : 'desc' };
}

export function sameColumn(a: SortColumn, b: SortColumn): boolean {
  if (a.kind === 'store' || b.kind === 'store') return a.kind === b.kind;
  return a.key === b.key && a.part === b.part;
}

/** The query parameter holding the table's sort, so that a sorted view is a link too. */
export const SORT_PARAM = 'order';

/** A sort as its parameter: 'store.asc', or a KPI's sub-column 'dispensing_sales.change.desc'. */
export function sortToParam(sort: ScorecardSort): string {
  const { column, direction } = sort;
  return column.kind === 'store'
    ? `store.${direction}`
    : `${column.key}.${column.part}.${direction}`;
}

/** The sort a parameter names; null for none or anything unreadable. */
export function sortFromParam(value: string | null): ScorecardSort | null {
  const parts = value?.split('.') ?? [];
  const direction = parts.at(-1);
  if (direction !== 'asc' && direction !== 'desc') return null;
  if (parts.length === 2 && parts[0] === 'store') return { column: { kind: 'store' }, direction };
  const [key, part] = parts;
  if (parts.length !== 3 || !scorecardKpi(key!) || !CELL_PARTS.includes(part as CellPart)) {
    return null;
  }
  return { column: { kind: 'kpi', key: key!, part: part as CellPart }, direction };
}

/** Whether any cell's comparison lacks data: the table then carries the note once above it. */
export function hasIncompleteComparison(response: ScorecardResponse): boolean {
  return [response.total, ...response.rows].some((row) =>
    Object.values(row.metrics).some((cell) => !cell.comparisonComplete),
  );
}

const present = (value: number | null) => value !== null && value !== 0;

/**
 * Nothing to show: no store, or nothing dispensed in either period (every value absent or 0), as
 * the dashboard's cards judge it.
 */
export function isEmptyScorecard(response: ScorecardResponse): boolean {
  if (response.rows.length === 0) return true;
  return [response.total, ...response.rows].every((row) =>
    Object.values(row.metrics).every((cell) => !present(cell.value) && !present(cell.comparison)),
  );
}
