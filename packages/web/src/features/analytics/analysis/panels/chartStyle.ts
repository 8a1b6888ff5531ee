import { alpha, type Theme } from '@mui/material/styles';

/** The theme's colours and font as the panels' charts use them. */
export interface ChartStyle {
  fontFamily: string;
  text: string;
  mutedText: string;
  gridLine: string;
  /** The top chart's bars. */
  bar: string;
  /** The top chart's bars of the comparison period: the same colour, lighter. */
  comparisonBar: string;
}

/** How strongly a comparison bar shows its colour. */
const COMPARISON_BAR_OPACITY = 0.4;

export function chartStyle(theme: Theme): ChartStyle {
  const { palette, typography } = theme;
  return {
    fontFamily: typography.fontFamily ?? 'sans-serif',
    text: palette.text.primary,
    mutedText: palette.text.secondary,
    gridLine: palette.divider,
    bar: palette.primary.main,
    comparisonBar: alpha(palette.primary.main, COMPARISON_BAR_OPACITY),
  };
}

export const TICK_FONT_SIZE = 11;
export const TOOLTIP_FONT_SIZE = 12;
export const TOOLTIP_ROW_STYLE = 'display:flex;justify-content:space-between;gap:16px';

/** Height of the top and trend charts, side by side on wide screens. */
export const PANEL_CHART_HEIGHT = 360;
