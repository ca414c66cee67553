import '@parcelle/shared/zod-config';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { requiredString } from '@parcelle/shared/validation/fields';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useToast } from '../feedback/toast';
import { FormTextField } from '../forms/FormTextField';
import { localized } from '../i18n/language';
import { ApiError, errorText } from '../session/api-error';
import { reauthenticate, sendSecurityCode, verifySecurityCode } from './api';
import { IdentityCheckCancelled } from './cancelled';
import { OtpDialog } from './OtpDialog';

const ZPasswordForm = z.object({ password: requiredString('RequiredField') });
type PasswordValues = z.infer<typeof ZPasswordForm>;

export { IdentityCheckCancelled } from './cancelled';

function PasswordDialog({
  open,
  onCancel,
  onConfirmed,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirmed: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const form = useForm<PasswordValues>({ resolver: zodResolver(ZPasswordForm), defaultValues: { password: '' } });
  const { reset } = form;

  useEffect(() => {
    if (open) reset({ password: '' });
  }, [open, reset]);

  const submit = form.handleSubmit(async ({ password }) => {
    setBusy(true);
    try {
      await reauthenticate(password);
      await onConfirmed();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        form.setError('password', { type: 'server', message: localized(error.error) });
      } else toast(localized(errorText(error)), 'error');
    } finally {
      setBusy(false);
    }
  });

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      fullWidth
      maxWidth="xs"
      aria-labelledby="identity-dialog-title"
      aria-describedby="identity-dialog-text"
      data-testid="identity-dialog"
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="identity-dialog-title" sx={{ typography: 'h4', pt: 4, px: 4 }}>
          {t('security.password.title')}
        </DialogTitle>
        <DialogContent sx={{ px: 4 }}>
          <Typography id="identity-dialog-text" variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
            {t('security.password.text')}
          </Typography>
          <FormTextField
            control={form.control}
            name="password"
            type="password"
            label={t('security.password.label')}
            autoComplete="current-password"
            autoFocus
            fullWidth
            testId="identity-password"
          />
        </DialogContent>
        <DialogActions sx={{ px: 4, pb: 4, pt: 1, gap: 1 }}>
          <Button onClick={onCancel} disabled={busy} color="inherit" data-testid="identity-cancel">
            {t('security.password.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="identity-submit"
          >
            {t('security.password.continue')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

type Step = 'closed' | 'password' | 'code';

/**
 * The check before a change of email, phone or payout details (issue 12): the password again (the server keeps the
 * proof 5 minutes for this session), then, when `withCode`, the code emailed to the current address. `confirm()`
 * resolves with that code (undefined without the code step) or rejects with IdentityCheckCancelled; render `dialogs`.
 */
export function useIdentityCheck(email: string): {
  confirm: (options?: { withCode?: boolean }) => Promise<string | undefined>;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('closed');
  const pending = useRef<{ withCode: boolean; resolve: (code?: string) => void; reject: (error: Error) => void }>(null);

  const confirm = useCallback(
    (options: { withCode?: boolean } = {}) =>
      new Promise<string | undefined>((resolve, reject) => {
        pending.current = { withCode: options.withCode ?? true, resolve, reject };
        setStep('password');
      }),
    [],
  );

  const cancel = () => {
    pending.current?.reject(new IdentityCheckCancelled());
    pending.current = null;
    setStep('closed');
  };

  const passwordConfirmed = async () => {
    if (!pending.current?.withCode) {
      pending.current?.resolve(undefined);
      pending.current = null;
      setStep('closed');
      return;
    }
    await sendSecurityCode();
    setStep('code');
  };

  const codeConfirmed = async (code: string) => {
    await verifySecurityCode(code);
    pending.current?.resolve(code);
    pending.current = null;
    setStep('closed');
  };

  const dialogs = (
    <>
      <PasswordDialog open={step === 'password'} onCancel={cancel} onConfirmed={passwordConfirmed} />
      <OtpDialog
        open={step === 'code'}
        destination={email}
        text={t('security.code', { destination: email })}
        onClose={cancel}
        onConfirm={codeConfirmed}
        onResend={async () => {
          await sendSecurityCode();
        }}
      />
    </>
  );
  return { confirm, dialogs };
}
