import type { Language } from '@parcelle/shared';
import { SmsDeliveryError } from '../../adapters/mail/mailer';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { type CodePurpose, withdrawCode } from '../codes/service';

/** Text messages, in the member's language. The code is in the text only, never logged. */
export type SmsPurpose = 'email_change' | 'phone_verification' | 'purchase' | 'withdrawal';

/**
 * The text of a code by SMS: what the code is for (a withdrawal names its amount, already formatted in the member's
 * language and currency with the shared money formatter), the code, and its lifetime.
 */
export function codeSms(lang: Language, purpose: SmsPurpose, code: string, details: { amount?: string } = {}): string {
  if (lang === 'fr') {
    const why =
      purpose === 'email_change'
        ? 'changer votre e-mail'
        : purpose === 'purchase'
          ? 'payer avec votre compte'
          : purpose === 'withdrawal'
            ? details.amount
              ? `retirer ${details.amount}`
              : 'confirmer votre retrait'
            : 'confirmer votre numéro';
    return `Parcelle\u00a0: votre code pour ${why} est ${code}. Il expire dans 15 minutes.`;
  }
  const why =
    purpose === 'email_change'
      ? 'change your email'
      : purpose === 'purchase'
        ? 'pay from your account'
        : purpose === 'withdrawal'
          ? details.amount
            ? `withdraw ${details.amount}`
            : 'confirm your withdrawal'
          : 'confirm your number';
  return `Parcelle: your code to ${why} is ${code}. It expires in 15 minutes.`;
}

/**
 * Sends the SMS that carries a code just issued. When the provider refuses it (an invalid or unreachable number:
 * 400) or fails (502), the code is withdrawn, since nobody received it, and the member is told in both languages
 * instead of being told a code was sent. The failure is logged by the error handler with the provider's status and
 * error code only (no number, no text).
 */
export async function sendCodeSms(
  ctx: AppContext,
  params: { userId: string; purpose: CodePurpose; to: string; text: string },
): Promise<void> {
  try {
    await ctx.sms.sendSms({ to: params.to, text: params.text });
  } catch (error) {
    if (!(error instanceof SmsDeliveryError)) throw error;
    await withdrawCode(ctx.database.db, { userId: params.userId, purpose: params.purpose });
    throw new AppError(error.kind === 'rejected' ? 400 : 502, 'SmsNotSent', undefined, undefined, { cause: error });
  }
}
