import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack } from '@mui/material';
import { ZChangePasswordForm } from '@parcelle/shared/contracts/auth';
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
import { AuthFrame } from './AuthFrame';
import { PasswordRules } from './PasswordRules';

type ChangeInput = z.input<typeof ZChangePasswordForm>;
type ChangeValues = z.output<typeof ZChangePasswordForm>;

/** /change-password for a signed-in member: PUT /auth/password/reset. */
export function ChangePasswordScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useForm<ChangeInput, unknown, ChangeValues>({
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: { old_password: '', new_password: '', confirm_password: '' },
  });
  const password = form.watch('new_password') ?? '';

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      const answer = await apiRequest<unknown>('/auth/password/reset', { method: 'PUT', body: values });
      toast(localized(isLocalized(answer.message) ? answer.message : messages.PasswordChanged), 'success');
      form.reset();
      navigate('/user/profile');
    } catch (error) {
      toast(localized(errorText(error)), 'error');
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthFrame title={t('changePassword.title')} testId="change-password-screen">
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2.5}>
          <PasswordField
            control={form.control}
            name="old_password"
            label={t('changePassword.old')}
            autoComplete="current-password"
            testId="change-old-password"
          />
          <PasswordField
            control={form.control}
            name="new_password"
            label={t('changePassword.new')}
            autoComplete="new-password"
            testId="change-new-password"
          />
          <PasswordRules password={password} />
          <PasswordField
            control={form.control}
            name="confirm_password"
            label={t('changePassword.confirm')}
            autoComplete="new-password"
            testId="change-confirm-password"
          />
          <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="change-submit">
            {t('changePassword.submit')}
          </Button>
        </Stack>
      </Box>
    </AuthFrame>
  );
}
