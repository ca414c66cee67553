import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack } from '@mui/material';
import { OTP_LENGTH } from '@parcelle/shared/constants';
import { ZEmailVerifyRequest } from '@parcelle/shared/contracts/auth';
import { messages } from '@parcelle/shared/i18n/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useToast } from '../feedback/toast';
import { FormTextField } from '../forms/FormTextField';
import { localized } from '../i18n/language';
import { apiRequest } from '../session/api';
import { ApiError, errorText, isLocalized } from '../session/api-error';
import { PROFILE_KEY } from '../session/profile';
import { queryClient } from '../session/query-client';
import { patchUserData } from '../session/storage';
import { useLogout } from '../session/use-logout';
import { AuthFrame } from './AuthFrame';

type CodeInput = z.input<typeof ZEmailVerifyRequest>;
type CodeValues = z.output<typeof ZEmailVerifyRequest>;
type Answer = { message?: unknown };

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, OTP_LENGTH);

/** /verify-email: the 6-digit code sent by email, confirm and resend (spec §2, §5). */
export function VerifyEmailScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { logout } = useLogout();
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);
  const form = useForm<CodeInput, unknown, CodeValues>({
    resolver: zodResolver(ZEmailVerifyRequest),
    defaultValues: { code: '' },
  });

  const confirm = form.handleSubmit(async ({ code }) => {
    setBusy('confirm');
    try {
      const answer = await apiRequest<unknown>('/user/email/verify', { method: 'POST', body: { code } });
      patchUserData({ iev: true });
      queryClient.setQueryData(PROFILE_KEY, (profile) => (profile ? { ...profile, iev: true } : profile));
      void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
      toast(localized(isLocalized(answer.message) ? answer.message : messages.EmailVerified), 'success');
      navigate('/');
    } catch (error) {
      // A refused code is shown under the field (spec §8 "Invalid code shows inline text").
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        form.setError('code', { type: 'server', message: localized(error.error) });
      } else {
        toast(localized(errorText(error)), 'error');
      }
      setBusy(null);
    }
  });

  const resend = async () => {
    setBusy('resend');
    try {
      const answer = await apiRequest<Answer>('/user/resend/email', { method: 'POST' });
      toast(localized(isLocalized(answer.message) ? answer.message : messages.VerificationCodeSent), 'success');
    } catch (error) {
      toast(localized(errorText(error)), 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <AuthFrame title={t('verify.title')} testId="verify-email-screen">
      <Alert severity="info" variant="outlined" sx={{ mb: 4 }} data-testid="verify-email-message">
        {t('msg:VerificationCodeSent')}
      </Alert>
      <Box component="form" onSubmit={confirm} noValidate>
        <Stack spacing={2.5}>
          <FormTextField
            control={form.control}
            name="code"
            label={t('verify.code')}
            helperText={t('verify.codeHelp')}
            autoComplete="one-time-code"
            transform={digitsOnly}
            testId="otp-input"
            slotProps={{
              htmlInput: {
                inputMode: 'numeric',
                maxLength: OTP_LENGTH,
                pattern: '[0-9]*',
                style: { letterSpacing: '0.6em', fontSize: 22, textAlign: 'center' },
              },
            }}
          />
          <Button type="submit" variant="contained" size="large" disabled={busy !== null} data-testid="otp-submit">
            {t('verify.confirm')}
          </Button>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={resend} disabled={busy !== null} data-testid="otp-resend" sx={{ px: 0 }}>
              {t('verify.resend')}
            </Button>
            <Button
              onClick={logout}
              color="inherit"
              data-testid="verify-logout"
              sx={{ px: 0, color: 'text.secondary' }}
            >
              {t('verify.otherAccount')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </AuthFrame>
  );
}
