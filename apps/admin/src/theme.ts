import { createTheme } from '@mui/material/styles';

/** A calm back-office look: system font, neutral greys, one blue; nothing of the gallery's display type. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1f4e79' },
    secondary: { main: '#5b6770' },
    background: { default: '#f5f6f8', paper: '#ffffff' },
    text: { primary: '#1d2329', secondary: '#4a545e' },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.5rem', fontWeight: 600 },
    h2: { fontSize: '1.25rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  shape: { borderRadius: 6 },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'default' },
      styleOverrides: { root: { backgroundColor: '#ffffff', color: '#1d2329' } },
    },
    // The unselected state keeps a 4.5:1 contrast (MUI's default grey is lighter).
    MuiToggleButton: { styleOverrides: { root: { color: '#4a545e' } } },
    MuiPaper: { defaultProps: { variant: 'outlined' } },
  },
});
