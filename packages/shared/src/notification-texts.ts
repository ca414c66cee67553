import type { Currency } from './constants';
import type { NotificationKind, NotificationPayload, TNotificationContent } from './contracts/notifications';
import { formatDate } from './dates';
import type { Language } from './i18n/messages';
import { pluralRules } from './intl';
import { formatMoney } from './money';
import { formatPartsQuantity } from './parts';
import { VERIFICATION_MISSING_LABELS } from './verification';

/**
 * The words of each notification kind (issue 17), in both languages, written from its payload: the bell's list and
 * the email say the same thing. Amounts and dates go through the shared formatters; `work` is the title of the work
 * the notification is about, in the reader's language (a placeholder when the work is gone).
 */
export type NotificationText = { title: string; body: string };

/** The name of each kind in the preferences, in both languages. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { en: string; fr: string }> = {
  purchase_settled: { en: 'Purchase completed', fr: 'Achat terminé' },
  order_filled: { en: 'Order filled', fr: 'Ordre exécuté' },
  bid_expired: { en: 'Bid expired', fr: 'Offre d’achat expirée' },
  dividend_paid: { en: 'Dividend paid', fr: 'Dividende versé' },
  withdrawal_approved: { en: 'Withdrawal approved', fr: 'Retrait approuvé' },
  vote_opened: { en: 'Vote opened', fr: 'Vote ouvert' },
  watched_work_opened: { en: 'A watched work opens', fr: 'Ouverture d’une œuvre suivie' },
  price_alert_reached: { en: 'Price alert reached', fr: 'Alerte de prix atteinte' },
  verification_decided: { en: 'Identity verification', fr: 'Vérification d’identité' },
  vote_closed: { en: 'Vote ended', fr: 'Fin d’un vote' },
  exit_paid: { en: 'Parts sold in an exit', fr: 'Parts vendues lors d’une sortie' },
  deposit_credited: { en: 'Bank transfer received', fr: 'Virement reçu' },
  top_up_credited: { en: 'Top-up received', fr: 'Rechargement reçu' },
  parts_sold: { en: 'Listed parts sold', fr: 'Parts en vente vendues' },
};

const NBSP = '\u00a0';

/**
 * An amount of the book as the member reads it (issue 31, one currency per screen): in their own currency when it is
 * known (`display`), the book's euros beside it, labelled as the screens label them ("$4.86 (€4.50 in the book)" /
 * "4,86 $US (4,50 € dans le carnet)"); the book's amount alone otherwise. A display amount in the book's own currency
 * is written alone: it is what the member was paid or charged (a purchase in dollars credited in euros, say).
 */
export function bookAmountText(
  book: { minor: number; currency: Currency },
  display: { minor: number; currency: Currency } | null,
  lang: Language,
): string {
  if (display && display.currency === book.currency) return formatMoney(display.minor, display.currency, lang);
  const bookText = formatMoney(book.minor, book.currency, lang);
  if (!display) return bookText;
  const inBook = lang === 'fr' ? `${bookText} dans le carnet` : `${bookText} in the book`;
  return `${formatMoney(display.minor, display.currency, lang)} (${inBook})`;
}

/** A notice's book price per part: its display amount when it carries one (older notices do not). */
function bookPrice(
  p: { unit_price_minor: number; currency: Currency; display_unit_price_minor?: number; display_currency?: Currency },
  lang: Language,
): string {
  const display =
    p.display_unit_price_minor !== undefined && p.display_currency
      ? { minor: p.display_unit_price_minor, currency: p.display_currency }
      : null;
  return bookAmountText({ minor: p.unit_price_minor, currency: p.currency }, display, lang);
}
/**
 * What a seller's wallet received for listed parts (decision 409): in the wallet's currency, the book's euros beside
 * it when they differ. The "parts sold" notice and its email say it the same way.
 */
export function soldAmount(p: NotificationPayload<'parts_sold'>, lang: Language): string {
  return bookAmountText(
    { minor: p.book_amount_minor, currency: p.book_currency },
    { minor: p.amount_minor, currency: p.currency },
    lang,
  );
}
/** Whether a count takes the singular in the language (its plural rules: French's 0 and 1, English's 1). */
const one = (count: number, lang: Language) => pluralRules(lang).select(count) === 'one';
const quoteFr = (title: string) => `«${NBSP}${title}${NBSP}»`;
const quoteEn = (title: string) => `“${title}”`;

