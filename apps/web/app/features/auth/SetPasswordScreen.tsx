import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack, Typography } from '@mui/material';
import { ZSetPasswordRequest } from '@parcelle/shared/contracts/auth';
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
import { clearStoredSession } from '../session/storage';
import { EmailedLinkGate } from './EmailedLinkGate';
import { PasswordRules } from './PasswordRules';

type SetInput = z.input<typeof ZSetPasswordRequest>;
type SetValues = z.output<typeof ZSetPasswordRequest>;

function SetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useForm<SetInput, unknown, SetValues>({
    resolver: zodResolver(ZSetPasswordRequest),
    defaultValues: { token, new_password: '', confirm_new_password: '' },
  });
  const password = form.watch('new_password') ?? '';

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      const answer = await apiRequest<unknown>('/auth/password/set', { method: 'POST', body: values });
      // Every session of the account ended on the server, the quick sign-up one in this browser included.
      clearStoredSession();
      toast(localized(isLocalized(answer.message) ? answer.message : messages.PasswordSet), 'success');
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
          label={t('setPassword.newPassword')}
          autoComplete="new-password"
          testId="set-password"
        />
        <PasswordRules password={password} />
        <PasswordField
          control={form.control}
          name="confirm_new_password"
          label={t('setPassword.confirm')}
          autoComplete="new-password"
          testId="set-password-confirmation"
        />
        <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="set-password-submit">
          {t('setPassword.submit')}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * /set-password/:token — the link quick sign-up emails (single use, 24 hours): checks it, then asks for the
 * account's first password. Setting it proves the mailbox (the email counts as verified) and ends every session.
 */
export function SetPasswordScreen({ token }: { token: string }) {
  const { t } = useTranslation();
  return (
    <EmailedLinkGate
      queryKey={['set-password-link', token]}
      check={() => apiRequest<unknown>('/auth/password/set/verify-link', { query: { token } })}
      title={t('setPassword.title')}
      checking={t('setPassword.checking')}
      invalidTitle={t('setPassword.invalidTitle')}
      invalidHint={t('setPassword.askNew')}
      askNew={t('setPassword.forgot')}
      testIdPrefix="set-password"
    >
      <Typography sx={{ mb: 3 }}>{t('setPassword.text')}</Typography>
      <SetPasswordForm token={token} />
    </EmailedLinkGate>
  );
}
