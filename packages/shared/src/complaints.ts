import {
  addDays,
  type IsoDay,
  isFrenchPublicHoliday,
  isoDay,
  isoDayParts,
  PARIS_TIME_ZONE,
  parisDay,
  weekdayOf,
} from './french-calendar';
import type { Language } from './i18n/messages';

/**
 * Complaints (issue 30): the case's states, categories and outcomes, and the regulatory deadlines, shared by the API
 * (which stores the due dates), the member's page and the console (which show them), so all three agree.
 *
 * Deadlines (AMF instruction DOC-2012-07 §2 and ACPR recommendation 2022-R-01 §4, decision 351): the firm
 * acknowledges a complaint within 10 *jours ouvrables* of its receipt, unless it answers within that time, and answers
 * within 2 months of it. *Jours ouvrables* are every day but Sunday and the French public holidays (Saturday counts):
 * the literal reading, and the earlier of the two possible readings. Days are Paris calendar days; the day of receipt
 * is day 0. Two months run to the day of the same number two months later, or that month's last day when it has none
 * (code de procédure civile art. 641).
 */

export const COMPLAINT_STATES = ['received', 'acknowledged', 'escalated', 'answered', 'closed'] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];

export const COMPLAINT_CATEGORIES = [
  'purchase',
  'secondary_market',
  'payment',
  'withdrawal',
  'dividend_or_exit',
  'account',
  'information',
  'other',
] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];

export const COMPLAINT_OUTCOMES = ['upheld', 'partially_upheld', 'rejected'] as const;
export type ComplaintOutcome = (typeof COMPLAINT_OUTCOMES)[number];

export const COMPLAINT_EVENT_KINDS = ['received', 'acknowledged', 'escalated', 'answered', 'closed', 'note'] as const;
export type ComplaintEventKind = (typeof COMPLAINT_EVENT_KINDS)[number];

/** The operator's actions and the states each is allowed from (anything else: 409 ComplaintWrongState). */
export const COMPLAINT_TRANSITIONS = {
  acknowledge: { from: ['received'], to: 'acknowledged' },
  escalate: { from: ['received', 'acknowledged'], to: 'escalated' },
  answer: { from: ['received', 'acknowledged', 'escalated'], to: 'answered' },
  close: { from: ['answered'], to: 'closed' },
} as const satisfies Record<string, { from: readonly ComplaintState[]; to: ComplaintState }>;
export type ComplaintAction = keyof typeof COMPLAINT_TRANSITIONS;

export const ACKNOWLEDGE_WITHIN_WORKING_DAYS = 10;
export const ANSWER_WITHIN_MONTHS = 2;
/** The time zone the days are counted in. */
export const COMPLAINT_TIME_ZONE = PARIS_TIME_ZONE;

type Words = Record<Language, string>;

export const COMPLAINT_STATE_LABELS: Record<ComplaintState, Words> = {
  received: { en: 'Received', fr: 'Reçue' },
  acknowledged: { en: 'Acknowledged', fr: 'Prise en charge' },
  escalated: { en: 'Escalated', fr: 'Transmise au responsable' },
  answered: { en: 'Answered', fr: 'Répondue' },
  closed: { en: 'Closed', fr: 'Clôturée' },
};

export const COMPLAINT_CATEGORY_LABELS: Record<ComplaintCategory, Words> = {
  purchase: { en: 'A purchase of parts', fr: 'Un achat de parts' },
  secondary_market: { en: 'The market between members', fr: 'Le marché entre membres' },
  payment: { en: 'A payment', fr: 'Un paiement' },
  withdrawal: { en: 'A withdrawal', fr: 'Un retrait' },
  dividend_or_exit: { en: 'A dividend or the sale of a work', fr: 'Un dividende ou la vente d’une œuvre' },
  account: { en: 'My account or my identity verification', fr: 'Mon compte ou la vérification de mon identité' },
  information: { en: 'The information given to me', fr: 'Les informations qui m’ont été données' },
  other: { en: 'Something else', fr: 'Autre chose' },
};

export const COMPLAINT_OUTCOME_LABELS: Record<ComplaintOutcome, Words> = {
  upheld: { en: 'Upheld', fr: 'Fondée' },
  partially_upheld: { en: 'Partly upheld', fr: 'Partiellement fondée' },
  rejected: { en: 'Not upheld', fr: 'Non fondée' },
};

