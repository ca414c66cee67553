import { Box, type SxProps, type Theme } from '@mui/material';

/**
 * Small marks drawn as SVG, not typed as characters. "↗", "▲" and "▼" are in none of the web fonts' subsets: as text,
 * each made the browser search the system's fonts for a fallback during the page's first layout (on Linux, a round of
 * font lookups that delayed the first paint: issue 14), and each looked different on every platform. Sized in em and
 * coloured by the text around them; hidden from screen readers, which read the words beside them.
 */
/** A mark's own styles first, then the caller's (MUI accepts an array of sx entries). */
const withSx = (own: SxProps<Theme>, sx?: SxProps<Theme>): SxProps<Theme> =>
  [own, ...(Array.isArray(sx) ? sx : [sx])] as SxProps<Theme>;

function Mark({ path, sx, testId }: { path: string; sx?: SxProps<Theme>; testId?: string }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 10 10"
      aria-hidden="true"
      focusable="false"
      data-testid={testId}
      sx={withSx({ width: '0.62em', height: '0.62em', display: 'inline-block', flexShrink: 0 }, sx)}
    >
      <path d={path} fill="currentColor" />
    </Box>
  );
}

/** ↗'s drawing, in a 10 × 10 box (also drawn by the footer without MUI, decision 497). */
export const EXTERNAL_PATH = 'M3 1.5h5.5V7H7.2V3.7L2.4 8.5l-.9-.9 4.8-4.8H3z';

/** ↗: the link opens another site, in a new window. */
export function ExternalMark({ sx }: { sx?: SxProps<Theme> }) {
  return <Mark path={EXTERNAL_PATH} sx={withSx({ ml: 0.5, verticalAlign: '0.05em' }, sx)} />;
}

/** ▲'s or ▼'s drawing, in a 10 × 10 box (also drawn without MUI by a work's change of value, decision 514). */
export const directionPath = (up: boolean) => (up ? 'M5 1.5 9.5 8.5h-9z' : 'M5 8.5 9.5 1.5h-9z');

/** ▲ or ▼: a value rose or fell. */
export function DirectionMark({ up, sx }: { up: boolean; sx?: SxProps<Theme> }) {
  return (
    <Mark
      path={directionPath(up)}
      testId={up ? 'mark-up' : 'mark-down'}
      sx={withSx({ mr: 0.5, verticalAlign: '0.02em' }, sx)}
    />
  );
}
