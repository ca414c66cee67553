import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, CircularProgress, Stack } from '@mui/material';
import { ZChangePasswordForm } from '@parcelle/shared/contracts/auth';
import { messages } from '@parcelle/shared/i18n/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useToast } from '../feedback/toast';
import { PasswordField } from '../forms/PasswordField';
import { localized } from '../i18n/language';
import { apiRequest } from '../session/api';
import { errorText, isLocalized } from '../session/api-error';
import { PasswordRules } from './PasswordRules';

type ChangeInput = z.input<typeof ZChangePasswordForm>;
type ChangeValues = z.output<typeof ZChangePasswordForm>;

type Props = {
  /** Called once the password is changed (after the success toast). */
  onDone?: () => void;
  /** The submit button takes the whole width (the /change-password card) or its own (the edit page). */
  fullWidthSubmit?: boolean;
};

/** Old, new and confirmed password: PUT /auth/password/reset. Used by /change-password and /user/edit. */
export function ChangePasswordForm({ onDone, fullWidthSubmit = true }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
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
      onDone?.();
    } catch (error) {
      toast(localized(errorText(error)), 'error');
    } finally {
      setBusy(false);
    }
  });

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="change-password-form">
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
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth={fullWidthSubmit}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="change-submit"
          >
            {t('changePassword.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
