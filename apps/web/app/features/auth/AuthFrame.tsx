import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../layout/use-document-title';
import { palette } from '../theme/theme';

type Props = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
  testId?: string;
};

/** The quiet card every sign-in and sign-up screen sits in. */
export function AuthFrame({ title, subtitle, children, footer, width = 480, testId }: Props) {
  useDocumentTitle(title);
  return (
    <Box sx={{ px: 2, py: { xs: 5, md: 10 }, display: 'flex', justifyContent: 'center' }} data-testid={testId}>
      <Box sx={{ width: '100%', maxWidth: width }}>
        <Paper
          variant="outlined"
          sx={{ p: { xs: 3, sm: 6 }, borderColor: palette.line, boxShadow: '0 24px 60px rgba(28, 27, 25, 0.06)' }}
        >
          <Typography variant="h2" component="h1" sx={{ mb: subtitle ? 1.5 : 4 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="subtitle1" component="div" sx={{ mb: 4 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </Paper>
        {footer && <Box sx={{ mt: 3, textAlign: 'center', color: palette.muted, fontSize: 14.5 }}>{footer}</Box>}
      </Box>
    </Box>
  );
}
