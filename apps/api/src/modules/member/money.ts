import { type Currency, safeInteger, toMajor } from '@parcelle/shared';
import type { Rates } from '../fx/rates';

/** The day (YYYY-MM-DD, UTC) of an instant: the exchange rate of that day converts what was recorded then. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * An amount recorded in `from` (minor units), in the display currency `to`: unchanged when the currencies are the
 * same, else converted with integer arithmetic (half-even) at the EUR→USD rate in force on `day` (today without
 * one). History rows use the day of the event, so an amount paid in euros shows what it was worth in dollars then.
 */
export function displayMinor(rates: Rates, minor: number, from: Currency, to: Currency, day?: string): number {
  if (from === to) return safeInteger(minor);
  const rate = day ? rates.at(day) : rates.latest();
  return from === 'EURO' ? rates.convert(minor, to, rate) : rates.toEuro(minor, from, rate);
}

export function displayMoney(rates: Rates, minor: number, from: Currency, to: Currency, day?: string) {
  return { value: toMajor(displayMinor(rates, minor, from, to, day)), curr: to };
}

/** A bigint or numeric column read as text by raw SQL, as an exact safe integer. */
export function integerOf(value: unknown): number {
  if (value === null || value === undefined) return 0;
  const big = BigInt(String(value));
  if (big > BigInt(Number.MAX_SAFE_INTEGER) || big < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`amount exceeds the safe integer range: ${big}`);
  }
  return safeInteger(Number(big));
}

/** A timestamp of a raw SQL row (a Date from node-postgres, or text). */
export function dateOf(value: unknown): Date {
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a timestamp: ${String(value)}`);
  return date;
}
