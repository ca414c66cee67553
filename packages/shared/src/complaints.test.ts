import { describe, expect, it } from 'vitest';
import {
  addMonths,
  addWorkingDays,
  complaintDeadlines,
  complaintReference,
  fillComplaintTemplate,
  isPastDue,
  isWorkingDay,
} from './complaints';

/** Issue 30: the complaint deadlines (10 jours ouvrables to acknowledge, 2 months to answer), at their boundaries. */
describe('working days', () => {
  it('counts Saturdays and skips Sundays and public holidays', () => {
    expect(isWorkingDay('2026-11-28')).toBe(true); // Saturday
    expect(isWorkingDay('2026-11-29')).toBe(false); // Sunday
    expect(isWorkingDay('2026-11-11')).toBe(false); // Armistice, a Wednesday
    expect(isWorkingDay('2026-11-30')).toBe(true);
    expect(addWorkingDays('2026-11-28', 1)).toBe('2026-11-30');
  });
});

describe('complaint deadlines', () => {
  const due = (at: string) => complaintDeadlines(new Date(at));

  it('acknowledge by the 10th working day after receipt (a Friday: two Saturdays count, the Sundays do not)', () => {
    expect(due('2026-11-27T10:00:00Z').acknowledge_due_on).toBe('2026-12-09');
  });

  it('a complaint of a Sunday counts from the Monday', () => {
    expect(due('2026-11-29T10:00:00Z').acknowledge_due_on).toBe('2026-12-10');
  });

  it('a complaint sent at 00:30 in Paris on Saturday is Saturday’s, whatever UTC says', () => {
    expect(due('2026-11-27T22:59:00Z').acknowledge_due_on).toBe('2026-12-09');
    expect(due('2026-11-27T23:30:00Z').acknowledge_due_on).toBe('2026-12-10');
  });

  it('skips the holidays of May (1 May, 8 May, Ascension) and of Christmas and New Year', () => {
    expect(due('2026-04-30T09:00:00Z').acknowledge_due_on).toBe('2026-05-15');
    expect(due('2026-12-24T09:00:00Z').acknowledge_due_on).toBe('2027-01-07');
  });

  it('answers within two calendar months, to the month’s last day when the day does not exist', () => {
    expect(due('2026-11-27T10:00:00Z').answer_due_on).toBe('2027-01-27');
    expect(due('2026-12-31T10:00:00Z').answer_due_on).toBe('2027-02-28');
    expect(addMonths('2027-12-31', 2)).toBe('2028-02-29');
    expect(addMonths('2026-08-31', 2)).toBe('2026-10-31');
  });

  it('a due day is in time until its last minute in Paris', () => {
    expect(isPastDue('2026-12-09', new Date('2026-12-09T22:59:59Z'))).toBe(false);
    expect(isPastDue('2026-12-09', new Date('2026-12-09T23:00:00Z'))).toBe(true);
  });
});

describe('references and templates', () => {
  it('writes the reference with six digits', () => {
    expect(complaintReference(2026, 42)).toBe('RC-2026-000042');
  });

  it('fills the placeholders it knows and leaves the others', () => {
    expect(fillComplaintTemplate('{{name}}: {{reference}} {{x}}', { name: 'Camille', reference: 'RC-1' })).toBe(
      'Camille: RC-1 {{x}}',
    );
  });
});
