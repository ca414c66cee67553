import type { Language } from '@parcelle/shared';
import { hello, type Rendered } from './email-layout';
import { codeEmail, layout } from './emails';

/** What changed on an account: a contact channel or a payout destination (issue 12). */
export type AccountChange = 'email' | 'phone' | 'bank' | 'paypal';

const WHAT: Record<AccountChange, { en: string; fr: string }> = {
  email: { en: 'email address', fr: 'adresse e-mail' },
  phone: { en: 'phone number', fr: 'numéro de téléphone' },
  bank: { en: 'bank account for withdrawals', fr: 'compte bancaire de retrait' },
  paypal: { en: 'PayPal address for withdrawals', fr: 'adresse PayPal de retrait' },
};

/** The code emailed to the current address before a change of email, phone or payout details. */
export function accountChangeCodeEmail(lang: Language, params: { firstName: string; code: string }): Rendered {
  return lang === 'fr'
    ? codeEmail(lang, {
        firstName: params.firstName,
        heading: 'Confirmez la modification de votre compte',
        label:
          'Pour confirmer la modification de vos coordonnées ou de votre moyen de versement, saisissez ce code\u00a0:',
        code: params.code,
        after: [
          'Il expire dans 15 minutes. Si vous n’êtes pas à l’origine de cette demande, changez votre mot de passe\u00a0: quelqu’un le connaît.',
        ],
      })
    : codeEmail(lang, {
        firstName: params.firstName,
        heading: 'Confirm the change to your account',
        label: 'To confirm the change of your contact or payout details, enter this code:',
        code: params.code,
        after: ['It expires in 15 minutes. If you did not ask for it, change your password: someone knows it.'],
      });
}

/** Sent to the previous email address after a change, with the link that freezes the account. */
export function accountChangedEmail(
  lang: Language,
  params: { firstName: string; change: AccountChange; freezeLink: string; holdHours: number },
): Rendered {
  const what = WHAT[params.change];
  return lang === 'fr'
    ? layout(lang, 'Vos coordonnées Parcelle ont été modifiées', [
        hello(lang, params.firstName),
        `Votre ${what.fr} vient d’être modifié(e). Par sécurité, les retraits sont suspendus pendant ${params.holdHours} heures.`,
        'Si ce n’était pas vous, gelez votre compte immédiatement avec ce lien (il ferme toutes les sessions et bloque retraits et modifications)\u00a0:',
        { button: 'Geler mon compte', url: params.freezeLink },
      ])
    : layout(lang, 'Your Parcelle details were changed', [
        hello(lang, params.firstName),
        `Your ${what.en} has just been changed. For your security, withdrawals are paused for ${params.holdHours} hours.`,
        'If this was not you, freeze your account at once with this link (it closes every session and blocks withdrawals and changes):',
        { button: 'Freeze my account', url: params.freezeLink },
      ]);
}

/** The same notice by SMS to the previous phone number. */
export function accountChangedSms(lang: Language, params: { change: AccountChange; freezeLink: string }): string {
  const what = WHAT[params.change];
  return lang === 'fr'
    ? `Parcelle\u00a0: votre ${what.fr} a été modifié(e). Si ce n’était pas vous, gelez votre compte\u00a0: ${params.freezeLink}`
    : `Parcelle: your ${what.en} was changed. If this was not you, freeze your account: ${params.freezeLink}`;
}

/** Sent to the member's address when their second factor (issue 17) is turned on or off. */
export function twoFactorChangedEmail(lang: Language, params: { firstName: string; enabled: boolean }): Rendered {
  if (lang === 'fr') {
    return params.enabled
      ? layout(lang, 'Vérification en deux étapes activée sur Parcelle', [
          hello(lang, params.firstName),
          'La vérification en deux étapes vient d’être activée sur votre compte\u00a0: vos retraits et les changements de moyen de versement demanderont désormais le code de votre application d’authentification.',
          'Si ce n’était pas vous, changez votre mot de passe et écrivez-nous sans attendre.',
        ])
      : layout(lang, 'Vérification en deux étapes désactivée sur Parcelle', [
          hello(lang, params.firstName),
          'La vérification en deux étapes vient d’être désactivée sur votre compte\u00a0: le code de votre application d’authentification n’est plus demandé.',
          'Si ce n’était pas vous, changez votre mot de passe, réactivez-la et écrivez-nous sans attendre.',
        ]);
  }
  return params.enabled
    ? layout(lang, 'Two-step verification turned on for Parcelle', [
        hello(lang, params.firstName),
        'Two-step verification has just been turned on for your account: withdrawals and changes of payout details will now ask for the code of your authenticator app.',
        'If this was not you, change your password and write to us at once.',
      ])
    : layout(lang, 'Two-step verification turned off for Parcelle', [
        hello(lang, params.firstName),
        'Two-step verification has just been turned off for your account: the code of your authenticator app is no longer asked for.',
        'If this was not you, change your password, turn it back on and write to us at once.',
      ]);
}
