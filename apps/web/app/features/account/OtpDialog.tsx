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
import { OTP_LENGTH } from '@parcelle/shared/constants';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useToast } from '../feedback/toast';
import { FormTextField } from '../forms/FormTextField';
import { localized } from '../i18n/language';
import { ApiError, errorText } from '../session/api-error';
import { ZOtpForm } from './schemas';

type OtpInput = z.input<typeof ZOtpForm>;
type OtpValues = z.output<typeof ZOtpForm>;

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, OTP_LENGTH);

type Props = {
  open: boolean;
  /** Where the code was sent, shown to the member (e.g. "+33 6 12 34 56 78"). */
  destination: string;
  onClose: () => void;
  /** Checks the code with the server; a refused code (4xx) is shown under the field. */
  onConfirm: (code: string) => Promise<void>;
  /** Asks for a new code. */
  onResend?: () => Promise<void>;
  /** Replaces the default "sent by SMS to {destination}" text (e.g. a code sent by email). */
  text?: string;
};

/**
 * The one-time code modal (spec §4, §5): 6 digits; empty gives 'Plesae input Otp!', another length
 * 'Otp is not valid!'. The code is checked before it is sent.
 */
export function OtpDialog({ open, destination, onClose, onConfirm, onResend, text }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);
  const form = useForm<OtpInput, unknown, OtpValues>({ resolver: zodResolver(ZOtpForm), defaultValues: { code: '' } });
  const { reset } = form;

  useEffect(() => {
    if (open) reset({ code: '' });
  }, [open, reset]);

  const confirm = form.handleSubmit(async ({ code }) => {
    setBusy('confirm');
    try {
      await onConfirm(code);
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
        form.setError('code', { type: 'server', message: localized(error.error) });
      } else {
        toast(localized(errorText(error)), 'error');
      }
    } finally {
      setBusy(null);
    }
  });

  const resend = async () => {
    if (!onResend) return;
    setBusy('resend');
    try {
      await onResend();
      form.clearErrors('code');
    } catch (error) {
      toast(localized(errorText(error)), 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="otp-dialog-title"
      data-testid="otp-dialog"
    >
      <Box component="form" onSubmit={confirm} noValidate>
        <DialogTitle id="otp-dialog-title" sx={{ typography: 'h4', pt: 4, px: 4 }}>
          {t('account.otp.title')}
        </DialogTitle>
        <DialogContent sx={{ px: 4 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }} data-testid="otp-dialog-destination">
            {text ?? t('account.otp.text', { destination })}
          </Typography>
          <FormTextField
            control={form.control}
            name="code"
            label={t('account.otp.code')}
            helperText={t('verify.codeHelp')}
            autoComplete="one-time-code"
            autoFocus
            transform={digitsOnly}
            testId="otp-dialog-input"
            slotProps={{
              htmlInput: {
                inputMode: 'numeric',
                maxLength: OTP_LENGTH,
                pattern: '[0-9]*',
                style: { letterSpacing: '0.6em', fontSize: 22, textAlign: 'center' },
              },
            }}
          />
          {onResend && (
            <Button
              onClick={resend}
              disabled={busy !== null}
              size="small"
              sx={{ mt: 1.5, px: 0 }}
              data-testid="otp-dialog-resend"
            >
              {t('verify.resend')}
            </Button>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 4, pb: 4, pt: 1, gap: 1 }}>
          <Button onClick={onClose} disabled={busy !== null} color="inherit" data-testid="otp-dialog-cancel">
            {t('account.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy !== null}
            startIcon={busy === 'confirm' ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="otp-dialog-submit"
          >
            {t('verify.confirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
