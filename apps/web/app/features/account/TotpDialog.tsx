import { ZTwoFactorDisableRequest } from '@parcelle/shared/contracts/two-factor';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeDialog } from './CodeDialog';
import { IdentityCheckCancelled } from './cancelled';

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
  return (
    <CodeDialog
      open={open}
      onClose={onClose}
      onConfirm={onConfirm}
      testId="totp-dialog"
      schema={ZTwoFactorDisableRequest}
      texts={{
        title: t('twoFactor.prompt.title'),
        text: text ?? t('twoFactor.prompt.text'),
        label: t('twoFactor.prompt.code'),
        help: t('twoFactor.prompt.help'),
        cancel: t('security.password.cancel'),
        confirm: confirmLabel ?? t('twoFactor.prompt.confirm'),
      }}
      input={{ spellCheck: false, autoCapitalize: 'none', maxLength: 32 }}
    />
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
