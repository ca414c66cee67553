import { createTheme } from '@mui/material/styles';
import { fonts, palette, themePalette } from '@parcelle/shared/brand';

/**
 * Parcelle's console: the site's walls, ink and bronze accent (packages/shared/src/brand.ts), Inter for the working
 * text and Cormorant Garamond for the titles, at a back-office density (compact type, square corners).
 */
export const theme = createTheme({
  palette: {
    ...themePalette,
    // The irreversible steps' frame and buttons: a dark amber that keeps 4.5:1 as text on paper and under white text.
    warning: { main: '#8A4B0F', contrastText: '#FFFFFF' },
  },
  typography: {
    fontFamily: fonts.text,
    fontSize: 14,
    h1: { fontFamily: fonts.display, fontSize: '2.1rem', fontWeight: 500, letterSpacing: '-0.01em', lineHeight: 1.15 },
    h2: { fontFamily: fonts.display, fontSize: '1.6rem', fontWeight: 500, lineHeight: 1.2 },
    h3: { fontFamily: fonts.display, fontSize: '1.3rem', fontWeight: 600, lineHeight: 1.25 },
    button: { textTransform: 'none', fontWeight: 500, letterSpacing: '0.02em' },
  },
  shape: { borderRadius: 2 },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'default' },
      styleOverrides: { root: { backgroundColor: palette.paper, color: palette.ink } },
    },
    MuiDrawer: { styleOverrides: { paper: { backgroundColor: palette.paper, borderColor: palette.line } } },
    // The unselected state keeps a 4.5:1 contrast (MUI's default grey is lighter).
    MuiToggleButton: { styleOverrides: { root: { color: palette.muted } } },
    MuiPaper: { defaultProps: { variant: 'outlined' }, styleOverrides: { root: { borderColor: palette.line } } },
    MuiOutlinedInput: { styleOverrides: { root: { backgroundColor: '#FFFFFF' } } },
    MuiCssBaseline: {
      styleOverrides: {
        body: { WebkitFontSmoothing: 'antialiased' },
        // Less motion when the operator's system asks for it, as on the site (apps/web/app/app.css): spinners,
        // skeletons and transitions end at once.
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '1ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '1ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
  },
});