export function notificationText(lang: Language, content: TNotificationContent, work: string): NotificationText {
  return lang === 'fr' ? frenchText(content, quoteFr(work)) : englishText(content, quoteEn(work));
}

function englishText(content: TNotificationContent, work: string): NotificationText {
  const lang = 'en';
  switch (content.kind) {
    case 'purchase_settled': {
      const p = content.payload;
      return {
        title: `Purchase completed: ${work}`,
        body: `Your purchase of ${formatPartsQuantity(p.quantity, lang)} of ${work} is complete (reference ${p.reference}, ${formatMoney(p.total_minor, p.currency, lang)}). Your certificate is in your member area.`,
      };
    }
    case 'order_filled': {
      const p = content.payload;
      const verb = p.side === 'buy' ? 'bought' : 'sold';
      return {
        title: `Order filled: ${work}`,
        body: `Your order was filled: ${formatPartsQuantity(p.quantity, lang)} of ${work} ${verb} at ${bookPrice(p, lang)} a part.`,
      };
    }
    case 'bid_expired': {
      const p = content.payload;
      return {
        title: `Bid expired: ${work}`,
        body: `Your bid for ${formatPartsQuantity(p.quantity, lang)} of ${work} at ${bookPrice(p, lang)} a part expired without being filled. The money it held is back in your account.`,
      };
    }
    case 'dividend_paid': {
      const p = content.payload;
      return {
        title: `Dividend paid: ${work}`,
        body: `A dividend of ${formatMoney(p.amount_minor, p.currency, lang)} for ${p.year} on your parts of ${work} has been credited to your Parcelle account.`,
      };
    }
    case 'withdrawal_approved': {
      const p = content.payload;
      return {
        title: 'Withdrawal approved',
        body: `Your withdrawal of ${formatMoney(p.amount_minor, p.currency, lang)} (reference ${p.reference}) was approved. It leaves with the next payout.`,
      };
    }
    case 'vote_opened': {
      const p = content.payload;
      return {
        title: `Vote opened: ${work}`,
        body: `The co-owners of ${work} are asked to vote on its sale. The vote closes on ${formatDate(p.closes_at, lang)}.`,
      };
    }
    case 'vote_closed': {
      const p = content.payload;
      return p.outcome === 'accepted'
        ? {
            title: `Vote ended: the offer for ${work} was accepted`,
            body: `The co-owners of ${work} accepted the offer to buy it. The work is sold: your parts are sold with it and what you are paid is credited to your Parcelle account.`,
          }
        : {
            title: `Vote ended: the offer for ${work} was rejected`,
            body: `The offer to buy ${work} was not accepted by its co-owners. Nothing changes: you keep your parts.`,
          };
    }
    case 'exit_paid': {
      const p = content.payload;
      return {
        title: `Parts sold: ${work}`,
        body: `${work} was sold, and with it the ${formatPartsQuantity(p.parts, lang)} you held. ${formatMoney(p.amount_minor, p.currency, lang)} (after the exit fee) has been credited to your Parcelle account; your history shows your cost and your return.`,
      };
    }
    case 'watched_work_opened': {
      const p = content.payload;
      return {
        title: `Opening: ${work}`,
        body: p.opens_at
          ? `${work}, which you watch, opens for purchase on ${formatDate(p.opens_at, lang)}.`
          : `${work}, which you watch, is now open for purchase.`,
      };
    }
    case 'price_alert_reached': {
      const p = content.payload;
      const side = p.direction === 'above' ? 'risen above' : 'fallen below';
      return {
        title: `Price alert: ${work}`,
        body: `The value of a part of ${work} has ${side} ${formatMoney(p.threshold_minor, p.currency, lang)}: it is now ${formatMoney(p.part_value_minor, p.currency, lang)}.`,
      };
    }
    case 'deposit_credited': {
      const p = content.payload;
      return {
        title: 'Bank transfer received',
        body: `Your bank transfer of ${formatMoney(p.amount_minor, p.currency, lang)} has been credited to your Parcelle account.`,
      };
    }
    case 'top_up_credited': {
      const p = content.payload;
      return {
        title: p.method === 'card' ? 'Card top-up received' : 'PayPal top-up received',
        body: `Your top-up of ${formatMoney(p.amount_minor, p.currency, lang)} by ${p.method === 'card' ? 'card' : 'PayPal'} has been credited to your Parcelle wallet.`,
      };
    }
    case 'parts_sold': {
      const p = content.payload;
      return {
        title: `Your parts were sold: ${work}`,
        body: `${formatPartsQuantity(p.parts, lang)} of ${work} that you listed for sale ${one(p.parts, lang) ? 'was' : 'were'} bought. Your Parcelle wallet has been credited with ${soldAmount(p, lang)}.`,
      };
    }
    case 'verification_decided':
      return verificationText(content.payload, 'en');
  }
}

