import { describe, expect, it } from 'vitest';
import { formatReflectionEnd, inReflectionPeriod, parisDate, parisMidnight, reflectionEndsAt } from './reflection';

/** The reflection period's calendar (decision 336): Paris days, day 0 not counted, the end of day 4 exclusive. */
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
    expect(parisDate(settled)).toEqual({ year: 2026, month: 3, day: 3 });
    expect(reflectionEndsAt(settled).toISOString()).toBe('2026-03-09T23:00:00.000Z');
  });

  it('runs to the end of the following Monday when day 4 is a Saturday or a Sunday', () => {
    // Wednesday 4 March → day 4 Sunday 8 March → to the end of Monday 9 March.
    expect(reflectionEndsAt(new Date('2026-03-04T12:00:00Z')).toISOString()).toBe('2026-03-09T23:00:00.000Z');
    // Tuesday 3 March → day 4 Saturday 7 March → to the end of Monday 9 March.
    expect(reflectionEndsAt(new Date('2026-03-03T12:00:00Z')).toISOString()).toBe('2026-03-09T23:00:00.000Z');
    // Thursday 5 March → day 4 Monday 9 March: no extension.
    expect(reflectionEndsAt(new Date('2026-03-05T12:00:00Z')).toISOString()).toBe('2026-03-09T23:00:00.000Z');
  });

  it('follows the clock change: the end is midnight of Paris summer time after the last Sunday of March', () => {
    // Wednesday 25 March 2026 (winter) → day 4 Sunday 29 March (clocks go forward) → end of Monday 30 March,
    // 00:00 CEST on Tuesday 31 March = 22:00 UTC.
    expect(reflectionEndsAt(new Date('2026-03-25T12:00:00Z')).toISOString()).toBe('2026-03-30T22:00:00.000Z');
    expect(parisMidnight({ year: 2026, month: 3, day: 29 }).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(parisMidnight({ year: 2026, month: 10, day: 26 }).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(parisMidnight({ year: 2026, month: 10, day: 25 }).toISOString()).toBe('2026-10-24T22:00:00.000Z');
  });
});
