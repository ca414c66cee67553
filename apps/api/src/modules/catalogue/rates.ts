import { type Currency, convertMinor, type Rate, toMajor } from '@parcelle/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { exchangeRates } from '../../db/schema';

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

  /** The EUR→USD rate in force on `day` (YYYY-MM-DD): the latest dated on or before it, else the earliest. */
  at(day: string): Rate {
    let found = this.rows[0];
    for (const row of this.rows) {
      if (row.day <= day) found = row;
      else break;
    }
    // Without any rate, amounts in USD equal amounts in EUR rather than failing the page.
    return found?.rate ?? '1';
  }

  latest(): Rate {
    return this.at(new Date().toISOString().slice(0, 10));
  }

  forYear(year: number): Rate {
    return this.at(`${year}-12-31`);
  }

  /** EUR minor units in the asked currency, still in minor units. */
  convert(minorEur: number, currency: Currency, rate: Rate = this.latest()): number {
    return convertMinor(minorEur, 'EURO', currency, rate);
  }

  /** `{ value, curr }` for display: value in major units, computed from the converted integer. */
  money(minorEur: number, currency: Currency, rate: Rate = this.latest()) {
    return { value: toMajor(this.convert(minorEur, currency, rate)), curr: currency };
  }

  /** An amount stored in another currency, as EUR minor units (the inverse of the rate). */
  toEuro(minor: number, from: Currency, rate: Rate = this.latest()): number {
    if (from === 'EURO') return minor;
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
