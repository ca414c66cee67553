import { Box, Button, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { useToast } from '../feedback/toast';
import { localized } from '../i18n/language';
import { RouteFallback } from '../layout/RouteFallback';
import { errorText, isLocalized } from '../session/api-error';
import { useHydrated } from '../ssr/use-hydrated';
import { palette } from '../theme/theme';
import { AuthFrame } from './AuthFrame';
import { requestResetLink } from './forgot';

function emailOf(state: unknown): string | null {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email ? email : null;
}

/**
 * /email-confirm: needs the email in the router state, else goes to /login (spec §2). That state lives in the
 * browser's history: the server sends a wait, the browser decides once hydrated.
 */
export function EmailConfirmScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const location = useLocation();
  const hydrated = useHydrated();
  const email = emailOf(location.state);
  const [busy, setBusy] = useState(false);
  if (!hydrated) return <RouteFallback />;
  if (!email) return <Navigate to="/login" replace />;

  const sendAgain = async () => {
    setBusy(true);
    try {
      const answer = await requestResetLink(email);
      if (isLocalized(answer.message)) toast(localized(answer.message), 'success');
    } catch (error) {
      toast(localized(errorText(error)), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={t('emailConfirm.title')} testId="email-confirm-screen">
      <Stack spacing={3}>
        <Typography data-testid="email-confirm-message">{t('emailConfirm.text', { email })}</Typography>
        <Typography variant="body2" sx={{ color: palette.muted }}>
          {t('emailConfirm.notReceived')}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
          <MuiLink component={Link} to="/login" underline="always">
            {t('emailConfirm.backToLogin')}
          </MuiLink>
          <Button variant="outlined" onClick={sendAgain} disabled={busy} data-testid="email-confirm-resend">
            {t('emailConfirm.sendAgain')}
          </Button>
        </Box>
      </Stack>
    </AuthFrame>
  );
}
