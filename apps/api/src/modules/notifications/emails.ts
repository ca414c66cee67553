import type { Language } from '@parcelle/shared';
import type { OutgoingEmail } from '../../adapters/mail/mailer';
import { escapeHtml } from '../../http/html';

/**
 * Transactional emails, rendered in the member's language. Text first (the outbox and tests read it);
 * the HTML part is the same text in a quiet layout.
 */
type Rendered = Omit<OutgoingEmail, 'to'>;

function layout(subject: string, paragraphs: string[]): Rendered {
  const text = `${paragraphs.join('\n\n')}\n\n— Parcelle`;
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const html = `<!doctype html><html><body style="font-family:Georgia,serif;color:#1d1b18;background:#faf8f4;padding:32px"><div style="max-width:520px;margin:auto"><h1 style="font-weight:400;font-size:22px">Parcelle</h1>${body}<p style="color:#7a736a">— Parcelle</p></div></body></html>`;
  return { subject, text, html };
}

export function verificationCodeEmail(lang: Language, params: { firstName: string; code: string }): Rendered {
  return lang === 'fr'
    ? layout(`Votre code de vérification Parcelle\u00a0: ${params.code}`, [
        `Bonjour ${params.firstName},`,
        `Votre code de vérification est\u00a0: ${params.code}`,
        'Il expire dans 15 minutes. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
      ])
    : layout(`Your Parcelle verification code: ${params.code}`, [
        `Hello ${params.firstName},`,
        `Your verification code is: ${params.code}`,
        'It expires in 15 minutes. If you did not ask for it, you can ignore this message.',
      ]);
}

export function passwordResetEmail(lang: Language, params: { firstName: string; link: string }): Rendered {
  return lang === 'fr'
    ? layout('Réinitialisation de votre mot de passe Parcelle', [
        `Bonjour ${params.firstName},`,
        `Pour choisir un nouveau mot de passe, ouvrez ce lien\u00a0: ${params.link}`,
        'Ce lien est valable une heure et ne sert qu’une fois. Si vous n’avez rien demandé, ignorez ce message\u00a0: votre mot de passe reste inchangé.',
      ])
    : layout('Reset your Parcelle password', [
        `Hello ${params.firstName},`,
        `To choose a new password, open this link: ${params.link}`,
        'The link is valid for one hour and works once. If you did not ask for it, ignore this message: your password stays unchanged.',
      ]);
}

export function passwordChangedEmail(lang: Language, params: { firstName: string }): Rendered {
  return lang === 'fr'
    ? layout('Votre mot de passe Parcelle a été modifié', [
        `Bonjour ${params.firstName},`,
        'Votre mot de passe vient d’être modifié et vos autres sessions ont été fermées. Si ce n’était pas vous, contactez-nous immédiatement.',
      ])
    : layout('Your Parcelle password was changed', [
        `Hello ${params.firstName},`,
        'Your password has just been changed and your other sessions were signed out. If this was not you, contact us at once.',
      ]);
}

