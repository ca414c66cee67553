import type { Language } from '@parcelle/shared';
import { type Block, type EmailReason, hello, type Rendered, renderEmail } from './email-layout';

/**
 * Transactional emails, rendered in the member's language in the shared layout (email-layout.ts): a designed HTML
 * part and the same words as plain text. Links are buttons; codes sit in the body, never in the subject.
 */
export type { Rendered } from './email-layout';

/** An email of `reason` whose heading is its subject. */
export function layout(lang: Language, subject: string, blocks: Block[], reason: EmailReason = 'account'): Rendered {
  return renderEmail(lang, { subject, blocks, reason });
}

/**
 * `text` closed by a full stop, unless it already ends with one (a holder's name typed "J. D." would read "J. D..").
 */
export function endingWithAFullStop(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The subject of every email carrying a one-time code: the code itself is only in the body. */
export const CODE_SUBJECT: Record<Language, string> = { en: 'Your Parcelle code', fr: 'Votre code Parcelle' };

/** An email whose point is a one-time code: what it is for, the code large in the body, its lifetime. */
export function codeEmail(
  lang: Language,
  params: { firstName?: string; heading: string; label: string; code: string; after: string[] },
): Rendered {
  return renderEmail(lang, {
    subject: CODE_SUBJECT[lang],
    heading: params.heading,
    reason: 'account',
    blocks: [hello(lang, params.firstName), { code: params.code, label: params.label }, ...params.after],
  });
}

export function verificationCodeEmail(lang: Language, params: { firstName: string; code: string }): Rendered {
  return lang === 'fr'
    ? codeEmail(lang, {
        firstName: params.firstName,
        heading: 'Confirmez votre adresse e-mail',
        label: 'Votre code de vérification\u00a0:',
        code: params.code,
        after: ['Il expire dans 15 minutes. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.'],
      })
    : codeEmail(lang, {
        firstName: params.firstName,
        heading: 'Confirm your email address',
        label: 'Your verification code:',
        code: params.code,
        after: ['It expires in 15 minutes. If you did not ask for it, you can ignore this message.'],
      });
}

/** The wallet code (spec §4) for a member without a phone number: it authorises paying from their Parcelle account. */
export function walletCodeEmail(lang: Language, params: { firstName: string; code: string }): Rendered {
  return lang === 'fr'
    ? codeEmail(lang, {
        firstName: params.firstName,
        heading: 'Payer avec votre compte Parcelle',
        label: 'Votre code pour payer avec votre compte\u00a0:',
        code: params.code,
        after: [
          'Il expire dans 15 minutes. Si vous n’êtes pas à l’origine de cette demande, changez votre mot de passe\u00a0: quelqu’un le connaît.',
        ],
      })
    : codeEmail(lang, {
        firstName: params.firstName,
        heading: 'Pay from your Parcelle account',
        label: 'Your code to pay from your account:',
        code: params.code,
        after: ['It expires in 15 minutes. If you did not ask for it, change your password: someone knows it.'],
      });
}

export function passwordResetEmail(lang: Language, params: { firstName: string; link: string }): Rendered {
  return lang === 'fr'
    ? layout(lang, 'Réinitialisation de votre mot de passe Parcelle', [
        hello(lang, params.firstName),
        'Pour choisir un nouveau mot de passe, ouvrez ce lien.',
        { button: 'Choisir un nouveau mot de passe', url: params.link },
        {
          note: 'Ce lien est valable une heure et ne sert qu’une fois. Si vous n’avez rien demandé, ignorez ce message\u00a0: votre mot de passe reste inchangé.',
        },
      ])
    : layout(lang, 'Reset your Parcelle password', [
        hello(lang, params.firstName),
        'To choose a new password, open this link.',
        { button: 'Choose a new password', url: params.link },
        {
          note: 'The link is valid for one hour and works once. If you did not ask for it, ignore this message: your password stays unchanged.',
        },
      ]);
}

export function passwordChangedEmail(lang: Language, params: { firstName: string }): Rendered {
  return lang === 'fr'
    ? layout(lang, 'Votre mot de passe Parcelle a été modifié', [
        hello(lang, params.firstName),
        'Votre mot de passe vient d’être modifié et vos autres sessions ont été fermées. Si ce n’était pas vous, contactez-nous immédiatement.',
      ])
    : layout(lang, 'Your Parcelle password was changed', [
        hello(lang, params.firstName),
        'Your password has just been changed and your other sessions were signed out. If this was not you, contact us at once.',
      ]);
}

export function quickSignUpEmail(lang: Language, params: { firstName: string; setPasswordUrl: string }): Rendered {
  return lang === 'fr'
    ? layout(lang, 'Choisissez votre mot de passe Parcelle', [
        hello(lang, params.firstName),
        'Votre compte Parcelle a été créé pendant votre achat.',
        'Pour choisir votre mot de passe et confirmer cette adresse, ouvrez ce lien.',
        { button: 'Choisir mon mot de passe', url: params.setPasswordUrl },
        {
          note: 'Ce lien est valable 24 heures et ne sert qu’une fois. Si vous n’êtes pas à l’origine de ce compte, ignorez ce message.',
        },
      ])
    : layout(lang, 'Choose your Parcelle password', [
        hello(lang, params.firstName),
        'Your Parcelle account was created during your purchase.',
        'To choose your password and confirm this address, open this link.',
        { button: 'Choose my password', url: params.setPasswordUrl },
        {
          note: 'The link is valid for 24 hours and works once. If you did not create this account, ignore this message.',
        },
      ]);
}

/**
 * Someone tried to create an account with an address that already has one (issue 26): the sign-up answer says so
 * (spec §8), and the owner learns it here, with what to do if it was them.
 */
export function signUpAttemptEmail(
  lang: Language,
  params: { firstName: string; signInUrl: string; resetUrl: string },
): Rendered {
  return lang === 'fr'
    ? layout(lang, 'Tentative d’inscription avec votre adresse', [
        hello(lang, params.firstName),
        'Quelqu’un vient d’essayer de créer un compte Parcelle avec votre adresse e-mail. Votre compte existe déjà\u00a0: rien n’a été créé ni modifié.',
        'Si c’était vous, connectez-vous.',
        { button: 'Me connecter', url: params.signInUrl },
        `Mot de passe oublié\u00a0? ${params.resetUrl}`,
        { note: 'Si ce n’était pas vous, vous n’avez rien à faire.' },
      ])
    : layout(lang, 'An attempt to sign up with your address', [
        hello(lang, params.firstName),
        'Someone just tried to create a Parcelle account with your email address. Your account already exists: nothing was created or changed.',
        'If it was you, sign in.',
        { button: 'Sign in', url: params.signInUrl },
        `Forgot your password? ${params.resetUrl}`,
        { note: 'If it was not you, there is nothing to do.' },
      ]);
}

/** An operator's invitation to the back office: the link sets the first password, then TOTP is enrolled at sign-in. */
export function operatorInviteEmail(
  lang: Language,
  params: { firstName: string; setPasswordUrl: string; consoleUrl: string },
): Rendered {
  return lang === 'fr'
    ? layout(lang, 'Votre accès opérateur Parcelle', [
        hello(lang, params.firstName),
        'Un administrateur vous a ouvert un accès à la console des opérateurs de Parcelle.',
        'Choisissez votre mot de passe avec ce lien (valable 24 heures, une seule fois).',
        { button: 'Choisir mon mot de passe', url: params.setPasswordUrl },
        `Connectez-vous ensuite sur ${params.consoleUrl}\u00a0: la première connexion vous fait activer un second facteur (application d’authentification).`,
        { note: 'Si vous n’attendiez pas ce message, ignorez-le et prévenez l’équipe.' },
      ])
    : layout(lang, 'Your Parcelle operator access', [
        hello(lang, params.firstName),
        'An admin opened an access to the Parcelle operator console for you.',
        'Choose your password with this link (valid for 24 hours, works once).',
        { button: 'Choose my password', url: params.setPasswordUrl },
        `Then sign in at ${params.consoleUrl}: the first sign-in has you turn on a second factor (an authenticator app).`,
        { note: 'If you did not expect this message, ignore it and tell the team.' },
      ]);
}

/** A contact-form message, forwarded to the operators (always in English: it is an internal mailbox). */
export function contactOperatorEmail(params: {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  object: string;
  message: string;
}): Rendered {
  return layout(
    'en',
    `Contact form: ${params.object}`,
    [
      `From: ${params.firstName} ${params.lastName} <${params.email}>`,
      `Phone: ${params.phone}`,
      `Object: ${params.object}`,
      ...params.message.split(/\n{2,}/),
    ],
    'internal',
  );
}

export function newsletterConfirmEmail(lang: Language, params: { link: string }): Rendered {
  return lang === 'fr'
    ? layout(
        lang,
        'Confirmez votre inscription à la lettre Parcelle',
        [
          hello(lang),
          'Pour recevoir la lettre d’information de Parcelle, confirmez votre adresse en ouvrant ce lien.',
          { button: 'Confirmer mon inscription', url: params.link },
          {
            note: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u00a0: vous ne serez pas inscrit.',
          },
        ],
        'request',
      )
    : layout(
        lang,
        'Confirm your subscription to the Parcelle newsletter',
        [
          hello(lang),
          'To receive the Parcelle newsletter, confirm your address by opening this link.',
          { button: 'Confirm my subscription', url: params.link },
          { note: 'If you did not ask for this, ignore this message: you will not be subscribed.' },
        ],
        'request',
      );
}

export function newsletterWelcomeEmail(lang: Language, params: { unsubscribeLink: string; token: string }): Rendered {
  return lang === 'fr'
    ? layout(
        lang,
        'Bienvenue dans la lettre Parcelle',
        [
          'Votre inscription est confirmée. Merci\u00a0!',
          `Pour vous désinscrire à tout moment\u00a0: ${params.unsubscribeLink}`,
          { note: `Code de désinscription\u00a0: ${params.token}` },
        ],
        'newsletter',
      )
    : layout(
        lang,
        'Welcome to the Parcelle newsletter',
        [
          'Your subscription is confirmed. Thank you!',
          `To unsubscribe at any time: ${params.unsubscribeLink}`,
          { note: `Unsubscribe code: ${params.token}` },
        ],
        'newsletter',
      );
}

/** Confirmation of a paid primary purchase, with the certificate number and where to check it. */
export function purchaseConfirmationEmail(
  lang: Language,
  params: {
    firstName: string;
    reference: string;
    paintingTitle: string;
    parts: string;
    total: string;
    holder: string;
    certificateNumber: string;
    verifyUrl: string;
    /** Issue 30: a primary purchase in its reflection period, revocable until this date and time, by this link. */
    revocation?: { until: string; url: string };
  },
): Rendered {
  const revocation = params.revocation;
  return lang === 'fr'
    ? layout(
        lang,
        `Votre achat de parts\u00a0: ${params.paintingTitle}`,
        [
          hello(lang, params.firstName),
          `Félicitations\u00a0! Votre achat de ${params.parts} de «\u00a0${params.paintingTitle}\u00a0» est terminé (référence ${params.reference}, ${params.total}).`,
          `Le certificat de copropriété nº ${params.certificateNumber} est établi au nom de ${endingWithAFullStop(params.holder)} Vous pouvez le télécharger depuis votre espace membre.`,
          `Toute personne peut vérifier son authenticité sur ${params.verifyUrl}`,
          ...(revocation
            ? [
                `Délai de réflexion\u00a0: vous pouvez annuler cet achat sans motif ni frais jusqu’au ${revocation.until} (heure de Paris). Vous serez remboursé intégralement par le moyen de paiement utilisé. Jusque-là, vos parts et votre certificat sont provisoires.`,
                'Pour l’annuler (connexion à votre espace membre requise)\u00a0:',
                { button: 'Annuler cet achat', url: revocation.url },
              ]
            : []),
        ],
        'purchase',
      )
    : layout(
        lang,
        `Your parts purchase: ${params.paintingTitle}`,
        [
          hello(lang, params.firstName),
          `Congratulations! Your purchase of ${params.parts} of “${params.paintingTitle}” is complete (reference ${params.reference}, ${params.total}).`,
          `Co-ownership certificate no. ${params.certificateNumber} is issued in the name of ${endingWithAFullStop(params.holder)} You can download it from your member area.`,
          `Anyone can check that it is genuine at ${params.verifyUrl}`,
          ...(revocation
            ? [
                `Reflection period: you may revoke this purchase without giving a reason and at no cost until ${revocation.until} (Paris time). You will be refunded in full to the payment method you used. Until then, your parts and your certificate are provisional.`,
                'To revoke it (you will be asked to sign in to your member area):',
                { button: 'Revoke this purchase', url: revocation.url },
              ]
            : []),
        ],
        'purchase',
      );
}

/** Issue 30: a primary purchase revoked in its reflection period, and where the money goes back. */
export function purchaseRevokedEmail(
  lang: Language,
  params: {
    firstName: string;
    reference: string;
    paintingTitle: string;
    parts: string;
    amount: string;
    refundTo: 'card' | 'paypal' | 'wallet';
  },
): Rendered {
  const whereFr = { card: 'votre carte', paypal: 'votre compte PayPal', wallet: 'votre compte Parcelle' }[
    params.refundTo
  ];
  const whereEn = { card: 'your card', paypal: 'your PayPal account', wallet: 'your Parcelle account' }[
    params.refundTo
  ];
  return lang === 'fr'
    ? layout(
        lang,
        `Votre achat est annulé\u00a0: ${params.paintingTitle}`,
        [
          hello(lang, params.firstName),
          `Vous avez annulé votre achat de ${params.parts} de «\u00a0${params.paintingTitle}\u00a0» (référence ${params.reference}) pendant le délai de réflexion. Le certificat de cet achat est annulé.`,
          params.refundTo === 'wallet'
            ? `${params.amount} ont été recrédités sur ${whereFr}.`
            : `${params.amount} vous sont remboursés sur ${whereFr}. Selon votre banque, le remboursement apparaîtra d’ici quelques jours.`,
        ],
        'purchase',
      )
    : layout(
        lang,
        `Your purchase is revoked: ${params.paintingTitle}`,
        [
          hello(lang, params.firstName),
          `You revoked your purchase of ${params.parts} of “${params.paintingTitle}” (reference ${params.reference}) in its reflection period. The certificate of this purchase is void.`,
          params.refundTo === 'wallet'
            ? `${params.amount} has been credited back to ${whereEn}.`
            : `${params.amount} is refunded to ${whereEn}. Depending on your bank, it will show within a few days.`,
        ],
        'purchase',
      );
}

/** To a seller on the secondary market when a buyer's payment for their listed parts settles. */
export function partsSoldEmail(
  lang: Language,
  params: { firstName: string; paintingTitle: string; parts: string; amount: string },
): Rendered {
  return lang === 'fr'
    ? layout(
        lang,
        `Vos parts ont été vendues\u00a0: ${params.paintingTitle}`,
        [
          hello(lang, params.firstName),
          `${params.parts} de «\u00a0${params.paintingTitle}\u00a0» ont été achetées sur le marché secondaire.`,
          `${params.amount} ont été crédités sur votre compte Parcelle. Vous pouvez les retirer depuis votre espace membre.`,
        ],
        'purchase',
      )
    : layout(
        lang,
        `Your parts were sold: ${params.paintingTitle}`,
        [
          hello(lang, params.firstName),
          `${params.parts} of “${params.paintingTitle}” were bought on the secondary market.`,
          `${params.amount} has been credited to your Parcelle account. You can withdraw it from your member area.`,
        ],
        'purchase',
      );
}

/**
 * A payment that arrived after the reservation ended, for parts no longer available: it goes back to the card or
 * PayPal account it came from (never to the wallet).
 */
export function latePaymentRefundedEmail(
  lang: Language,
  params: {
    firstName: string;
    reference: string;
    paintingTitle: string;
    parts: string;
    amount: string;
    method: 'card' | 'paypal';
  },
): Rendered {
  return lang === 'fr'
    ? layout(
        lang,
        `Votre paiement a été remboursé\u00a0: ${params.paintingTitle}`,
        [
          hello(lang, params.firstName),
          `Votre paiement de ${params.amount} pour ${params.parts} de «\u00a0${params.paintingTitle}\u00a0» (référence ${params.reference}) est arrivé après la fin de votre réservation, et ces parts ne sont plus disponibles.`,
          `Nous vous l’avons remboursé sur ${params.method === 'paypal' ? 'votre compte PayPal' : 'votre carte'}. Selon votre banque, il apparaîtra d’ici quelques jours.`,
        ],
        'purchase',
      )
    : layout(
        lang,
        `Your payment was refunded: ${params.paintingTitle}`,
        [
          hello(lang, params.firstName),
          `Your payment of ${params.amount} for ${params.parts} of “${params.paintingTitle}” (reference ${params.reference}) arrived after your reservation ended, and these parts are no longer available.`,
          `We have refunded it to ${params.method === 'paypal' ? 'your PayPal account' : 'your card'}. Depending on your bank, it will show within a few days.`,
        ],
        'purchase',
      );
}

/**
 * A notification of the member area (issue 17) by email: its title as the subject, its text, where to read every
 * notification and choose which ones come by email.
 */
export function notificationEmail(
  lang: Language,
  params: { firstName: string; text: { title: string; body: string }; link: string },
): Rendered {
  return lang === 'fr'
    ? layout(
        lang,
        params.text.title,
        [
          hello(lang, params.firstName),
          ...params.text.body.split(/\n{2,}/),
          { button: 'Voir mes notifications', url: params.link },
          { note: 'Vos notifications, et le choix de celles qui arrivent par e-mail, sont dans votre espace membre.' },
        ],
        'notification',
      )
    : layout(
        lang,
        params.text.title,
        [
          hello(lang, params.firstName),
          ...params.text.body.split(/\n{2,}/),
          { button: 'See my notifications', url: params.link },
          { note: 'Your notifications, and the choice of which ones come by email, are in your member area.' },
        ],
        'notification',
      );
}
