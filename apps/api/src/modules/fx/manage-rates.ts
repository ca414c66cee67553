import type { TAdminSort } from '@parcelle/shared/contracts/admin';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { exchangeRates } from '../../db/schema';
import { sortedBy } from '../../db/sort';
import type { Member } from '../../http/authenticate';
import { audit } from '../admin/audit';

/**
 * The exchange rates as operators and the ECB job keep them (issue 15; the fx module, decision 407): the console's
 * list and an operator's or the job's rate of a day. Conversions read them through `Rates` (rates.ts).
 */
const pair = and(eq(exchangeRates.base, 'EURO'), eq(exchangeRates.quote, 'USD'));

export async function listRates(db: Executor, query: { limit: number; offset: number } & TAdminSort<'rates'>) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(exchangeRates)
      .where(pair)
      // The day is unique for the pair: it is the tie-breaker; a rate is exact decimal text, compared as a number.
      .orderBy(
        ...sortedBy(
          query,
          { day: exchangeRates.day, rate: sql`${exchangeRates.rate}::numeric`, source: exchangeRates.source },
          exchangeRates.day,
        ),
      )
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(exchangeRates).where(pair),
  ]);
  return { rates: rows, total: Number(total?.total ?? 0) };
}

/**
 * Writes the EUR→USD rate of a day (an operator's entry replaces whatever the day had, the job's included), audited
 * with the previous value. `actor` null: the ECB job, which never overwrites an operator's rate.
 */
export async function saveRate(db: Executor, actor: Member | null, day: string, rate: string) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(exchangeRates)
      .where(and(pair, eq(exchangeRates.day, day)))
      .for('update');
    const source = actor ? 'manual' : 'ecb';
    if (!actor && before?.source === 'manual') return before;
    const [after] = await tx
      .insert(exchangeRates)
      .values({ day, base: 'EURO', quote: 'USD', rate, source })
      .onConflictDoUpdate({
        target: [exchangeRates.base, exchangeRates.quote, exchangeRates.day],
        set: { rate, source },
      })
      .returning();
    if (!after) throw new Error('rate not saved');
    if (actor)
      await audit(tx, {
        actorId: actor.id,
        action: 'rate.set',
        targetType: 'exchange_rate',
        targetId: `EURO/USD/${day}`,
        ...(before && { before: { rate: before.rate, source: before.source } }),
        after: { rate, source },
      });
    return after;
  });
}
