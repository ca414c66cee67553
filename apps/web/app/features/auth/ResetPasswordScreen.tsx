import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack } from '@mui/material';
import { ZForgotResetRequest } from '@parcelle/shared/contracts/auth';
import { messages } from '@parcelle/shared/i18n/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useToast } from '../feedback/toast';
import { PasswordField } from '../forms/PasswordField';
import { localized } from '../i18n/language';
import { apiRequest } from '../session/api';
import { errorText, isLocalized } from '../session/api-error';
import { EmailedLinkGate } from './EmailedLinkGate';
import { PasswordRules } from './PasswordRules';

type ResetInput = z.input<typeof ZForgotResetRequest>;
type ResetValues = z.output<typeof ZForgotResetRequest>;

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useForm<ResetInput, unknown, ResetValues>({
    resolver: zodResolver(ZForgotResetRequest),
    // No email: the link's token names the member (decision 393).
    defaultValues: { forgot_pwd_token: token, new_password: '', confirm_new_password: '' },
  });
  const password = form.watch('new_password') ?? '';

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      const answer = await apiRequest<unknown>('/auth/forgotpwd/reset', { method: 'POST', body: values });
      toast(localized(isLocalized(answer.message) ? answer.message : messages.PasswordResetDone), 'success');
      navigate('/login');
    } catch (error) {
      toast(localized(errorText(error)), 'error');
      setBusy(false);
    }
  });

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2.5}>
        <PasswordField
          control={form.control}
          name="new_password"
          label={t('reset.newPassword')}
          autoComplete="new-password"
          testId="reset-password"
        />
        <PasswordRules password={password} />
        <PasswordField
          control={form.control}
          name="confirm_new_password"
          label={t('reset.confirm')}
          autoComplete="new-password"
          testId="reset-password-confirmation"
        />
        <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="reset-submit">
          {t('reset.submit')}
        </Button>
      </Stack>
    </Box>
  );
}

/** /reset-password/:token — checks the link, then asks for the new password (the link names the member). */
export function ResetPasswordScreen({ token }: { token: string }) {
  const { t } = useTranslation();
  return (
    <EmailedLinkGate
      queryKey={['reset-link', token]}
      check={() => apiRequest<unknown>('/auth/forgotpwd/verify-link', { query: { forgot_pwd_token: token } })}
      title={t('reset.title')}
      checking={t('reset.checking')}
      invalidTitle={t('reset.invalidTitle')}
      askNew={t('reset.askNew')}
      testIdPrefix="reset"
    >
      <ResetForm token={token} />
    </EmailedLinkGate>
  );
}
