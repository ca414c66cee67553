import { MINIMUM_AGE_YEARS } from '@parcelle/shared/constants';

/** The latest birth date allowed today (18 years ago, spec §5), as YYYY-MM-DD, for a date input's max. */
export function latestBirthDate(today = new Date()): string {
  const date = new Date(Date.UTC(today.getUTCFullYear() - MINIMUM_AGE_YEARS, today.getUTCMonth(), today.getUTCDate()));
  return date.toISOString().slice(0, 10);
}
