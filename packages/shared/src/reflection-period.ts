import {
  addDays,
  type IsoDay,
  isFrenchPublicHoliday,
  PARIS_TIME_ZONE,
  parisDay,
  parisMidnight,
  weekdayOf,
} from './french-calendar';
import { dateTimeFormat } from './intl';

/**
 * The reflection period (issue 30, EU 2020/1503 art. 22; decisions 336 and 420): a non-sophisticated investor may
 * revoke a primary purchase, without reason or cost, for 4 calendar days. One rule for the API (which decides and
 * answers `revocable_until`), the confirmation email (which writes its last minute) and the screens (which show it).
 * Counted on the calendar of Europe/Paris, from the purchase's settlement:
 * - the day of the settlement does not count (day 0); days 1 to 4 are the four calendar days;
 * - the period ends at the end of its last day, i.e. at 00:00 Europe/Paris of the day after (exclusive);
 * - when day 4 is a Saturday, a Sunday or a French public holiday, the last day is the next day that is none of
 *   them (EU regulation 1182/71 art. 3(4): a period ending on a public holiday, a Saturday or a Sunday runs to the
 *   end of the next working day).
 * Everything is a pure function of the settlement time (and `now`), so tests never sleep.
 */
export const REFLECTION_DAYS = 4;
export const REFLECTION_TIME_ZONE = PARIS_TIME_ZONE;

/**
 * The longest a period can last in wall-clock time, a bound for database filters: the rest of day 0, 4 days, at most 3
 * days pushed (a holiday Friday or Monday next to a weekend; France has no longer run), and a DST hour: under 9 days.
 * The property test of reflection-period.test.ts holds every settlement to it.
 */
export const LONGEST_REFLECTION_MS = 9 * 24 * 60 * 60 * 1000;

/** A day the period cannot end on: a Saturday, a Sunday or a French public holiday. */
function isRestDay(day: IsoDay): boolean {
  const weekday = weekdayOf(day);
  return weekday === 0 || weekday === 6 || isFrenchPublicHoliday(day);
}

/** The last Paris day on which a purchase settled at `settledAt` can be revoked (included). */
export function reflectionLastDay(settledAt: Date): IsoDay {
  let last = addDays(parisDay(settledAt), REFLECTION_DAYS);
  while (isRestDay(last)) last = addDays(last, 1);
  return last;
}

/** The end of the reflection period of a purchase settled at `settledAt` (exclusive: revocable while now < end). */
export function reflectionEndsAt(settledAt: Date): Date {
  return parisMidnight(addDays(reflectionLastDay(settledAt), 1));
}

export function inReflectionPeriod(settledAt: Date, now: Date): boolean {
  return now.getTime() < reflectionEndsAt(settledAt).getTime();
}

const END_FORMAT: Intl.DateTimeFormatOptions = {
  timeZone: REFLECTION_TIME_ZONE,
  dateStyle: 'full',
  timeStyle: 'short',
};

/** The last minute a purchase can be revoked, in words, on the Paris clock ("Friday 4 December 2026, 23:59"). */
export function formatReflectionEnd(endsAt: Date, lang: 'en' | 'fr'): string {
  // One formatter per language, kept: built per call it was 4 % of the server's CPU in a drop's confirmations.
  return dateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', END_FORMAT).format(new Date(endsAt.getTime() - 60_000));
}
