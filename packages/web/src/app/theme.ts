import { createTheme } from '@mui/material/styles';
import { jaJP } from '@mui/material/locale';

const FONT_FAMILY = [
  "'Noto Sans JP'",
  "'Noto Sans CJK JP'",
  "'Hiragino Sans'",
  "'Hiragino Kaku Gothic ProN'",
  'Meiryo',
  'sans-serif',
].join(', ');

const focusRing = (color: string) => ({ outline: `2px solid ${color}`, outlineOffset: 2 });

/**
 * Teal primary, orange secondary (spec 01 §9), in shades that meet WCAG AA contrast (4.5:1 for
 * text): the teal as text on white and on the page background, white on the teal, dark text on
 * the orange (white on that orange would reach only 2.7:1). Warning and info in the darker shades
 * that white text of a filled message (a snackbar) can be read on.
 */
const TEAL = '#00796b';
const TEXT = '#1f2d2b';

export const theme = createTheme(
  {
    palette: {
      primary: { main: TEAL, light: '#4db6ac', dark: '#00594f', contrastText: '#ffffff' },
      secondary: { main: '#f57c00', light: '#ffb74d', dark: '#e65100', contrastText: TEXT },
      warning: { main: '#a84300', contrastText: '#ffffff' },
      info: { main: '#01579b', contrastText: '#ffffff' },
      background: { default: '#f4f7f7', paper: '#ffffff' },
      text: { primary: TEXT, secondary: '#5b6b69' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: FONT_FAMILY,
      h1: { fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.4 },
      h2: { fontSize: '1.25rem', fontWeight: 700, lineHeight: 1.4 },
      h3: { fontSize: '1.0625rem', fontWeight: 700, lineHeight: 1.5 },
      button: { fontWeight: 600, textTransform: 'none' },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: {
            fontFeatureSettings: '"palt"',
            WebkitFontSmoothing: 'antialiased',
            // Line breaks between Japanese phrases rather than inside words.
            wordBreak: 'auto-phrase',
          },
          'a:focus-visible': focusRing(TEAL),
        },
      },
      MuiButtonBase: {
        styleOverrides: {
          root: { '&.Mui-focusVisible': focusRing(TEAL) },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 8 } },
      },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiPaper: { styleOverrides: { outlined: { borderColor: '#dfe6e5' } } },
      MuiLink: { defaultProps: { underline: 'hover' } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiTooltip: { defaultProps: { arrow: true } },
    },
  },
  jaJP,
);
