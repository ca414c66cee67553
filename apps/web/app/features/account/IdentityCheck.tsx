import '@parcelle/shared/zod-config';
import { zodResolver } from '@hookform/resolvers/zod';
import { requiredString } from '@parcelle/shared/validation/fields';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { issueText } from '../forms/issue-text';
import { PlainTextField } from '../forms/PlainField';
import { localized } from '../i18n/language';
import { ApiError, errorText } from '../session/api-error';
import { reauthenticate, sendSecurityCode, verifySecurityCode } from './api';
import { IdentityCheckCancelled } from './cancelled';
import { OtpDialog } from './OtpDialog';
import { StepDialog } from './StepDialog';

export { IdentityCheckCancelled } from './cancelled';

const ZPasswordForm = z.object({ password: requiredString('RequiredField') });
type PasswordValues = z.infer<typeof ZPasswordForm>;

/** The password again, in the frame of the member's confirmation steps (plain, decision 548). */
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
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PasswordValues>({ resolver: zodResolver(ZPasswordForm), defaultValues: { password: '' } });

  const submit = form.handleSubmit(async ({ password }) => {
    setBusy(true);
    setFailure(null);
    try {
      await reauthenticate(password);
      await onConfirmed();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        form.setError('password', { type: 'server', message: localized(error.error) });
      } else setFailure(localized(errorText(error)));
    } finally {
      setBusy(false);
    }
  });

  return (
    <StepDialog
      open={open}
      onClose={onCancel}
      onClosed={() => {
        form.reset({ password: '' });
        setFailure(null);
      }}
      onSubmit={(event) => void submit(event)}
      busy={busy}
      confirming={busy}
      testId="identity-dialog"
      partsTestId="identity"
      texts={{
        title: t('security.password.title'),
        text: t('security.password.text'),
        cancel: t('security.password.cancel'),
        confirm: t('security.password.continue'),
      }}
      failure={failure}
    >
      <PlainTextField
        registration={form.register('password')}
        type="password"
        label={t('security.password.label')}
        error={issueText(t, form.formState.errors.password?.message)}
        autoComplete="current-password"
        testId="identity-password"
      />
    </StepDialog>
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
