import type { CHART_MAX_SERIES } from '@pharmalytics/domain';

/**
 * The trend chart's line colours, the i-th for the i-th checked series: ten hues far apart, each
 * dark enough for a contrast of at least 3:1 on white.
 */
export const TREND_PALETTE = [
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
