import { type Currency, convertMinor, type Rate, toMajor } from '@parcelle/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { exchangeRates } from '../../db/schema';
import { AppError } from '../../http/errors';

/**
 * What `at` answers when no EUR→USD rate is known at all (issue 15). It is never converted with: amounts in EUR
 * need no rate, and any conversion to or from USD with it throws 503 RateUnavailable ("price unavailable in USD")
 * rather than treating one euro as one dollar.
 */
export const NO_RATE = 'unavailable';

function usable(rate: Rate): Rate {
  if (rate === NO_RATE) throw new AppError(503, 'RateUnavailable', 'currency');
  return rate;
}

/**
 * Prices are stored in EUR minor units; answers convert them to the asked currency with the dated
 * EUR→USD rate (integer arithmetic, convertMinor). The table is small (one rate per day at most, a few
 * per year in practice), so a request reads it once.
 */
export class Rates {
  constructor(private readonly rows: { day: string; rate: string }[]) {}

  static async load(db: Executor): Promise<Rates> {
    const rows = await db
      .select({ day: exchangeRates.day, rate: exchangeRates.rate })
      .from(exchangeRates)
      .where(and(eq(exchangeRates.base, 'EURO'), eq(exchangeRates.quote, 'USD')))
      .orderBy(asc(exchangeRates.day));
    return new Rates(rows);
  }

  /**
   * The EUR→USD rate in force on `day` (YYYY-MM-DD): the latest dated on or before it, else the earliest; NO_RATE
   * when the table has none (a conversion with it fails, see NO_RATE).
   */
  at(day: string): Rate {
    let found = this.rows[0];
    for (const row of this.rows) {
      if (row.day <= day) found = row;
      else break;
    }
    return found?.rate ?? NO_RATE;
  }

  /** Whether any EUR→USD rate is known (without one, only EUR amounts can be shown). */
  get known(): boolean {
    return this.rows.length > 0;
  }

  latest(): Rate {
    return this.at(new Date().toISOString().slice(0, 10));
  }

  forYear(year: number): Rate {
    return this.at(`${year}-12-31`);
  }

  /** EUR minor units in the asked currency, still in minor units. */
  convert(minorEur: number, currency: Currency, rate: Rate = this.latest()): number {
    // Within EUR the rate is never read, so EUR prices stay available without any rate.
    return convertMinor(minorEur, 'EURO', currency, currency === 'EURO' ? rate : usable(rate));
  }

  /** `{ value, curr }` for display: value in major units, computed from the converted integer. */
  money(minorEur: number, currency: Currency, rate: Rate = this.latest()) {
    return { value: toMajor(this.convert(minorEur, currency, rate)), curr: currency };
  }

  /** Minor units of `from` in `to` (EUR↔USD at `rate`; unchanged within one currency). */
  exchange(minor: number, from: Currency, to: Currency, rate: Rate = this.latest()): number {
    if (from === to) return minor;
    return from === 'EURO' ? this.convert(minor, to, rate) : this.toEuro(minor, from, rate);
  }

  /** An amount stored in another currency, as EUR minor units (the inverse of the rate). */
  toEuro(minor: number, from: Currency, rate: Rate = this.latest()): number {
    if (from === 'EURO') return minor;
    usable(rate);
    if (typeof rate !== 'string') {
      return convertMinor(minor, 'USD', 'EURO', { numerator: rate.denominator, denominator: rate.numerator });
    }
    const [whole = '0', fraction = ''] = rate.split('.');
    return convertMinor(minor, 'USD', 'EURO', {
      numerator: 10n ** BigInt(fraction.length),
      denominator: BigInt(whole + fraction),
    });
  }
}
