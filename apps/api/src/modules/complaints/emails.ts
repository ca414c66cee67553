import {
  COMPLAINT_OUTCOME_LABELS,
  COMPLAINT_STATE_LABELS,
  type ComplaintOutcome,
  type ComplaintState,
  formatDate,
  type Language,
  parisDay,
} from '@parcelle/shared';
import { hello } from '../notifications/email-layout';
import { layout, type Rendered } from '../notifications/emails';

/**
 * The complaint emails (issue 30), in the complainant's language: the acknowledgement of receipt sent at once, and
 * each operator's message (acknowledgement, answer with its outcome, closing). Every one names the reference, the
 * published complaints address and, with the answer, the mediator the complainant may turn to.
 */

export type Contacts = { email: string; postalAddress: string; mediator: string };

export function complaintReceiptEmail(
  lang: Language,
  p: {
    name: string;
    reference: string;
    subject: string;
    receivedAt: Date;
    acknowledgeDueOn: string;
    answerDueOn: string;
    link: string | null;
    contacts: Contacts;
  },
): Rendered {
  if (lang === 'fr')
    return layout(
      lang,
      `Votre réclamation ${p.reference} est enregistrée`,
      [
        hello(lang, p.name),
        `Nous avons bien reçu votre réclamation «\u00a0${p.subject}\u00a0» le ${formatDate(parisDay(p.receivedAt), 'fr')}. Sa référence\u00a0: ${p.reference}.`,
        `Un conseiller la prendra en charge au plus tard le ${formatDate(p.acknowledgeDueOn, 'fr')}, et vous aurez notre réponse au plus tard le ${formatDate(p.answerDueOn, 'fr')}.`,
        p.link
          ? `Vous pouvez la suivre dans votre espace\u00a0: ${p.link}`
          : 'Nous vous répondrons à cette adresse e-mail.',
        { note: `Service réclamations\u00a0: ${p.contacts.email} — ${p.contacts.postalAddress}` },
      ],
      'complaint',
    );
  return layout(
    lang,
    `Your complaint ${p.reference} is registered`,
    [
      hello(lang, p.name),
      `We received your complaint “${p.subject}” on ${formatDate(parisDay(p.receivedAt), 'en')}. Its reference: ${p.reference}.`,
      `Someone will take it in hand by ${formatDate(p.acknowledgeDueOn, 'en')} at the latest, and you will have our answer by ${formatDate(p.answerDueOn, 'en')} at the latest.`,
      p.link ? `You can follow it in your account: ${p.link}` : 'We will answer you at this email address.',
      { note: `Complaints department: ${p.contacts.email} — ${p.contacts.postalAddress}` },
    ],
    'complaint',
  );
}

/** An operator's message about a complaint: what they wrote, with the state (and the outcome of an answer). */
export function complaintMessageEmail(
  lang: Language,
  p: {
    reference: string;
    state: ComplaintState;
    outcome: ComplaintOutcome | null;
    message: string;
    link: string | null;
    contacts: Contacts;
  },
): Rendered {
  const state = COMPLAINT_STATE_LABELS[p.state][lang];
  const outcome = p.outcome ? COMPLAINT_OUTCOME_LABELS[p.outcome][lang] : null;
  const closing = p.state === 'answered' || p.state === 'closed';
  if (lang === 'fr')
    return layout(
      lang,
      `Votre réclamation ${p.reference}\u00a0: ${state.toLowerCase()}`,
      [
        ...p.message.split(/\n{2,}/),
        ...(outcome ? [`Issue de votre réclamation\u00a0: ${outcome}.`] : []),
        ...(p.link ? [`Votre réclamation dans votre espace\u00a0: ${p.link}`] : []),
        ...(closing
          ? [
              `Si cette réponse ne vous satisfait pas, vous pouvez saisir gratuitement le médiateur\u00a0: ${p.contacts.mediator}`,
            ]
          : []),
        { note: `Service réclamations\u00a0: ${p.contacts.email} — ${p.contacts.postalAddress}` },
      ],
      'complaint',
    );
  return layout(
    lang,
    `Your complaint ${p.reference}: ${state.toLowerCase()}`,
    [
      ...p.message.split(/\n{2,}/),
      ...(outcome ? [`Outcome of your complaint: ${outcome}.`] : []),
      ...(p.link ? [`Your complaint in your account: ${p.link}`] : []),
      ...(closing
        ? [
            `If this answer does not satisfy you, you may refer it to the mediator, free of charge: ${p.contacts.mediator}`,
          ]
        : []),
      { note: `Complaints department: ${p.contacts.email} — ${p.contacts.postalAddress}` },
    ],
    'complaint',
  );
}

/** A new complaint, copied to the complaints mailbox (internal: in English). */
export function complaintOperatorCopyEmail(p: {
  reference: string;
  name: string;
  email: string;
  member: boolean;
  category: string;
  subject: string;
  body: string;
  acknowledgeDueOn: string;
  answerDueOn: string;
}): Rendered {
  return layout(
    'en',
    `New complaint ${p.reference}: ${p.subject}`,
    [
      `From: ${p.name} <${p.email}> (${p.member ? 'member' : 'visitor'})`,
      `Category: ${p.category}`,
      `Acknowledge by ${p.acknowledgeDueOn}; answer by ${p.answerDueOn}.`,
      ...p.body.split(/\n{2,}/),
      'Handle it in the console, Complaints.',
    ],
    'internal',
  );
}
