import { Box, Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { palette } from '../theme/theme';

type Props = { testId: string; state: string; eyebrow: string; title: string; children: ReactNode };

/** The quiet page of a newsletter link: an eyebrow, a serif title, the outcome and where to go next. */
export function StatusFrame({ testId, state, eyebrow, title, children }: Props) {
  return (
    <Container maxWidth={false} sx={{ maxWidth: 1320, px: { xs: 3, md: 5 } }}>
      <Box data-testid={testId} data-state={state} sx={{ py: { xs: 10, md: 16 }, maxWidth: 640, mx: 'auto' }}>
        <Typography variant="overline" component="p" sx={{ color: palette.accent }}>
          {eyebrow}
        </Typography>
        <Typography variant="h2" component="h1" sx={{ mt: 1.5, mb: 3 }}>
          {title}
        </Typography>
        <Box sx={{ width: 56, height: '1px', bgcolor: palette.accent, mb: 4 }} />
        {children}
      </Box>
    </Container>
  );
}
