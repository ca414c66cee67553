/**
 * The French legal calendar, in one place (issue 30): the Paris calendar day of an instant and the public holidays of
 * metropolitan France. Two rules count on it: the complaint deadlines (*jours ouvrables*, complaints.ts) and the end
 * of the reflection period (reflection-period.ts).
 *
 * The holidays are computed, not looked up: the law fixes nine dates and ties three to Easter (code du travail art.
 * L3133-1), and Easter Sunday has a closed form (below). A library (date-holidays) was weighed and kept out of the
 * bundle: it carries every country's calendar to the browser for eleven dates; it is the oracle of the property test
 * instead (french-calendar.test.ts), which compares every year from 1900 to 2300 (decision 420).
 */

/** A calendar day as `YYYY-MM-DD`. */
export type IsoDay = string;

/** The time zone of Parcelle's legal calendar. */
export const PARIS_TIME_ZONE = 'Europe/Paris';

const pad = (n: number) => String(n).padStart(2, '0');
export const isoDay = (year: number, month: number, day: number): IsoDay => `${year}-${pad(month)}-${pad(day)}`;

export function isoDayParts(day: IsoDay): [year: number, month: number, day: number] {
  const [y, m, d] = day.split('-').map(Number);
  return [y ?? 0, m ?? 0, d ?? 0];
}

/** The calendar day `n` days after `day` (before it when `n` is negative). */
export function addDays(day: IsoDay, n: number): IsoDay {
  const [y, m, d] = isoDayParts(day);
  const date = new Date(Date.UTC(y, m - 1, d + n));
  return isoDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: IsoDay): number {
  const [y, m, d] = isoDayParts(day);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

let parisFormat: Intl.DateTimeFormat | undefined;
/** The Paris calendar day of an instant. */
export function parisDay(at: Date): IsoDay {
  parisFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: PARIS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return parisFormat.format(at);
}

let parisClock: Intl.DateTimeFormat | undefined;
/**
 * The instant of 00:00 Europe/Paris on a calendar day: UTC midnight of that day minus Paris's offset then (+1 h or
 * +2 h). The offset read at UTC midnight is the one of Paris midnight: Paris changes its clocks at 01:00 UTC, never
 * between 22:00 and 00:00 UTC.
 */
export function parisMidnight(day: IsoDay): Date {
  const [y, m, d] = isoDayParts(day);
  const guess = Date.UTC(y, m - 1, d);
  parisClock ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: PARIS_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  const seen = Object.fromEntries(
    parisClock.formatToParts(new Date(guess)).map((part) => [part.type, Number(part.value)] as const),
  );
  const wall = Date.UTC(seen.year ?? 0, (seen.month ?? 1) - 1, seen.day ?? 1, seen.hour, seen.minute, seen.second);
  return new Date(guess - (wall - guess));
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): IsoDay {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDay(year, month, day);
}

const holidaysOfYear = new Map<number, ReadonlySet<IsoDay>>();

/**
 * The 11 public holidays of metropolitan France (code du travail art. L3133-1): the fixed ones, Easter Monday,
 * Ascension and Whit Monday. Alsace-Moselle's two extra days (Good Friday, 26 December) are not counted: a deadline
 * counted without them is the earlier one, which holds everywhere.
 */
export function frenchPublicHolidays(year: number): ReadonlySet<IsoDay> {
  let found = holidaysOfYear.get(year);
  if (found) return found;
  const easter = easterSunday(year);
  found = new Set([
    isoDay(year, 1, 1), // jour de l'an
    addDays(easter, 1), // lundi de Pâques
    isoDay(year, 5, 1), // fête du Travail
    isoDay(year, 5, 8), // victoire 1945
    addDays(easter, 39), // Ascension
    addDays(easter, 50), // lundi de Pentecôte
    isoDay(year, 7, 14), // fête nationale
    isoDay(year, 8, 15), // Assomption
    isoDay(year, 11, 1), // Toussaint
    isoDay(year, 11, 11), // armistice 1918
    isoDay(year, 12, 25), // Noël
  ]);
  holidaysOfYear.set(year, found);
  return found;
}

export function isFrenchPublicHoliday(day: IsoDay): boolean {
  return frenchPublicHolidays(isoDayParts(day)[0]).has(day);
}
