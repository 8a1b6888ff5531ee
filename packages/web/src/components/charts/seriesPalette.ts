import type { CHART_MAX_SERIES } from '@pharmalytics/domain';

/**
 * Colours of ranked series: the trend chart's lines (the i-th for the i-th checked series) and the
 * distribution map's categories (the i-th for the i-th ranked). Ten hues far apart, each dark
 * enough for a contrast of at least 3:1 on white.
 */
export const SERIES_PALETTE = [
  '#1f77b4', // blue
  '#d95f02', // orange
  '#2ca02c', // green
  '#d62728', // red
  '#9467bd', // purple
  '#8c564b', // brown
  '#c5479f', // pink
  '#7f7f7f', // grey
  '#8a8b00', // olive
  '#0f8b97', // cyan
] as const satisfies readonly string[] & { length: typeof CHART_MAX_SERIES };
