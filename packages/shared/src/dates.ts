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

/** The time zone of Parcelle's legal calendar: the reflection period is counted on it (decision 336). */
const PARIS = 'Europe/Paris';

/**
 * DD MMM YYYY on the Paris calendar, not UTC: a certificate revoked at 00:30 in Paris on the 6th is dated the 6th,
 * whatever the reader's own clock (the PDF on the server and the verification page in the browser agree).
 */
export function formatParisDate(date: DateInput, lang: Language): string {
  const parts = dateTimeFormat('en-GB', { timeZone: PARIS, year: 'numeric', month: 'numeric', day: 'numeric' })
    .formatToParts(toDate(date))
    .reduce<Record<string, number>>((acc, part) => {
      if (part.type !== 'literal') acc[part.type] = Number(part.value);
      return acc;
    }, {});
  return formatDate(Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1), lang);
}

/**
 * The last Paris day of a period whose end is exclusive (00:00 Europe/Paris of the day after, as the API answers
 * `provisional_until`): "provisional until 09 Mar 2026" includes the whole of the 9th.
 */
export function formatLastParisDay(exclusiveEnd: DateInput, lang: Language): string {
  return formatParisDate(toDate(exclusiveEnd).getTime() - 1, lang);
}

/**
 * A date and time as every member screen writes one (issue 31: one format per language): the date as formatDate
 * (DD MMM YYYY) and the time on 24 hours, read on the given time zone (the reader's own when none is given): en
 * "05 Mar 2026, 14:05", fr "05 mars 2026, 14:05". Screens say which clock when it is not the reader's ("Paris time").
 */
export function formatDateTime(date: DateInput, lang: Language, timeZone?: string): string {
  const parts = dateTimeFormat('en-GB', {
    ...(timeZone ? { timeZone } : {}),
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  })
    .formatToParts(toDate(date))
    .reduce<Record<string, number>>((acc, part) => {
      if (part.type !== 'literal') acc[part.type] = Number(part.value);
      return acc;
    }, {});
  const day = formatDate(Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1), lang);
  return `${day}, ${pad2(parts.hour ?? 0)}:${pad2(parts.minute ?? 0)}`;
}

/** The clocks a date-time is written on when it is not the reader's own, and their names per language. */
const CLOCK_NAMES = {
  'Europe/Paris': { en: 'Paris time', fr: 'heure de Paris' },
  UTC: { en: 'UTC', fr: 'UTC' },
} as const satisfies Record<string, Record<Language, string>>;
export type NamedClock = keyof typeof CLOCK_NAMES;

/**
 * A date and time on a named clock, in the one date-time style of every screen (formatDateTime) followed by the
 * clock's name (issue 31: the sale opening and the API's messages had forms of their own): en "14 Mar 2027, 10:00
 * Paris time", fr "14 mars 2027, 10:00 heure de Paris"; "25 Nov 2026, 14:05 UTC".
 */
export function formatClockDateTime(date: DateInput, lang: Language, clock: NamedClock): string {
  return `${formatDateTime(date, lang, clock)} ${CLOCK_NAMES[clock][lang]}`;
}
