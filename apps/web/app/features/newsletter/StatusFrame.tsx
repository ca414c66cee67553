import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { PageContainer } from '../layout/PageContainer';
import { palette } from '../theme/theme';

type Props = {
  testId: string;
  state: string;
  eyebrow: string;
  title: string;
  /** A form rather than a message (the contact page): a wider column, a little less space above. */
  wide?: boolean;
  children: ReactNode;
};

const MESSAGE = { py: { xs: 10, md: 16 }, maxWidth: 640, mx: 'auto' } as const;
const FORM = { py: { xs: 8, md: 14 }, maxWidth: 760, mx: 'auto' } as const;

/**
 * The site's quiet pages (a newsletter link's outcome, the contact form without a script): an eyebrow, a serif title,
 * a hairline, then the outcome or the form and where to go next.
 */
export function StatusFrame({ testId, state, eyebrow, title, wide = false, children }: Props) {
  return (
    <PageContainer>
      <Box data-testid={testId} data-state={state} sx={wide ? FORM : MESSAGE}>
        <Typography variant="overline" component="p" sx={{ color: palette.accent }}>
          {eyebrow}
        </Typography>
        <Typography variant="h2" component="h1" sx={{ mt: 1.5, mb: 3 }}>
          {title}
        </Typography>
        <Box sx={{ width: 56, height: '1px', bgcolor: palette.accent, mb: 4 }} />
        {children}
      </Box>
    </PageContainer>
  );
}
