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
import { ZTwoFactorDisableRequest } from '@parcelle/shared/contracts/two-factor';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useToast } from '../feedback/toast';
import { FormTextField } from '../forms/FormTextField';
import { localized } from '../i18n/language';
import { ApiError, errorText } from '../session/api-error';
import { IdentityCheckCancelled } from './IdentityCheck';

type Input = z.input<typeof ZTwoFactorDisableRequest>;
type Values = z.output<typeof ZTwoFactorDisableRequest>;

type Props = {
  open: boolean;
  onClose: () => void;
  /** Uses the code; a refusal (4xx) is shown under the field and the dialog stays open. */
  onConfirm: (code: string) => Promise<void>;
  /** Replaces the default text ("enter the code of your authenticator app…"). */
  text?: string;
  confirmLabel?: string;
};

/**
 * Asks for the code of the member's authenticator app, or one recovery code (issue 17): when the second factor is
 * on, before a withdrawal, a payout change, or turning it off.
 */
export function TotpDialog({ open, onClose, onConfirm, text, confirmLabel }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const form = useForm<Input, unknown, Values>({
    resolver: zodResolver(ZTwoFactorDisableRequest),
    defaultValues: { code: '' },
  });
  const { reset } = form;

  useEffect(() => {
    if (open) reset({ code: '' });
  }, [open, reset]);

  const submit = form.handleSubmit(async ({ code }) => {
    setBusy(true);
    try {
      await onConfirm(code);
    } catch (error) {
      if (error instanceof IdentityCheckCancelled) return;
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
        form.setError('code', { type: 'server', message: localized(error.error) });
      } else toast(localized(errorText(error)), 'error');
    } finally {
      setBusy(false);
    }
  });

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="totp-dialog-title"
      aria-describedby="totp-dialog-text"
      data-testid="totp-dialog"
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="totp-dialog-title" sx={{ typography: 'h4', pt: 4, px: 4 }}>
          {t('twoFactor.prompt.title')}
        </DialogTitle>
        <DialogContent sx={{ px: 4 }}>
          <Typography id="totp-dialog-text" variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
            {text ?? t('twoFactor.prompt.text')}
          </Typography>
          <FormTextField
            control={form.control}
            name="code"
            label={t('twoFactor.prompt.code')}
            helperText={t('twoFactor.prompt.help')}
            autoComplete="one-time-code"
            autoFocus
            fullWidth
            testId="totp-dialog-input"
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none', maxLength: 32 } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 4, pb: 4, pt: 1, gap: 1 }}>
          <Button onClick={onClose} disabled={busy} color="inherit" data-testid="totp-dialog-cancel">
            {t('security.password.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="totp-dialog-submit"
          >
            {confirmLabel ?? t('twoFactor.prompt.confirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * The app's code as a promise: `ask()` opens the dialog and resolves with the code typed (rejects with
 * IdentityCheckCancelled when closed); render `dialog`.
 */
export function useTotpPrompt(): { ask: () => Promise<string>; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const pending = useRef<{ resolve: (code: string) => void; reject: (error: Error) => void }>(null);
  const ask = useCallback(
    () =>
      new Promise<string>((resolve, reject) => {
        pending.current = { resolve, reject };
        setOpen(true);
      }),
    [],
  );
  const close = () => {
    pending.current?.reject(new IdentityCheckCancelled());
    pending.current = null;
    setOpen(false);
  };
  const dialog = (
    <TotpDialog
      open={open}
      onClose={close}
      onConfirm={async (code) => {
        pending.current?.resolve(code);
        pending.current = null;
        setOpen(false);
      }}
    />
  );
  return { ask, dialog };
}
