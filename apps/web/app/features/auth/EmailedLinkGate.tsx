import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { messages } from '@parcelle/shared/i18n/messages';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { localized } from '../i18n/language';
import { ApiError } from '../session/api-error';
import { AuthFrame } from './AuthFrame';

/**
 * A screen opened from an emailed, single-use link (password reset, first password of a quick sign-up): checks the
 * link with the server first, says so while it checks, and offers a new link when it is spent or expired. Only a
 * valid link shows `children`.
 */
export function EmailedLinkGate(props: {
  queryKey: readonly unknown[];
  check: () => Promise<unknown>;
  title: string;
  checking: string;
  invalidTitle: string;
  /** A sentence under the server's message on the invalid screen. */
  invalidHint?: string;
  /** The label of the button that asks for a new link (/forgot). */
  askNew: string;
  /** `reset` gives `reset-invalid`, `reset-invalid-message` and `reset-screen`. */
  testIdPrefix: string;
  children: ReactNode;
}) {
  const link = useQuery({
    queryKey: props.queryKey,
    queryFn: props.check,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (link.isPending) {
    return (
      <AuthFrame title={props.title}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }} role="status">
          <CircularProgress size={20} aria-hidden="true" />
          <Typography>{props.checking}</Typography>
        </Box>
      </AuthFrame>
    );
  }
  if (link.isError) {
    const text = link.error instanceof ApiError ? link.error.error : messages.ResetLinkInvalid;
    return (
      <AuthFrame title={props.invalidTitle} testId={`${props.testIdPrefix}-invalid`}>
        <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
          <Typography data-testid={`${props.testIdPrefix}-invalid-message`}>{localized(text)}</Typography>
          {props.invalidHint && <Typography>{props.invalidHint}</Typography>}
          <Button component={Link} to="/forgot" variant="contained">
            {props.askNew}
          </Button>
        </Stack>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title={props.title} testId={`${props.testIdPrefix}-screen`}>
      {props.children}
    </AuthFrame>
  );
}
