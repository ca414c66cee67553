import { type Currency, divideRounded } from '@parcelle/shared';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paintings } from '../../db/schema';
import { AppError } from '../../http/errors';
import { valueHistories } from '../catalogue/value-history';
import type { Rates } from '../fx/rates';

/**
 * The value of one part of a work, which price alerts watch (issue 17): the work's latest current appraisal divided
 * by its parts (half-even), or, before any appraisal, its price per part; in the asked currency, minor units,
 * converted with the latest EUR→USD rate. So it moves with a new or corrected appraisal and with the rate.
 */
export type PartValueSource = {
  pricePerPartMinor: number;
  totalParts: number;
  appraisal?: { valueMinor: number; currency: Currency };
};

/** The value of one part in `currency`, or null when it needs a rate and none is known. */
export function partValueIn(rates: Rates, work: PartValueSource, currency: Currency): number | null {
  try {
    if (!work.appraisal) return rates.exchange(work.pricePerPartMinor, 'EURO', currency);
    const whole = rates.exchange(work.appraisal.valueMinor, work.appraisal.currency, currency);
    return Number(divideRounded(BigInt(whole), BigInt(work.totalParts)));
  } catch (error) {
    if (error instanceof AppError && error.key === 'RateUnavailable') return null;
    throw error;
  }
}

/** What partValueIn needs of each of these works, read at once. */
export async function partValueSources(db: Executor, ids: string[]): Promise<Map<string, PartValueSource>> {
  const sources = new Map<string, PartValueSource>();
  if (ids.length === 0) return sources;
  const [works, histories] = await Promise.all([
    db
      .select({ id: paintings.id, pricePerPartMinor: paintings.pricePerPartMinor, totalParts: paintings.totalParts })
      .from(paintings)
      .where(inArray(paintings.id, ids)),
    valueHistories(db, ids),
  ]);
  for (const work of works) {
    const latest = histories.get(work.id)?.at(-1);
    sources.set(work.id, {
      pricePerPartMinor: work.pricePerPartMinor,
      totalParts: work.totalParts,
      ...(latest && { appraisal: { valueMinor: latest.valueMinor, currency: latest.currency } }),
    });
  }
  return sources;
}
