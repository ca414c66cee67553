/**
 * Parcelle's look, shared by the member site (apps/web's MUI theme) and the operator console (apps/admin's): a calm
 * gallery of warm off-white walls, near-black ink and one bronze accent; Cormorant Garamond for display type, Inter
 * for text (both self-hosted through @fontsource-variable, with metric-matched local fallbacks on the site).
 */
export const palette = {
  paper: '#FBF9F5',
  wall: '#F5F1EA',
  ink: '#1C1B19',
  muted: '#5E5A53',
  line: '#E3DDD2',
  /** 5.3:1 on the wall, 5.7:1 on paper, 5.9:1 under white text (WCAG AA ≥ 4.5, decision in docs/decisions.md). */
  accent: '#7D5E3B',
  accentDark: '#6E5232',
  success: '#3F6F53',
  error: '#A2432F',
} as const;

/**
 * The palette's roles, in the shape of a MUI theme's `palette` (plain data: this package does not depend on MUI), so
 * the site and the console map the colours once.
 */
export const themePalette = {
  mode: 'light',
  primary: { main: palette.ink, contrastText: palette.paper },
  secondary: { main: palette.accent, dark: palette.accentDark, contrastText: '#FFFFFF' },
  background: { default: palette.wall, paper: palette.paper },
  text: { primary: palette.ink, secondary: palette.muted },
  divider: palette.line,
  success: { main: palette.success },
  info: { main: palette.accentDark },
  error: { main: palette.error },
} as const;

export const fonts = {
  display:
    '"Cormorant Garamond Variable", "Cormorant Garamond Fallback", "Cormorant Garamond Fallback Times", Garamond, "Times New Roman", Georgia, serif',
  text: '"Inter Variable", "Inter Fallback", Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
} as const;
