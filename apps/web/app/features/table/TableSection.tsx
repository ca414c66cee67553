import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { palette } from '../theme/theme';

type Props = {
  /** The id of the heading, which names the section and its table. */
  titleId: string;
  /** The heading; absent when the page names the table already (a History tab): the section is then a frame. */
  title?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  testId?: string;
};

/** The frame of a member table (decision 459): a quiet outlined sheet, its heading and a line of introduction. */
export function TableSection({ titleId, title, intro, children, testId }: Props) {
  return (
    <Paper
      component={title ? 'section' : 'div'}
      aria-labelledby={title ? titleId : undefined}
      variant="outlined"
      sx={{ borderColor: palette.line, overflow: 'hidden' }}
      data-testid={testId}
    >
      {title && (
        <Box sx={{ px: { xs: 2.5, md: 4 }, pt: 3, pb: 2 }}>
          <Typography variant="h5" component="h2" id={titleId}>
            {title}
          </Typography>
          {intro && (
            <Typography variant="body2" sx={{ color: palette.muted, mt: 0.75, maxWidth: 640 }}>
              {intro}
            </Typography>
          )}
        </Box>
      )}
      {children}
    </Paper>
  );
}