function frenchText(content: TNotificationContent, work: string): NotificationText {
  const lang = 'fr';
  switch (content.kind) {
    case 'purchase_settled': {
      const p = content.payload;
      return {
        title: `Achat terminé${NBSP}: ${work}`,
        body: `Votre achat de ${formatPartsQuantity(p.quantity, lang)} de ${work} est terminé (référence ${p.reference}, ${formatMoney(p.total_minor, p.currency, lang)}). Votre certificat est dans votre espace membre.`,
      };
    }
    case 'order_filled': {
      const p = content.payload;
      const verb = p.side === 'buy' ? 'achetées' : 'vendues';
      return {
        title: `Ordre exécuté${NBSP}: ${work}`,
        body: `Votre ordre a été exécuté${NBSP}: ${formatPartsQuantity(p.quantity, lang)} de ${work} ${verb} à ${bookPrice(p, lang)} la part.`,
      };
    }
    case 'bid_expired': {
      const p = content.payload;
      return {
        title: `Offre d’achat expirée${NBSP}: ${work}`,
        body: `Votre offre d’achat de ${formatPartsQuantity(p.quantity, lang)} de ${work} à ${bookPrice(p, lang)} la part a expiré sans être exécutée. La somme qu’elle bloquait est revenue sur votre compte.`,
      };
    }
    case 'dividend_paid': {
      const p = content.payload;
      return {
        title: `Dividende versé${NBSP}: ${work}`,
        body: `Un dividende de ${formatMoney(p.amount_minor, p.currency, lang)} pour ${p.year} sur vos parts de ${work} a été crédité sur votre compte Parcelle.`,
      };
    }
    case 'withdrawal_approved': {
      const p = content.payload;
      return {
        title: 'Retrait approuvé',
        body: `Votre retrait de ${formatMoney(p.amount_minor, p.currency, lang)} (référence ${p.reference}) a été approuvé. Il partira avec le prochain versement.`,
      };
    }
    case 'vote_opened': {
      const p = content.payload;
      return {
        title: `Vote ouvert${NBSP}: ${work}`,
        body: `Les copropriétaires de ${work} sont appelés à voter sur sa vente. Le vote se termine le ${formatDate(p.closes_at, lang)}.`,
      };
    }
    case 'vote_closed': {
      const p = content.payload;
      return p.outcome === 'accepted'
        ? {
            title: `Fin du vote${NBSP}: l’offre pour ${work} est acceptée`,
            body: `Les copropriétaires de ${work} ont accepté l’offre d’achat. L’œuvre est vendue${NBSP}: vos parts sont vendues avec elle et ce qui vous revient est crédité sur votre compte Parcelle.`,
          }
        : {
            title: `Fin du vote${NBSP}: l’offre pour ${work} est rejetée`,
            body: `L’offre d’achat de ${work} n’a pas été acceptée par ses copropriétaires. Rien ne change${NBSP}: vous gardez vos parts.`,
          };
    }
    case 'exit_paid': {
      const p = content.payload;
      return {
        title: `Parts vendues${NBSP}: ${work}`,
        body: `${work} a été vendue, et avec elle ${formatPartsQuantity(p.parts, lang)} que vous déteniez. Votre compte Parcelle a été crédité de ${formatMoney(p.amount_minor, p.currency, lang)} (après les frais de sortie)${NBSP}; votre historique indique votre coût et votre plus-value.`,
      };
    }
    case 'watched_work_opened': {
      const p = content.payload;
      return {
        title: `Ouverture${NBSP}: ${work}`,
        body: p.opens_at
          ? `${work}, que vous suivez, ouvre à l’achat le ${formatDate(p.opens_at, lang)}.`
          : `${work}, que vous suivez, est désormais ouverte à l’achat.`,
      };
    }
    case 'price_alert_reached': {
      const p = content.payload;
      const side = p.direction === 'above' ? 'dépassé' : 'est passée sous';
      const phrase =
        p.direction === 'above'
          ? `La valeur d’une part de ${work} a ${side} ${formatMoney(p.threshold_minor, p.currency, lang)}`
          : `La valeur d’une part de ${work} ${side} ${formatMoney(p.threshold_minor, p.currency, lang)}`;
      return {
        title: `Alerte de prix${NBSP}: ${work}`,
        body: `${phrase}${NBSP}: elle est maintenant de ${formatMoney(p.part_value_minor, p.currency, lang)}.`,
      };
    }
    case 'deposit_credited': {
      const p = content.payload;
      return {
        title: 'Virement reçu',
        body: `Votre virement de ${formatMoney(p.amount_minor, p.currency, lang)} a été crédité sur votre compte Parcelle.`,
      };
    }
    case 'top_up_credited': {
      const p = content.payload;
      return {
        title: p.method === 'card' ? 'Rechargement par carte reçu' : 'Rechargement PayPal reçu',
        body: `Votre rechargement de ${formatMoney(p.amount_minor, p.currency, lang)} par ${p.method === 'card' ? 'carte' : 'PayPal'} a été crédité sur votre porte-monnaie Parcelle.`,
      };
    }
    case 'parts_sold': {
      const p = content.payload;
      return {
        title: `Vos parts ont été vendues${NBSP}: ${work}`,
        body: `${formatPartsQuantity(p.parts, lang)} de ${work} que vous aviez ${one(p.parts, lang) ? 'mise en vente a été achetée' : 'mises en vente ont été achetées'}. Votre porte-monnaie Parcelle a été crédité de ${soldAmount(p, lang)}.`,
      };
    }
    case 'verification_decided':
      return verificationText(content.payload, 'fr');
  }
}

