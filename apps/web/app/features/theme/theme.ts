import { createTheme } from '@mui/material/styles';
import { fonts, palette, themePalette } from '@parcelle/shared/brand';
import { LAYOUT } from '@parcelle/shared/constants';

/** The brand's colours and type, shared with the operator console (packages/shared/src/brand.ts). */
export { fonts, palette } from '@parcelle/shared/brand';

/** Media query of the mobile layout (≤ 1024px, spec §9). */
export const MOBILE = `@media (max-width: ${LAYOUT.mobileBreakpoint}px)`;
export const DESKTOP = `@media (min-width: ${LAYOUT.mobileBreakpoint + 1}px)`;

const display = { fontFamily: fonts.display, fontWeight: 500, letterSpacing: '-0.01em', lineHeight: 1.1 };

export const theme = createTheme({
  palette: themePalette,
  shape: { borderRadius: 2 },
  typography: {
    fontFamily: fonts.text,
    fontSize: 15,
    h1: { ...display, fontSize: 'clamp(2.6rem, 5vw, 4.2rem)' },
    h2: { ...display, fontSize: 'clamp(2.1rem, 3.6vw, 3rem)' },
    h3: { ...display, fontSize: 'clamp(1.7rem, 2.6vw, 2.2rem)' },
    h4: { ...display, fontSize: '1.65rem' },
    h5: { ...display, fontSize: '1.35rem' },
    h6: { ...display, fontSize: '1.15rem', fontWeight: 600 },
    subtitle1: { color: palette.muted, lineHeight: 1.6 },
    body1: { lineHeight: 1.7 },
    body2: { lineHeight: 1.6 },
    overline: { letterSpacing: '0.18em', fontWeight: 500, fontSize: '0.72rem', lineHeight: 2 },
    button: { textTransform: 'none', letterSpacing: '0.04em', fontWeight: 500 },
  },
  components: {
    // Subtitles are the lead paragraph under a title, not headings (MUI maps them to h6, which broke the pages'
    // heading order: an h6 right after the h1).
    MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
    // MUI's unselected toggle is 54 % black: about 4.4:1 on paper, less under its hover tint (axe saw it fail on the
    // payout choice). The muted ink keeps 6:1 in every state.
    MuiToggleButton: { styleOverrides: { root: { color: palette.muted } } },
    MuiCssBaseline: {
      styleOverrides: {
        body: { backgroundColor: palette.wall, WebkitFontSmoothing: 'antialiased' },
        '::selection': { backgroundColor: '#E8DCCB' },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        // Background and border ease on hover; the text colour does not, so a button turning on (disabled while its
        // data loads) never shows a label halfway between the disabled grey and the ink, under the contrast minimum.
        root: {
          borderRadius: 2,
          paddingInline: 22,
          minHeight: 44,
          transition:
            'background-color 250ms cubic-bezier(0.4, 0, 0.2, 1), border-color 250ms cubic-bezier(0.4, 0, 0.2, 1)',
        },
        sizeSmall: { minHeight: 34, paddingInline: 14 },
        outlined: { borderColor: palette.ink },
      },
    },
    MuiTextField: { defaultProps: { fullWidth: true, variant: 'outlined' } },
    MuiOutlinedInput: {
      styleOverrides: {
        root: { backgroundColor: '#FFFFFF' },
        notchedOutline: { borderColor: palette.line },
      },
    },
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiLink: { defaultProps: { underline: 'hover', color: 'inherit' } },
    MuiMenu: { styleOverrides: { paper: { border: `1px solid ${palette.line}` } } },
    MuiAlert: { styleOverrides: { root: { borderRadius: 2, alignItems: 'center' } } },
  },
});

/** Hidden on screen, still read by assistive technology (the usual "sr-only" rules). */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
