import { ANALYSIS_TABLE, tableSelectionSchema } from '@pharmalytics/domain';

interface Keyed {
  key: string;
}

/** The ticked rows of the breakdown table, and the data they were ticked in. */
export interface TableSelection<T extends Keyed = Keyed> {
  readonly series: readonly T[];
  /** Keys of the ticked series. */
  readonly keys: readonly string[];
}

export type SelectionChange =
  { status: 'accepted'; keys: string[] } | { status: 'refused'; message: string };

/** The selection a table starts with: its first rows (spec 02 §4), all of them when fewer. */
export function initialSelection<T extends Keyed>(series: readonly T[]): TableSelection<T> {
  return { series, keys: series.slice(0, ANALYSIS_TABLE.initialChecked).map((s) => s.key) };
}

/** The reset action restores the initial selection of the data shown. */
export const resetSelection = <T extends Keyed>(selection: TableSelection<T>): TableSelection<T> =>
  initialSelection(selection.series);

/** New data starts from its own initial selection; the same data keeps what was ticked. */
export function followData<T extends Keyed>(
  selection: TableSelection<T>,
  series: readonly T[],
): TableSelection<T> {
  return selection.series === series ? selection : initialSelection(series);
}

/**
 * A selection the table asks for, kept to one to ten rows (spec 02 §5); when refused the
 * selection stays as it was and the message says why.
 */
export function changeSelection(requested: Iterable<string>): SelectionChange {
  const keys = [...new Set(requested)];
  const result = tableSelectionSchema.safeParse(keys);
  if (result.success) return { status: 'accepted', keys };
  return { status: 'refused', message: result.error.issues[0]?.message ?? '' };
}

/** The ticked series in table order: what the trend chart draws. */
export function checkedSeries<T extends Keyed>(selection: TableSelection<T>): T[] {
  const keys = new Set(selection.keys);
  return selection.series.filter((s) => keys.has(s.key));
}
