import { describe, expect, it } from 'vitest';
import { formatUtcDateTime } from './account-security';
import {
  formatClockDateTime,
  formatDate,
  formatDateTime,
  formatFinanceDate,
  formatLastParisDay,
  formatParisDate,
  formatWithdrawalDate,
  shortMonth,
} from './dates';

const march5 = new Date('2026-03-05T12:00:00Z');

describe('formatDate, DD MMM YYYY (spec §9)', () => {
  it('writes both languages', () => {
    expect(formatDate(march5, 'en')).toBe('05 Mar 2026');
    expect(formatDate(march5, 'fr')).toBe('05 mars 2026');
  });
  it('accepts ISO strings and timestamps', () => {
    expect(formatDate('2026-12-31T08:00:00Z', 'en')).toBe('31 Dec 2026');
    expect(formatDate(march5.getTime(), 'fr')).toBe('05 mars 2026');
    expect(formatDate('2026-01-09', 'fr')).toBe('09 janv. 2026');
  });
  it('reads the day in UTC', () => {
    // 23:30 UTC is already the next day in Paris; the platform shows the UTC day everywhere.
    expect(formatDate('2026-03-05T23:30:00Z', 'en')).toBe('05 Mar 2026');
    expect(formatDate('2026-03-06T00:30:00+02:00', 'en')).toBe('05 Mar 2026');
  });
  it('throws on an invalid date', () => {
    expect(() => formatDate('not a date', 'en')).toThrow(RangeError);
    expect(() => formatDate(new Date(Number.NaN), 'fr')).toThrow(RangeError);
  });
});

describe('month names come from Intl', () => {
  it.each([
    [0, 'Jan', 'janv.'],
    [1, 'Feb', 'févr.'],
    [4, 'May', 'mai'],
    [6, 'Jul', 'juil.'],
    [7, 'Aug', 'août'],
    [8, 'Sep', 'sept.'],
    [11, 'Dec', 'déc.'],
  ])('month %d: en %s, fr %s', (month, en, fr) => {
    const date = new Date(Date.UTC(2026, month, 15));
    expect(shortMonth(date, 'en')).toBe(en);
    expect(shortMonth(date, 'fr')).toBe(fr);
  });
});

describe('formatWithdrawalDate, DD MMM, YYYY', () => {
  it('writes both languages', () => {
    expect(formatWithdrawalDate(march5, 'en')).toBe('05 Mar, 2026');
    // French writes no comma before the year (issue 17): "23 nov. 2026", never "23 nov., 2026".
    expect(formatWithdrawalDate(march5, 'fr')).toBe('05 mars 2026');
    expect(formatWithdrawalDate('2026-11-23T12:00:00Z', 'fr')).toBe('23 nov. 2026');
    expect(formatWithdrawalDate('2026-11-23T12:00:00Z', 'en')).toBe('23 Nov, 2026');
  });
});

describe('formatFinanceDate, DD/MM/YYYY', () => {
  it('is the same in both languages', () => {
    expect(formatFinanceDate(march5)).toBe('05/03/2026');
    expect(formatFinanceDate(march5, 'fr')).toBe('05/03/2026');
    expect(formatFinanceDate('2026-11-20T00:00:00Z', 'en')).toBe('20/11/2026');
  });
});

describe('formatParisDate and formatLastParisDay (issue 30: the reflection period’s calendar)', () => {
  it('dates an instant on the Paris calendar, not UTC', () => {
    // 23:30 UTC on 5 March is 00:30 on 6 March in Paris (winter, UTC+1); 22:30 UTC on 5 July is 00:30 on the 6th (UTC+2).
    expect(formatParisDate('2026-03-05T23:30:00Z', 'en')).toBe('06 Mar 2026');
    expect(formatParisDate('2026-03-05T22:30:00Z', 'fr')).toBe('05 mars 2026');
    expect(formatParisDate('2026-07-05T22:30:00Z', 'en')).toBe('06 Jul 2026');
  });

  it('names the last day of a period whose end (00:00 Paris the day after) is exclusive', () => {
    // 00:00 Paris on 10 March 2026 = 23:00 UTC on the 9th: the period runs to the end of the 9th.
    expect(formatLastParisDay('2026-03-09T23:00:00.000Z', 'en')).toBe('09 Mar 2026');
    expect(formatLastParisDay('2026-03-09T23:00:00.000Z', 'fr')).toBe('09 mars 2026');
  });
});

describe('formatDateTime (issue 31: one date format per language)', () => {
  it('writes the date as formatDate and the time on 24 hours, on the given clock', () => {
    expect(formatDateTime('2026-03-05T13:05:00Z', 'en', 'Europe/Paris')).toBe('05 Mar 2026, 14:05');
    expect(formatDateTime('2026-03-05T13:05:00Z', 'fr', 'Europe/Paris')).toBe('05 mars 2026, 14:05');
    expect(formatDateTime('2026-11-23T23:30:00Z', 'fr', 'Europe/Paris')).toBe('24 nov. 2026, 00:30');
    expect(formatDateTime('2026-11-23T23:30:00Z', 'en', 'UTC')).toBe('23 Nov 2026, 23:30');
    expect(() => formatDateTime('not a date', 'en')).toThrow(RangeError);
  });
});

describe('formatClockDateTime (issue 31: the sale opening and the API’s UTC times in the one style)', () => {
  it('writes the date-time as every screen does, then names the clock', () => {
    expect(formatClockDateTime('2027-03-14T09:00:00Z', 'en', 'Europe/Paris')).toBe('14 Mar 2027, 10:00 Paris time');
    expect(formatClockDateTime('2027-03-14T09:00:00Z', 'fr', 'Europe/Paris')).toBe(
      '14 mars 2027, 10:00 heure de Paris',
    );
    expect(formatUtcDateTime(new Date('2026-11-25T14:05:00Z'), 'en')).toBe('25 Nov 2026, 14:05 UTC');
    expect(formatUtcDateTime(new Date('2026-11-25T14:05:00Z'), 'fr')).toBe('25 nov. 2026, 14:05 UTC');
  });
});