type VerificationDecision = NotificationPayload<'verification_decided'>['decision'];

/** Each decision on a member's verification (issue 29), in both languages; the operator's message follows it. */
const VERIFICATION_TEXTS: Record<Language, Record<VerificationDecision, NotificationText>> = {
  en: {
    approved: {
      title: 'Your identity is verified',
      body: 'Your identity verification is approved: you can now buy, sell and withdraw.',
    },
    rejected: {
      title: 'Your identity could not be verified',
      body: 'Your identity verification was not approved.',
    },
    resubmission_requested: {
      title: 'Your verification needs more',
      body: 'To finish verifying your identity, please complete your Verification page.',
    },
    suspended: {
      title: 'Your account is under review',
      body: 'Buying, selling and withdrawing are paused while your account is reviewed.',
    },
    closed: {
      title: 'Your account is closed',
      body: 'After review, the business relationship is ended.',
    },
  },
  fr: {
    approved: {
      title: 'Votre identité est vérifiée',
      body: `Votre vérification d’identité est approuvée${NBSP}: vous pouvez désormais acheter, vendre et retirer.`,
    },
    rejected: {
      title: 'Votre identité n’a pas pu être vérifiée',
      body: 'Votre vérification d’identité n’a pas été approuvée.',
    },
    resubmission_requested: {
      title: 'Votre vérification est à compléter',
      body: 'Pour terminer la vérification de votre identité, veuillez compléter votre page Vérification.',
    },
    suspended: {
      title: 'Votre compte est en cours d’examen',
      body: 'Les achats, ventes et retraits sont suspendus pendant l’examen de votre compte.',
    },
    closed: {
      title: 'Votre compte est clos',
      body: 'Après examen, la relation d’affaires a pris fin.',
    },
  },
};

/** What a request for new documents asks for, before the list of their kinds (decision 411). */
const SEND_AGAIN: Record<Language, string> = { en: 'Please send again:', fr: `Veuillez renvoyer${NBSP}:` };

/**
 * A decision's text, then the documents asked for again (a paragraph each: an email's paragraphs are its blank lines),
 * then the operator's message.
 */
function verificationText(payload: NotificationPayload<'verification_decided'>, language: Language): NotificationText {
  const text = VERIFICATION_TEXTS[language][payload.decision];
  const kinds = payload.document_kinds ?? [];
  const asked = kinds.length
    ? [SEND_AGAIN[language], ...kinds.map((kind) => `• ${VERIFICATION_MISSING_LABELS[kind][language]}`)]
    : [];
  return { title: text.title, body: [text.body, ...asked, payload.message].filter(Boolean).join('\n\n') };
}
