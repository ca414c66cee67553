import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack } from '@mui/material';
import { ZForgotPasswordForm } from '@parcelle/shared/contracts/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useToast } from '../feedback/toast';
import { FormTextField } from '../forms/FormTextField';
import { localized } from '../i18n/language';
import { errorText } from '../session/api-error';
import { AuthFrame } from './AuthFrame';
import { requestResetLink } from './forgot';

type ForgotInput = z.input<typeof ZForgotPasswordForm>;
type ForgotValues = z.output<typeof ZForgotPasswordForm>;

/** /forgot: email, Send, Cancel (spec §2). */
export function ForgotScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useForm<ForgotInput, unknown, ForgotValues>({
    resolver: zodResolver(ZForgotPasswordForm),
    defaultValues: { email: '' },
  });

  const submit = form.handleSubmit(async ({ email }) => {
    setBusy(true);
    try {
      await requestResetLink(email);
      navigate('/email-confirm', { state: { email } });
    } catch (error) {
      toast(localized(errorText(error)), 'error');
      setBusy(false);
    }
  });

  return (
    <AuthFrame title={t('forgot.title')} subtitle={t('forgot.text')} testId="forgot-screen">
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2.5}>
          <FormTextField
            control={form.control}
            name="email"
            label={t('forgot.email')}
            type="email"
            autoComplete="email"
            testId="forgot-email"
          />
          <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end' }}>
            <Button component={Link} to="/login" variant="outlined" data-testid="forgot-cancel">
              {t('forgot.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={busy} data-testid="forgot-submit">
              {t('forgot.send')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </AuthFrame>
  );
}
