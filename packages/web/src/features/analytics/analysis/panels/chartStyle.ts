import type { Theme } from '@mui/material/styles';

/** The theme's colours and font as the panels' charts use them. */
export interface ChartStyle {
  fontFamily: string;
  text: string;
  mutedText: string;
  gridLine: string;
  /** The top chart's bars. */
  bar: string;
}

export function chartStyle(theme: Theme): ChartStyle {
  const { palette, typography } = theme;
  return {
    fontFamily: typography.fontFamily ?? 'sans-serif',
    text: palette.text.primary,
    mutedText: palette.text.secondary,
    gridLine: palette.divider,
    bar: palette.primary.main,
  };
}

export const TICK_FONT_SIZE = 11;
export const TOOLTIP_FONT_SIZE = 12;
export const TOOLTIP_ROW_STYLE = 'display:flex;justify-content:space-between;gap:16px';

/** Height of the top and trend charts, side by side on wide screens. */
export const PANEL_CHART_HEIGHT = 360;