// ---------------------------------------------------------------- calendar

/** A *jour ouvrable*: not a Sunday, not a French public holiday. */
export function isWorkingDay(day: IsoDay): boolean {
  if (weekdayOf(day) === 0) return false;
  return !isFrenchPublicHoliday(day);
}

/** The `n`th working day after `day` (which itself is not counted). */
export function addWorkingDays(day: IsoDay, n: number): IsoDay {
  let current = day;
  let left = n;
  while (left > 0) {
    current = addDays(current, 1);
    if (isWorkingDay(current)) left -= 1;
  }
  return current;
}

/** `months` calendar months after `day`, on the month's last day when it has no day of that number. */
export function addMonths(day: IsoDay, months: number): IsoDay {
  const [y, m, d] = isoDayParts(day);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return isoDay(year, month, Math.min(d, last));
}

export type ComplaintDeadlines = { acknowledge_due_on: IsoDay; answer_due_on: IsoDay };

/** The last day to acknowledge and the last day to answer a complaint received at `receivedAt` (both included). */
export function complaintDeadlines(receivedAt: Date): ComplaintDeadlines {
  const day = parisDay(receivedAt);
  return {
    acknowledge_due_on: addWorkingDays(day, ACKNOWLEDGE_WITHIN_WORKING_DAYS),
    answer_due_on: addMonths(day, ANSWER_WITHIN_MONTHS),
  };
}

/** Whether a due day has passed at `now` (the whole due day, Paris time, is still in time). */
export function isPastDue(dueOn: IsoDay, now: Date = new Date()): boolean {
  return parisDay(now) > dueOn;
}

/** A complaint's reference as members and the regulator see it: `RC-2026-000042`. */
export function complaintReference(year: number, number: number): string {
  return `RC-${year}-${String(number).padStart(6, '0')}`;
}

// ---------------------------------------------------------------- templates

/**
 * The console's starting texts for each message sent to a complainant, in both languages (the complainant's is
 * used): the operator edits them before sending. `{{name}}`, `{{reference}}`, `{{answer_due_on}}` are filled in.
 */
export const COMPLAINT_TEMPLATES: Record<
  'acknowledge' | 'answer_upheld' | 'answer_partially_upheld' | 'answer_rejected' | 'close',
  Words
> = {
  acknowledge: {
    en: 'Dear {{name}},\n\nWe have read your complaint {{reference}} and are looking into it. You will have our answer by {{answer_due_on}} at the latest.',
    fr: 'Bonjour {{name}},\n\nNous avons pris connaissance de votre réclamation {{reference}} et l’examinons. Vous aurez notre réponse au plus tard le {{answer_due_on}}.',
  },
  answer_upheld: {
    en: 'Dear {{name}},\n\nAfter looking into your complaint {{reference}}, we agree with you. Here is what we are doing about it: …',
    fr: 'Bonjour {{name}},\n\nAprès examen de votre réclamation {{reference}}, nous vous donnons raison. Voici ce que nous faisons\u00a0: …',
  },
  answer_partially_upheld: {
    en: 'Dear {{name}},\n\nAfter looking into your complaint {{reference}}, we agree with you in part: …',
    fr: 'Bonjour {{name}},\n\nAprès examen de votre réclamation {{reference}}, nous vous donnons raison en partie\u00a0: …',
  },
  answer_rejected: {
    en: 'Dear {{name}},\n\nAfter looking into your complaint {{reference}}, we cannot agree with it, for these reasons: …',
    fr: 'Bonjour {{name}},\n\nAprès examen de votre réclamation {{reference}}, nous ne pouvons y donner suite, pour ces raisons\u00a0: …',
  },
  close: {
    en: 'Dear {{name}},\n\nWe are closing your complaint {{reference}}. If our answer does not satisfy you, you may refer it to the mediator named below, free of charge.',
    fr: 'Bonjour {{name}},\n\nNous clôturons votre réclamation {{reference}}. Si notre réponse ne vous satisfait pas, vous pouvez saisir gratuitement le médiateur indiqué ci-dessous.',
  },
};

/** A template with its placeholders filled. */
export function fillComplaintTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}