export function quickSignUpEmail(lang: Language, params: { firstName: string; setPasswordUrl: string }): Rendered {
  return lang === 'fr'
    ? layout('Choisissez votre mot de passe Parcelle', [
        `Bonjour ${params.firstName},`,
        'Votre compte Parcelle a été créé pendant votre achat.',
        `Pour choisir votre mot de passe et confirmer cette adresse, ouvrez ce lien\u00a0: ${params.setPasswordUrl}`,
        'Ce lien est valable 24 heures et ne sert qu’une fois. Si vous n’êtes pas à l’origine de ce compte, ignorez ce message.',
      ])
    : layout('Choose your Parcelle password', [
        `Hello ${params.firstName},`,
        'Your Parcelle account was created during your purchase.',
        `To choose your password and confirm this address, open this link: ${params.setPasswordUrl}`,
        'The link is valid for 24 hours and works once. If you did not create this account, ignore this message.',
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
    ? layout('Tentative d’inscription avec votre adresse', [
        `Bonjour ${params.firstName},`,
        'Quelqu’un vient d’essayer de créer un compte Parcelle avec votre adresse e-mail. Votre compte existe déjà\u00a0: rien n’a été créé ni modifié.',
        `Si c’était vous, connectez-vous\u00a0: ${params.signInUrl}. Mot de passe oublié\u00a0? ${params.resetUrl}`,
        'Si ce n’était pas vous, vous n’avez rien à faire.',
      ])
    : layout('An attempt to sign up with your address', [
        `Hello ${params.firstName},`,
        'Someone just tried to create a Parcelle account with your email address. Your account already exists: nothing was created or changed.',
        `If it was you, sign in: ${params.signInUrl}. Forgot your password? ${params.resetUrl}`,
        'If it was not you, there is nothing to do.',
      ]);
}

/** An operator's invitation to the back office: the link sets the first password, then TOTP is enrolled at sign-in. */
export function operatorInviteEmail(
  lang: Language,
  params: { firstName: string; setPasswordUrl: string; consoleUrl: string },
): Rendered {
  return lang === 'fr'
    ? layout('Votre accès opérateur Parcelle', [
        `Bonjour ${params.firstName},`,
        'Un administrateur vous a ouvert un accès à la console des opérateurs de Parcelle.',
        `Choisissez votre mot de passe avec ce lien (valable 24 heures, une seule fois) : ${params.setPasswordUrl}`,
        `Connectez-vous ensuite sur ${params.consoleUrl} : la première connexion vous fait activer un second facteur (application d’authentification).`,
        'Si vous n’attendiez pas ce message, ignorez-le et prévenez l’équipe.',
      ])
    : layout('Your Parcelle operator access', [
        `Hello ${params.firstName},`,
        'An admin opened an access to the Parcelle operator console for you.',
        `Choose your password with this link (valid for 24 hours, works once): ${params.setPasswordUrl}`,
        `Then sign in at ${params.consoleUrl}: the first sign-in has you turn on a second factor (an authenticator app).`,
        'If you did not expect this message, ignore it and tell the team.',
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
  return layout(`Contact form: ${params.object}`, [
    `From: ${params.firstName} ${params.lastName} <${params.email}>`,
    `Phone: ${params.phone}`,
    `Object: ${params.object}`,
    params.message,
  ]);
}

export function newsletterConfirmEmail(lang: Language, params: { link: string }): Rendered {
  return lang === 'fr'
    ? layout('Confirmez votre inscription à la lettre Parcelle', [
        'Bonjour,',
        'Pour recevoir la lettre d’information de Parcelle, confirmez votre adresse en ouvrant ce lien\u00a0:',
        params.link,
        'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u00a0: vous ne serez pas inscrit.',
      ])
    : layout('Confirm your subscription to the Parcelle newsletter', [
        'Hello,',
        'To receive the Parcelle newsletter, confirm your address by opening this link:',
        params.link,
        'If you did not ask for this, ignore this message: you will not be subscribed.',
      ]);
}

export function newsletterWelcomeEmail(lang: Language, params: { unsubscribeLink: string; token: string }): Rendered {
  return lang === 'fr'
    ? layout('Bienvenue dans la lettre Parcelle', [
        'Votre inscription est confirmée. Merci\u00a0!',
        `Pour vous désinscrire à tout moment\u00a0: ${params.unsubscribeLink}`,
        `Code de désinscription\u00a0: ${params.token}`,
      ])
    : layout('Welcome to the Parcelle newsletter', [
        'Your subscription is confirmed. Thank you!',
        `To unsubscribe at any time: ${params.unsubscribeLink}`,
        `Unsubscribe code: ${params.token}`,
      ]);
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
    ? layout(`Votre achat de parts\u00a0: ${params.paintingTitle}`, [
        `Bonjour ${params.firstName},`,
        `Félicitations\u00a0! Votre achat de ${params.parts} de «\u00a0${params.paintingTitle}\u00a0» est terminé (référence ${params.reference}, ${params.total}).`,
        `Le certificat de copropriété nº ${params.certificateNumber} est établi au nom de ${params.holder}. Vous pouvez le télécharger depuis votre espace membre.`,
        `Toute personne peut vérifier son authenticité sur ${params.verifyUrl}`,
        ...(revocation
          ? [
              `Délai de réflexion\u00a0: vous pouvez annuler cet achat sans motif ni frais jusqu’au ${revocation.until} (heure de Paris). Vous serez remboursé intégralement par le moyen de paiement utilisé. Jusque-là, vos parts et votre certificat sont provisoires.`,
              `Pour l’annuler (connexion à votre espace membre requise)\u00a0: ${revocation.url}`,
            ]
          : []),
      ])
    : layout(`Your parts purchase: ${params.paintingTitle}`, [
        `Hello ${params.firstName},`,
        `Congratulations! Your purchase of ${params.parts} of “${params.paintingTitle}” is complete (reference ${params.reference}, ${params.total}).`,
        `Co-ownership certificate no. ${params.certificateNumber} is issued in the name of ${params.holder}. You can download it from your member area.`,
        `Anyone can check that it is genuine at ${params.verifyUrl}`,
        ...(revocation
          ? [
              `Reflection period: you may revoke this purchase without giving a reason and at no cost until ${revocation.until} (Paris time). You will be refunded in full to the payment method you used. Until then, your parts and your certificate are provisional.`,
              `To revoke it (you will be asked to sign in to your member area): ${revocation.url}`,
            ]
          : []),
      ]);
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
    ? layout(`Votre achat est annulé\u00a0: ${params.paintingTitle}`, [
        `Bonjour ${params.firstName},`,
        `Vous avez annulé votre achat de ${params.parts} de «\u00a0${params.paintingTitle}\u00a0» (référence ${params.reference}) pendant le délai de réflexion. Le certificat de cet achat est annulé.`,
        params.refundTo === 'wallet'
          ? `${params.amount} ont été recrédités sur ${whereFr}.`
          : `${params.amount} vous sont remboursés sur ${whereFr}. Selon votre banque, le remboursement apparaîtra d’ici quelques jours.`,
      ])
    : layout(`Your purchase is revoked: ${params.paintingTitle}`, [
        `Hello ${params.firstName},`,
        `You revoked your purchase of ${params.parts} of “${params.paintingTitle}” (reference ${params.reference}) in its reflection period. The certificate of this purchase is void.`,
        params.refundTo === 'wallet'
          ? `${params.amount} has been credited back to ${whereEn}.`
          : `${params.amount} is refunded to ${whereEn}. Depending on your bank, it will show within a few days.`,
      ]);
}

/** To a seller on the secondary market when a buyer's payment for their listed parts settles. */
export function partsSoldEmail(
  lang: Language,
  params: { firstName: string; paintingTitle: string; parts: string; amount: string },
): Rendered {
  return lang === 'fr'
    ? layout(`Vos parts ont été vendues\u00a0: ${params.paintingTitle}`, [
        `Bonjour ${params.firstName},`,
        `${params.parts} de «\u00a0${params.paintingTitle}\u00a0» ont été achetées sur le marché secondaire.`,
        `${params.amount} ont été crédités sur votre compte Parcelle. Vous pouvez les retirer depuis votre espace membre.`,
      ])
    : layout(`Your parts were sold: ${params.paintingTitle}`, [
        `Hello ${params.firstName},`,
        `${params.parts} of “${params.paintingTitle}” were bought on the secondary market.`,
        `${params.amount} has been credited to your Parcelle account. You can withdraw it from your member area.`,
      ]);
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
    ? layout(`Votre paiement a été remboursé\u00a0: ${params.paintingTitle}`, [
        `Bonjour ${params.firstName},`,
        `Votre paiement de ${params.amount} pour ${params.parts} de «\u00a0${params.paintingTitle}\u00a0» (référence ${params.reference}) est arrivé après la fin de votre réservation, et ces parts ne sont plus disponibles.`,
        `Nous vous l’avons remboursé sur ${params.method === 'paypal' ? 'votre compte PayPal' : 'votre carte'}. Selon votre banque, il apparaîtra d’ici quelques jours.`,
      ])
    : layout(`Your payment was refunded: ${params.paintingTitle}`, [
        `Hello ${params.firstName},`,
        `Your payment of ${params.amount} for ${params.parts} of “${params.paintingTitle}” (reference ${params.reference}) arrived after your reservation ended, and these parts are no longer available.`,
        `We have refunded it to ${params.method === 'paypal' ? 'your PayPal account' : 'your card'}. Depending on your bank, it will show within a few days.`,
      ]);
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
    ? layout(params.text.title, [
        `Bonjour ${params.firstName},`,
        params.text.body,
        `Vos notifications, et le choix de celles qui arrivent par e-mail\u00a0: ${params.link}`,
      ])
    : layout(params.text.title, [
        `Hello ${params.firstName},`,
        params.text.body,
        `Your notifications, and the choice of which ones come by email: ${params.link}`,
      ]);
}
