import type { Language } from '@parcelle/shared';

/** Text messages, in the member's language. The code is in the text only, never logged. */
export type SmsPurpose = 'email_change' | 'phone_verification' | 'purchase' | 'withdrawal';

export function codeSms(lang: Language, purpose: SmsPurpose, code: string): string {
  if (lang === 'fr') {
    const why =
      purpose === 'email_change'
        ? 'changer votre e-mail'
        : purpose === 'purchase'
          ? 'payer avec votre compte'
          : purpose === 'withdrawal'
            ? 'confirmer votre retrait'
            : 'confirmer votre numéro';
    return `Parcelle : votre code pour ${why} est ${code}. Il expire dans 15 minutes.`;
  }
  const why =
    purpose === 'email_change'
      ? 'change your email'
      : purpose === 'purchase'
        ? 'pay from your account'
        : 'confirm your number';
  return `Parcelle: your code to ${why} is ${code}. It expires in 15 minutes.`;
}
