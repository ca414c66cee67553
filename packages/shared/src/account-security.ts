import { formatClockDateTime } from './dates';
import type { Language, Localized } from './i18n/messages';

/** How long a password confirmation ("sudo mode") lasts for the session that made it. */
export const REAUTH_TTL_MS = 5 * 60 * 1000;

/**
 * A date and time in UTC for a message of the API, in the one date-time style per language ("25 Nov 2026, 14:05 UTC",
 * "25 nov. 2026, 14:05 UTC"): the shared formatter on the UTC clock (issue 31).
 */
export function formatUtcDateTime(date: Date, lang: Language): string {
  return formatClockDateTime(date, lang, 'UTC');
}

/** The 403 of a withdrawal during the hold that follows a contact or payout change, saying until when. */
export function payoutHoldMessage(until: Date): Localized {
  return {
    en: `Withdrawals are paused until ${formatUtcDateTime(until, 'en')} because your email, phone or payout details changed recently.`,
    fr: `Les retraits sont suspendus jusqu’au ${formatUtcDateTime(until, 'fr')}, car votre e-mail, votre téléphone ou votre moyen de versement a changé récemment.`,
  };
}
