import { Box, type SxProps, type Theme } from '@mui/material';

/**
 * Small marks drawn as SVG, not typed as characters. "↗", "▲" and "▼" are in none of the web fonts' subsets: as text,
 * each made the browser search the system's fonts for a fallback during the page's first layout (on Linux, a round of
 * font lookups that delayed the first paint: issue 14), and each looked different on every platform. Sized in em and
 * coloured by the text around them; hidden from screen readers, which read the words beside them.
 */
function Mark({ path, sx, testId }: { path: string; sx?: SxProps<Theme>; testId?: string }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 10 10"
      aria-hidden="true"
      focusable="false"
      data-testid={testId}
      sx={[
        { width: '0.62em', height: '0.62em', display: 'inline-block', flexShrink: 0 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <path d={path} fill="currentColor" />
    </Box>
  );
}

/** ↗: the link opens another site, in a new window. */
export function ExternalMark({ sx }: { sx?: SxProps<Theme> }) {
  return (
    <Mark
      path="M3 1.5h5.5V7H7.2V3.7L2.4 8.5l-.9-.9 4.8-4.8H3z"
      sx={[{ ml: 0.5, verticalAlign: '0.05em' }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}

/** ▲ or ▼: a value rose or fell. */
export function DirectionMark({ up, sx }: { up: boolean; sx?: SxProps<Theme> }) {
  return (
    <Mark
      path={up ? 'M5 1.5 9.5 8.5h-9z' : 'M5 8.5 9.5 1.5h-9z'}
      testId={up ? 'mark-up' : 'mark-down'}
      sx={[{ mr: 0.5, verticalAlign: '0.02em' }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
