import type { Language } from './i18n/messages';
import { dateTimeFormat } from './intl';
import { intlLocale } from './money';

/**
 * Date formats of spec §9, read in UTC so that a date shows the same day on the server, in the
 * browser and in tests whatever the time zone. Month names come from Intl, not a hand-made table.
 */

export type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a valid date: ${String(value)}`);
  return date;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** Abbreviated month as Intl writes it: en "Mar", "Sep"; fr "mars", "janv.", "sept.". */
export function shortMonth(date: DateInput, lang: Language): string {
  return dateTimeFormat(intlLocale(lang), { month: 'short', timeZone: 'UTC' }).format(toDate(date));
}

/** DD MMM YYYY: en "05 Mar 2026", fr "05 mars 2026". */
export function formatDate(date: DateInput, lang: Language): string {
  const d = toDate(date);
  return `${pad2(d.getUTCDate())} ${shortMonth(d, lang)} ${d.getUTCFullYear()}`;
}

/**
 * Withdrawals, DD MMM, YYYY in English: "05 Mar, 2026". French puts no comma between the month and the year, and
 * its abbreviated months already end in a point: "05 mars 2026", "23 nov. 2026" (issue 17; decisions).
 */
export function formatWithdrawalDate(date: DateInput, lang: Language): string {
  if (lang === 'fr') return formatDate(date, lang);
  const d = toDate(date);
  return `${pad2(d.getUTCDate())} ${shortMonth(d, lang)}, ${d.getUTCFullYear()}`;
}

/** Finance table, DD/MM/YYYY: "05/03/2026". The language is accepted for a uniform call but changes nothing. */
export function formatFinanceDate(date: DateInput, _lang?: Language): string {
  const d = toDate(date);
  return `${pad2(d.getUTCDate())}/${pad2(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}
