import type { AnalysisSeries } from '@pharmalytics/domain';
import { useCallback, useMemo, useState } from 'react';
import { enqueueSnackbar } from '../../../../components/index.ts';
import {
  changeSelection,
  checkedSeries,
  followData,
  initialSelection,
  resetSelection,
} from './tableSelection.ts';

export interface TableSelectionControl {
  /** Keys of the checked series. */
  checked: readonly string[];
  /** The checked series in table order. */
  checkedSeries: readonly AnalysisSeries[];
  /** Asks for a new set of checked rows; a refused one keeps the old and says why. */
  check: (requested: Iterable<string>) => void;
  reset: () => void;
}

/** The checked rows of the breakdown table, starting over whenever new data arrives. */
export function useTableSelection(series: readonly AnalysisSeries[]): TableSelectionControl {
  const [stored, setStored] = useState(() => initialSelection(series));
  // New data resets the selection during this render, so no frame shows keys of the old data.
  const selection = followData(stored, series);
  if (selection !== stored) setStored(selection);

  const check = useCallback((requested: Iterable<string>) => {
    const change = changeSelection(requested);
    if (change.status === 'refused') {
      enqueueSnackbar(change.message, 'warning');
      return;
    }
    setStored((current) => ({ series: current.series, keys: change.keys }));
  }, []);
  const reset = useCallback(() => setStored(resetSelection), []);
  const checked = useMemo(() => checkedSeries(selection), [selection]);

  return { checked: selection.keys, checkedSeries: checked, check, reset };
}
