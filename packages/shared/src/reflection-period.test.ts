import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, isFrenchPublicHoliday, parisDay, weekdayOf } from './french-calendar';
import {
  formatReflectionEnd,
  inReflectionPeriod,
  LONGEST_REFLECTION_MS,
  REFLECTION_DAYS,
  reflectionEndsAt,
  reflectionLastDay,
} from './reflection-period';

/**
 * The reflection period's calendar (decisions 336, 420): Paris days, day 0 not counted, the end of day 4 exclusive,
 * a last day on a Saturday, a Sunday or a French public holiday pushed to the next working day.
 */
const HOUR = 60 * 60 * 1000;
const settledOn = (day: string) => new Date(`${day}T10:00:00Z`); // noon or 11:00 in Paris: the same Paris day
const lastDay = (day: string) => reflectionLastDay(settledOn(day));

describe('the reflection period on the Paris calendar', () => {
  it('ends at 00:00 Paris of day 5: 23:59:59.999 on day 4 is in, 00:00 on day 5 is out', () => {
    // Bought Monday 2 March 2026 at 10:00 Paris (09:00 UTC, winter time); day 4 is Friday 6 March.
    const settled = new Date('2026-03-02T09:00:00Z');
    const end = reflectionEndsAt(settled);
    expect(end.toISOString()).toBe('2026-03-06T23:00:00.000Z');
    expect(inReflectionPeriod(settled, new Date(end.getTime() - 1))).toBe(true);
    expect(inReflectionPeriod(settled, end)).toBe(false);
    expect(formatReflectionEnd(end, 'fr')).toBe('vendredi 6 mars 2026 à 23:59');
    expect(formatReflectionEnd(end, 'en')).toBe('Friday, 6 March 2026 at 23:59');
  });

  it('counts the Paris date, not the UTC one: 00:30 Paris is already the next day', () => {
    // Tuesday 3 March 2026, 00:30 Paris = Monday 23:30 UTC: day 0 is Tuesday, day 4 Saturday → Monday 9 March.
    const settled = new Date('2026-03-02T23:30:00Z');
    expect(parisDay(settled)).toBe('2026-03-03');
    expect(reflectionEndsAt(settled).toISOString()).toBe('2026-03-09T23:00:00.000Z');
  });

  it('runs to the end of the following Monday when day 4 is a Saturday or a Sunday', () => {
    expect(lastDay('2026-03-04')).toBe('2026-03-09'); // day 4 Sunday 8 March
    expect(lastDay('2026-03-03')).toBe('2026-03-09'); // day 4 Saturday 7 March
    expect(lastDay('2026-03-05')).toBe('2026-03-09'); // day 4 Monday 9 March: no extension
  });

  it('follows the clock change: the end is midnight of Paris summer time after the last Sunday of March', () => {
    // Wednesday 25 March 2026 (winter) → day 4 Sunday 29 March (clocks go forward) → end of Monday 30 March,
    // 00:00 CEST on Tuesday 31 March = 22:00 UTC.
    expect(reflectionEndsAt(new Date('2026-03-25T12:00:00Z')).toISOString()).toBe('2026-03-30T22:00:00.000Z');
  });
});

