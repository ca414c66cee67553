import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Stack } from '@mui/material';
import { DELAY_MS } from '@parcelle/shared/constants';
import type { TProfile } from '@parcelle/shared/contracts/auth';
import { messages } from '@parcelle/shared/i18n/messages';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { getRememberedEmail, rememberEmail } from '../auth/remembered-email';
import { useToast } from '../feedback/toast';
import { FormTextField } from '../forms/FormTextField';
import { localized } from '../i18n/language';
import { phoneText } from '../profile/format';
import { ApiError, errorText } from '../session/api-error';
import { queryClient } from '../session/query-client';
import { clearStoredSession } from '../session/storage';
import { updateEmail } from './api';
import { useIdentityCheck } from './IdentityCheck';
import { OtpDialog } from './OtpDialog';
import { isPhoneNeededError } from './phone-needed';
import { emailChangeForm } from './schemas';
import { CurrentValue, EditSection, SubmitButton, successText } from './ui';

type EmailInput = { email: string };

/**
 * Email change (spec §4): the new address sends a code by SMS to the member's phone; the code in the
 * modal changes the email, every session is closed, and after 3 s the member signs in again. Before it (issue 12):
 * the password again and, when the current address is verified, the code emailed to it.
 */
export function EmailSection({ profile, onNeedPhone }: { profile: TProfile; onNeedPhone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const schema = useMemo(() => emailChangeForm(profile.email), [profile.email]);
  const form = useForm<EmailInput, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [channelCode, setChannelCode] = useState<string | undefined>(undefined);
  const identity = useIdentityCheck(profile.email);
  const phone = phoneText(profile.phone);

  const requestCode = async (email: string) => {
    const answer = await updateEmail(email);
    toast(successText(answer, messages.OtpSentToPhone), 'success');
  };

  const submit = form.handleSubmit(async ({ email }) => {
    if (!profile.phone) {
      onNeedPhone();
      return;
    }
    try {
      setChannelCode(await identity.confirm({ withCode: profile.iev }));
    } catch {
      return; // closed by the member
    }
    setBusy(true);
    try {
      await requestCode(email);
      setPending(email);
    } catch (error) {
      if (isPhoneNeededError(error)) onNeedPhone();
      else if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
        form.setError('email', { type: 'server', message: localized(error.error) });
      } else toast(localized(errorText(error)), 'error');
    } finally {
      setBusy(false);
    }
  });

  const confirm = async (code: string) => {
    if (!pending) return;
    const answer = await updateEmail(pending, code, channelCode);
    if (getRememberedEmail()) rememberEmail(pending);
    setPending(null);
    setDone(true);
    toast(successText(answer, messages.EmailUpdated), 'success');
    // Every session was closed by the change: forget this one and sign in again (spec §4, §9).
    window.setTimeout(() => {
      clearStoredSession();
      queryClient.clear();
      navigate('/login');
    }, DELAY_MS.afterEmailChange);
  };

  return (
    <EditSection
      id="email"
      title={t('account.email.title')}
      description={t('account.email.text')}
      testId="edit-email-section"
    >
      <CurrentValue label={t('account.email.current')} value={profile.email} testId="edit-email-current" />
      {done ? (
        <Alert severity="success" variant="outlined" data-testid="edit-email-done">
          {t('account.email.signInAgain')}
        </Alert>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <Stack spacing={2.5}>
            <FormTextField
              control={form.control}
              name="email"
              label={t('account.email.new')}
              type="email"
              autoComplete="email"
              testId="edit-email"
            />
            <Box>
              <SubmitButton busy={busy} data-testid="edit-email-submit">
                {t('account.sendCode')}
              </SubmitButton>
            </Box>
          </Stack>
        </Box>
      )}
      <OtpDialog
        open={pending !== null}
        destination={phone ?? ''}
        onClose={() => setPending(null)}
        onConfirm={confirm}
        onResend={() => (pending ? requestCode(pending) : Promise.resolve())}
      />
      {identity.dialogs}
    </EditSection>
  );
}
