import { Box, Button, type ButtonProps, CircularProgress, Paper, Typography } from '@mui/material';
import type { Localized } from '@parcelle/shared/i18n/messages';
import type { ReactNode } from 'react';
import { localized } from '../i18n/language';
import { isLocalized } from '../session/api-error';
import { palette } from '../theme/theme';

type SectionProps = {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  testId: string;
  tone?: 'default' | 'quiet';
};

/** One section of /user/edit: its title and a short note on the left, the form on the right. */
export function EditSection({ id, title, description, children, testId, tone = 'default' }: SectionProps) {
  const headingId = `${id}-title`;
  return (
    <Paper
      component="section"
      id={id}
      aria-labelledby={headingId}
      variant="outlined"
      data-testid={testId}
      sx={{
        p: { xs: 3, md: 5 },
        borderColor: palette.line,
        bgcolor: tone === 'quiet' ? 'transparent' : undefined,
        scrollMarginTop: 140,
      }}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '220px minmax(0, 1fr)' },
          gap: { xs: 3, lg: 6 },
          alignItems: 'start',
        }}
      >
        <Box>
          <Typography variant="h5" component="h2" id={headingId} sx={{ mb: 1 }}>
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" sx={{ color: palette.muted }}>
              {description}
            </Typography>
          )}
        </Box>
        <Box sx={{ minWidth: 0 }}>{children}</Box>
      </Box>
    </Paper>
  );
}

/** A submit button that shows a spinner and stays disabled while its call runs. */
export function SubmitButton({ busy, children, ...rest }: ButtonProps & { busy: boolean }) {
  return (
    <Button
      type="submit"
      variant="contained"
      {...rest}
      disabled={busy || rest.disabled}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : rest.startIcon}
    >
      {children}
    </Button>
  );
}

/** The server's success message in the current language, else the app's own text. */
export function successText(answer: { message?: unknown } | null | undefined, fallback: Localized): string {
  return localized(isLocalized(answer?.message) ? answer.message : fallback);
}

/** A saved value shown above a form ("Current email", "Saved account"). */
export function CurrentValue({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="body2" sx={{ color: palette.muted }}>
        {label}
      </Typography>
      <Typography sx={{ fontSize: 16.5, overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}
