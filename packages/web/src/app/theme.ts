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

/** Teal primary, orange secondary (spec 01 §9). */
export const theme = createTheme(
  {
    palette: {
      primary: { main: '#00897b', light: '#4db6ac', dark: '#00695c', contrastText: '#ffffff' },
      secondary: { main: '#f57c00', light: '#ffb74d', dark: '#e65100', contrastText: '#ffffff' },
      background: { default: '#f4f7f7', paper: '#ffffff' },
      text: { primary: '#1f2d2b', secondary: '#5b6b69' },
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
          'a:focus-visible': focusRing('#00897b'),
        },
      },
      MuiButtonBase: {
        styleOverrides: {
          root: { '&.Mui-focusVisible': focusRing('#00897b') },
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