describe('French public holidays in the reflection period', () => {
  it('runs past Ascension: day 4 on Thursday 6 May 2027 ends on Friday 7 May', () => {
    // Settled Sunday 2 May 2027 → day 4 Thursday 6 May 2027, Ascension (Easter 28 March + 39) → Friday 7 May.
    expect(lastDay('2027-05-02')).toBe('2027-05-07');
    const end = reflectionEndsAt(settledOn('2027-05-02'));
    expect(end.toISOString()).toBe('2027-05-07T22:00:00.000Z');
    expect(formatReflectionEnd(end, 'fr')).toBe('vendredi 7 mai 2027 à 23:59');
    expect(formatReflectionEnd(end, 'en')).toBe('Friday, 7 May 2027 at 23:59');
  });

  it('runs past a holiday that is also a Saturday: bought Tuesday 4 May 2027, day 4 is 8 May → Monday 10 May', () => {
    expect(lastDay('2027-05-04')).toBe('2027-05-10');
  });

  it('runs past Easter Monday and Whit Monday to the Tuesday', () => {
    // Easter Monday 29 March 2027: bought Thursday 25 March (day 4 that Monday) or Wednesday 24 (day 4 Sunday).
    expect(lastDay('2027-03-25')).toBe('2027-03-30');
    expect(lastDay('2027-03-24')).toBe('2027-03-30');
    // Whit Monday 17 May 2027 (Easter + 50): bought Thursday 13 May.
    expect(lastDay('2027-05-13')).toBe('2027-05-18');
  });

  it('runs past fixed holidays: Christmas on a Friday then the weekend, New Year, 14 July on a Tuesday', () => {
    expect(lastDay('2026-12-21')).toBe('2026-12-28'); // day 4 Friday 25 December 2026
    expect(lastDay('2026-12-28')).toBe('2027-01-04'); // day 4 Friday 1 January 2027
    expect(lastDay('2026-07-10')).toBe('2026-07-15'); // day 4 Tuesday 14 July 2026
  });

  it('does not move a day 4 that is a working day, even the day after a holiday', () => {
    expect(lastDay('2027-05-03')).toBe('2027-05-07'); // day 4 Friday 7 May 2027, after Ascension
  });
});

describe('the reflection period, whatever the settlement', () => {
  // Any instant from 2020 to 2060, to the millisecond.
  const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2060, 0, 1) }).map((ms) => new Date(ms));

  it('ends on a working day, at the first one from day 4 on', () => {
    fc.assert(
      fc.property(instant, (settledAt) => {
        const day4 = addDays(parisDay(settledAt), REFLECTION_DAYS);
        const last = reflectionLastDay(settledAt);
        const isRest = (day: string) => [0, 6].includes(weekdayOf(day)) || isFrenchPublicHoliday(day);
        expect(last >= day4).toBe(true);
        expect(isRest(last)).toBe(false);
        for (let day = day4; day < last; day = addDays(day, 1)) expect(isRest(day)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('ends at the Paris midnight after its last day, no later than the bound the database filters use', () => {
    fc.assert(
      fc.property(instant, (settledAt) => {
        const end = reflectionEndsAt(settledAt);
        expect(parisDay(end)).toBe(addDays(reflectionLastDay(settledAt), 1));
        expect(parisDay(new Date(end.getTime() - 1))).toBe(reflectionLastDay(settledAt));
        // Calendar days in Paris, not hours: a period across the spring's change of time is an hour shorter.
        expect(end.getTime() - settledAt.getTime()).toBeGreaterThan(REFLECTION_DAYS * 24 * 60 * 60 * 1000 - HOUR);
        expect(end.getTime() - settledAt.getTime()).toBeLessThan(LONGEST_REFLECTION_MS);
      }),
      { numRuns: 2000 },
    );
  });

  it('counts Paris days across the change of time: bought a minute before midnight, ends 23 hours later on day 4', () => {
    // Thursday 26 March 2026, 23:59:59 in Paris (CET); clocks go forward on Sunday 29 March; day 4 is Monday 30.
    const settledAt = new Date('2026-03-26T22:59:59Z');
    expect(reflectionLastDay(settledAt)).toBe('2026-03-30');
    // Midnight after Monday 30 March in Paris (CEST, UTC+2).
    expect(reflectionEndsAt(settledAt).toISOString()).toBe('2026-03-30T22:00:00.000Z');
  });

  it('never ends earlier for a later settlement', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 10 * 24 * 60 * 60 * 1000 }), (settledAt, later) => {
        const after = new Date(settledAt.getTime() + later);
        expect(reflectionEndsAt(after).getTime()).toBeGreaterThanOrEqual(reflectionEndsAt(settledAt).getTime());
      }),
    );
  });
});
