interface SeriesValues {
  total: number | null;
  rows: readonly { value: number | null }[];
}

const shows = (value: number | null) => value !== null && value !== 0;

/** Whether the panels have something to draw: a value other than none or zero (spec 02 §2.2). */
export function hasAnalysisData(series: readonly SeriesValues[]): boolean {
  return series.some((s) => shows(s.total) || s.rows.some((r) => shows(r.value)));
}
