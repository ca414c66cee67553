import '@parcelle/shared/zod-config';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, CircularProgress, Link as MuiLink, Stack, Typography } from '@mui/material';
import { WEB_DEVICE_TOKEN, WEB_DEVICE_TYPE } from '@parcelle/shared/constants';
import { emailField, nameField } from '@parcelle/shared/validation/fields';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { z } from 'zod';
import { type SessionAnswer, startSession } from '../auth/start-session';
import { captchaAnswer } from '../captcha/captcha';
import { useToast } from '../feedback/toast';
import { FormTextField } from '../forms/FormTextField';
import { currentLanguage, localized } from '../i18n/language';
import { useCurrency } from '../preferences/currency';
import { apiRequest } from '../session/api';
import { errorText } from '../session/api-error';
import { palette } from '../theme/theme';

const ZQuickSignup = z.object({
  first_name: nameField('RegValBlank'),
  last_name: nameField('RegValBlank'),
  email: emailField('RegValBlank'),
});
type QuickInput = z.input<typeof ZQuickSignup>;
type QuickValues = z.output<typeof ZQuickSignup>;

/**
 * The purchase drawer's quick sign-up for a visitor (spec §2 "Quick login"): names and email only; the server
 * creates the account, emails its credentials and opens the session, and the visitor goes on with the purchase.
 */
export function QuickSignup({ onSignedIn }: { onSignedIn?: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const currency = useCurrency();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const form = useForm<QuickInput, unknown, QuickValues>({
    resolver: zodResolver(ZQuickSignup),
    defaultValues: { first_name: '', last_name: '', email: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      const { data } = await apiRequest<SessionAnswer>('/user/register', {
        method: 'POST',
        body: {
          ...values,
          quick_sign_up: true,
          lang: currentLanguage(),
          curr: currency,
          device_token: WEB_DEVICE_TOKEN,
          device_type: WEB_DEVICE_TYPE,
          captcha: await captchaAnswer(),
        },
      });
      // Quick login stays on the page (spec §2 redirect rules): no trip through /verify-email now.
      await startSession({ ...data, curr: currency });
      toast(t('purchase.quickSignup.success'), 'success');
      onSignedIn?.();
    } catch (error) {
      toast(localized(errorText(error)), 'error');
    } finally {
      setBusy(false);
    }
  });

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="quick-signup">
      <Typography variant="h4" component="h3" sx={{ mb: 1 }}>
        {t('purchase.quickSignup.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: palette.muted, mb: 3 }}>
        {t('purchase.quickSignup.text')}
      </Typography>
      <Stack spacing={2.25}>
        <FormTextField
          control={form.control}
          name="first_name"
          label={t('purchase.quickSignup.firstName')}
          autoComplete="given-name"
          testId="quick-signup-first-name"
        />
        <FormTextField
          control={form.control}
          name="last_name"
          label={t('purchase.quickSignup.lastName')}
          autoComplete="family-name"
          testId="quick-signup-last-name"
        />
        <FormTextField
          control={form.control}
          name="email"
          label={t('purchase.quickSignup.email')}
          type="email"
          autoComplete="email"
          testId="quick-signup-email"
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="quick-signup-submit"
        >
          {t('purchase.quickSignup.submit')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mt: 3, color: palette.muted }}>
        {t('purchase.quickSignup.member')}{' '}
        <MuiLink
          component={Link}
          to="/login"
          state={{ from: `${location.pathname}${location.search}` }}
          data-testid="quick-signup-login"
          sx={{ color: palette.accentDark }}
        >
          {t('purchase.quickSignup.login')}
        </MuiLink>
      </Typography>
    </Box>
  );
}
