import type { TProfile } from '@parcelle/shared/contracts/auth';
import { messages } from '@parcelle/shared/i18n/messages';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendPurchaseCode } from '../purchase/api';
import { ApiError } from '../session/api-error';
import { profileQuery } from '../session/profile';
import { IdentityCheckCancelled } from './cancelled';
import { OtpDialog } from './OtpDialog';
import { useTotpPrompt } from './TotpDialog';

/** What the API asks before money or parts leave a member (issue 26): the wallet code, and the app's when it is on. */
export type StepUpProof = { verification_code: string; totp_code?: string };

/** Refusals of the codes themselves: shown under the code field, the dialog stays open for another try. */
export const STEP_UP_CODE_ERRORS: readonly string[] = [
  messages.OtpRequired.en,
  messages.OtpInvalid.en,
  messages.StepUpCodeRequired.en,
  messages.CodeInvalid.en,
  messages.CodeExpired.en,
  messages.CodeAttemptsExhausted.en,
  messages.TwoFactorCodeRequired.en,
  messages.TotpCodeInvalid.en,
];

export const isStepUpCodeError = (failure: unknown): failure is ApiError =>
  failure instanceof ApiError && STEP_UP_CODE_ERRORS.includes(failure.error.en);

/** "Enter the code sent to …": the phone (the usual case) or the email address of a member without a phone. */
export function codeTextOf(t: TFunction, sentTo: 'phone' | 'email' | undefined, profile: TProfile | undefined) {
  return sentTo === 'email'
    ? t('purchase.smart.codeByEmail', { destination: profile?.email ?? '' })
    : t('purchase.smart.codeByPhone', {
        destination: profile?.phone ? `${profile.phone.code} ${profile.phone.number}` : '',
      });
}

type Pending = {
  action: (proof: StepUpProof) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

/**
 * The confirmation of an order, an ask or an accepted order (issue 26), the way the wallet purchase asks for it: the
 * wallet code is sent (POST /paintings/purchase/code) and typed in the same code dialog, then the authenticator app's
 * code when the member's two-step verification is on; `confirm(action)` runs the action with both. A refused code
 * stays in its dialog for another try; any other answer settles the promise. Closing the dialog rejects it with
 * `IdentityCheckCancelled`.
 */
export function useStepUp(): {
  confirm: <T>(action: (proof: StepUpProof) => Promise<T>) => Promise<T>;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const profile = useQuery(profileQuery).data;
  const totp = useTotpPrompt();
  const [sentTo, setSentTo] = useState<'phone' | 'email' | null>(null);
  const pending = useRef<Pending | null>(null);

  const confirm = useCallback(async <T,>(action: (proof: StepUpProof) => Promise<T>): Promise<T> => {
    const { sent_to } = await sendPurchaseCode();
    return new Promise<T>((resolve, reject) => {
      pending.current = { action, resolve: resolve as (value: unknown) => void, reject };
      setSentTo(sent_to);
    });
  }, []);

  const settle = () => {
    pending.current = null;
    setSentTo(null);
  };

  const onConfirm = async (code: string) => {
    const current = pending.current;
    if (!current) return;
    let totpCode: string | undefined;
    if (profile?.two_factor) {
      try {
        totpCode = await totp.ask();
      } catch {
        return; // the app's code was not given: the code dialog stays open
      }
    }
    try {
      const result = await current.action({ verification_code: code, ...(totpCode ? { totp_code: totpCode } : {}) });
      settle();
      current.resolve(result);
    } catch (failure) {
      if (isStepUpCodeError(failure)) throw failure;
      settle();
      current.reject(failure);
    }
  };

  const close = () => {
    pending.current?.reject(new IdentityCheckCancelled());
    settle();
  };

  // The code dialogs are portals on <body>; each stops its own form's submit from bubbling (through React) to a form
  // around `dialogs` (an order form would place the order again, with a new code).
  const dialogs = (
    <>
      <OtpDialog
        open={sentTo !== null}
        destination=""
        text={codeTextOf(t, sentTo ?? undefined, profile)}
        onClose={close}
        onConfirm={onConfirm}
        onResend={async () => setSentTo((await sendPurchaseCode()).sent_to)}
      />
      {totp.dialog}
    </>
  );
  return { confirm, dialogs };
}
