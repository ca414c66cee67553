import { zodResolver } from '@hookform/resolvers/zod';
import { type InputHTMLAttributes, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { issueText } from '../forms/issue-text';
import { PlainTextField } from '../forms/PlainField';
import { PlainSmallButton } from '../forms/PlainSmallButton';
import { localized } from '../i18n/language';
import { ApiError, errorText } from '../session/api-error';
import { IdentityCheckCancelled } from './cancelled';
import { StepDialog } from './StepDialog';
import styles from './step-dialog.module.css';

/** The one form every code dialog checks: a single `code` field, its rules given by the dialog's kind. */
type CodeSchema = z.ZodType<{ code: string }, { code: string }>;

export type CodeDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Uses the code; a refusal (4xx) is shown under the field and the dialog stays open. */
  onConfirm: (code: string) => Promise<void>;
  /** Asks for a new code (codes sent by SMS or email); no button without it. */
  onResend?: () => Promise<void>;
  /** `data-testid` of the dialog; its parts get `${testId}-input`, `-submit`, `-cancel`, `-resend`, `-text`, `-alert`. */
  testId: string;
  schema: CodeSchema;
  texts: { title: string; text: string; label: string; help: string; cancel: string; confirm: string; resend?: string };
  /** What typing is reduced to (e.g. digits only). */
  transform?: (value: string) => string;
  /** The input's own attributes (`inputMode`, `maxLength`…). */
  input?: InputHTMLAttributes<HTMLInputElement>;
  /** Large, spaced, centred characters: a code of a few digits. */
  digits?: boolean;
};

/**
 * The one modal that asks for a code (spec §4, §5 and issue 17): a code sent by SMS or email, or the code of the
 * member's authenticator app. Each kind configures it (OtpDialog, TotpDialog); the behaviour is written once: the
 * code is checked before it is sent, a refusal stays under the field, and nothing can be pressed twice. Plain, in the
 * frame of the member's confirmation steps (`StepDialog`, decisions 548–549).
 */
export function CodeDialog(props: CodeDialogProps) {
  const { open, onClose, onConfirm, onResend, testId, schema, texts, transform, input, digits } = props;
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<{ code: string }>({ resolver: zodResolver(schema), defaultValues: { code: '' } });

  const submit = form.handleSubmit(async ({ code }) => {
    setBusy('confirm');
    setFailure(null);
    try {
      await onConfirm(code);
    } catch (error) {
      if (error instanceof IdentityCheckCancelled) return;
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
        form.setError('code', { type: 'server', message: localized(error.error) });
      } else {
        setFailure(localized(errorText(error)));
      }
    } finally {
      setBusy(null);
    }
  });

  const resend = async () => {
    if (!onResend) return;
    setBusy('resend');
    setFailure(null);
    try {
      await onResend();
      form.clearErrors('code');
    } catch (error) {
      setFailure(localized(errorText(error)));
    } finally {
      setBusy(null);
    }
  };

  const registration = form.register('code');
  return (
    <StepDialog
      open={open}
      onClose={onClose}
      // Emptied as it closes rather than as it opens: what is typed at once into a dialog just shown stays.
      onClosed={() => {
        form.reset({ code: '' });
        setFailure(null);
      }}
      onSubmit={(event) => void submit(event)}
      busy={busy !== null}
      confirming={busy === 'confirm'}
      testId={testId}
      partsTestId={testId}
      texts={texts}
      failure={failure}
    >
      <PlainTextField
        registration={{
          ...registration,
          onChange: (event) => {
            if (transform) event.target.value = transform(event.target.value);
            return registration.onChange(event);
          },
        }}
        label={texts.label}
        help={texts.help}
        error={issueText(t, form.formState.errors.code?.message)}
        autoComplete="one-time-code"
        testId={`${testId}-input`}
        input={{ ...input, className: digits ? styles.digits : undefined }}
      />
      {onResend && (
        <PlainSmallButton
          type="button"
          onClick={resend}
          disabled={busy !== null}
          className={styles.resend}
          data-testid={`${testId}-resend`}
        >
          {texts.resend}
        </PlainSmallButton>
      )}
    </StepDialog>
  );
}
