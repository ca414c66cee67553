import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  type TextFieldProps,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useToast } from '../feedback/toast';
import { FormTextField } from '../forms/FormTextField';
import { localized } from '../i18n/language';
import { ApiError, errorText } from '../session/api-error';
import { IdentityCheckCancelled } from './IdentityCheck';

/** The one form every code dialog checks: a single `code` field, its rules given by the dialog's kind. */
type CodeSchema = z.ZodType<{ code: string }, { code: string }>;

export type CodeDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Uses the code; a refusal (4xx) is shown under the field and the dialog stays open. */
  onConfirm: (code: string) => Promise<void>;
  /** Asks for a new code (codes sent by SMS or email); no button without it. */
  onResend?: () => Promise<void>;
  /** `data-testid` of the dialog; its parts get `${testId}-input`, `-submit`, `-cancel`, `-resend`, `-text`. */
  testId: string;
  schema: CodeSchema;
  texts: { title: string; text: string; label: string; help: string; cancel: string; confirm: string; resend?: string };
  /** What typing is reduced to (e.g. digits only) and the input's own attributes. */
  transform?: (value: string) => string;
  htmlInput?: NonNullable<TextFieldProps['slotProps']>['htmlInput'];
};

/**
 * The one modal that asks for a code (spec §4, §5 and issue 17): a code sent by SMS or email, or the code of the
 * member's authenticator app. Each kind configures it (OtpDialog, TotpDialog); the behaviour is written once: the
 * code is checked before it is sent, a refusal stays under the field, and nothing can be pressed twice.
 */
export function CodeDialog(props: CodeDialogProps) {
  const { open, onClose, onConfirm, onResend, testId, schema, texts, transform, htmlInput } = props;
  const toast = useToast();
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);
  const form = useForm<{ code: string }>({ resolver: zodResolver(schema), defaultValues: { code: '' } });
  const { reset } = form;

  useEffect(() => {
    if (open) reset({ code: '' });
  }, [open, reset]);

  const confirm = form.handleSubmit(async ({ code }) => {
    setBusy('confirm');
    try {
      await onConfirm(code);
    } catch (error) {
      if (error instanceof IdentityCheckCancelled) return;
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
      aria-labelledby={`${testId}-title`}
      aria-describedby={`${testId}-text`}
      data-testid={testId}
    >
      <Box component="form" onSubmit={confirm} noValidate>
        <DialogTitle id={`${testId}-title`} sx={{ typography: 'h4', pt: 4, px: 4 }}>
          {texts.title}
        </DialogTitle>
        <DialogContent sx={{ px: 4 }}>
          <Typography
            id={`${testId}-text`}
            variant="body2"
            sx={{ color: 'text.secondary', mb: 3 }}
            data-testid={`${testId}-text`}
          >
            {texts.text}
          </Typography>
          <FormTextField
            control={form.control}
            name="code"
            label={texts.label}
            helperText={texts.help}
            autoComplete="one-time-code"
            autoFocus
            fullWidth
            transform={transform}
            testId={`${testId}-input`}
            slotProps={{ htmlInput }}
          />
          {onResend && (
            <Button
              onClick={resend}
              disabled={busy !== null}
              size="small"
              sx={{ mt: 1.5, px: 0 }}
              data-testid={`${testId}-resend`}
            >
              {texts.resend}
            </Button>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 4, pb: 4, pt: 1, gap: 1 }}>
          <Button onClick={onClose} disabled={busy !== null} color="inherit" data-testid={`${testId}-cancel`}>
            {texts.cancel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy !== null}
            startIcon={busy === 'confirm' ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid={`${testId}-submit`}
          >
            {texts.confirm}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
