import Holidays from 'date-holidays';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  easterSunday,
  frenchPublicHolidays,
  isFrenchPublicHoliday,
  parisDay,
  parisMidnight,
  weekdayOf,
} from './french-calendar';

/** Issue 30 (decision 420): the French legal calendar the complaint deadlines and the reflection period count on. */
describe('the French calendar', () => {
  it('finds Easter (and with it Easter Monday, Ascension, Whit Monday)', () => {
    expect(['2024', '2025', '2026', '2027', '2038'].map((y) => easterSunday(Number(y)))).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2038-04-25',
    ]);
    expect([...frenchPublicHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-04-06',
      '2026-05-01',
      '2026-05-08',
      '2026-05-14',
      '2026-05-25',
      '2026-07-14',
      '2026-08-15',
      '2026-11-01',
      '2026-11-11',
      '2026-12-25',
    ]);
    expect(isFrenchPublicHoliday('2027-05-06')).toBe(true); // Ascension 2027
    expect(isFrenchPublicHoliday('2027-05-07')).toBe(false);
  });

  it('agrees with the date-holidays library on every year from 1900 to 2500', () => {
    const france = new Holidays('FR');
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2500 }), (year) => {
        // A set on both sides: Ascension falls on 8 May in some years (2206), one holiday then, listed twice there.
        const theirs = new Set(
          france
            .getHolidays(year)
            .filter((holiday) => holiday.type === 'public')
            .map((holiday) => holiday.date.slice(0, 10)),
        );
        expect([...frenchPublicHolidays(year)].sort()).toEqual([...theirs].sort());
      }),
      { numRuns: 200 },
    );
  });

  it('puts Easter on a Sunday between 22 March and 25 April', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1583, max: 4099 }), (year) => {
        const easter = easterSunday(year);
        expect(weekdayOf(easter)).toBe(0);
        expect(easter >= `${year}-03-22` && easter <= `${year}-04-25`).toBe(true);
      }),
    );
  });

  it('reads the day in Paris, not UTC', () => {
    expect(parisDay(new Date('2026-11-27T22:59:59Z'))).toBe('2026-11-27');
    expect(parisDay(new Date('2026-11-27T23:00:00Z'))).toBe('2026-11-28');
    expect(parisDay(new Date('2026-07-13T21:59:59Z'))).toBe('2026-07-13'); // summer time: UTC+2
    expect(parisDay(new Date('2026-07-13T22:00:00Z'))).toBe('2026-07-14');
  });

  it('starts a Paris day at its midnight, summer or winter, clock changes included', () => {
    expect(parisMidnight('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(parisMidnight('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(parisMidnight('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(parisMidnight('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 30 }), (offset) => {
        const day = addDays('2020-01-01', offset);
        const midnight = parisMidnight(day);
        expect(parisDay(midnight)).toBe(day);
        expect(parisDay(new Date(midnight.getTime() - 1))).toBe(addDays(day, -1));
      }),
    );
  });
});
