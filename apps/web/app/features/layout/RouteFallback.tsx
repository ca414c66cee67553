import { Box, CircularProgress } from '@mui/material';

/**
 * What the server renders for a page that only the browser can decide on (the session lives in the browser's
 * storage): the header and footer around a quiet wait, until the route's guard has run and the page shows.
 */
export function RouteFallback() {
  return (
    <Box aria-busy="true" sx={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress size={28} aria-hidden="true" />
    </Box>
  );
}
