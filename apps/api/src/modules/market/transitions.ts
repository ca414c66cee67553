import { canTransition, MARKET, type MarketCause, type MarketState } from '@parcelle/shared/market';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paintings } from '../../db/schema';

export type MarketStep = { from: MarketState; to: MarketState; cause: MarketCause };

/**
 * The only writer of `paintings.market` (decision 400). Moves the works that match `where` and are still in
 * `step.from` to `step.to`, in one conditional UPDATE (so a work that moved meanwhile is left alone), and answers the
 * works moved. The step must be one of the table's (MARKET_STEPS in @parcelle/shared) for its cause: a sell-out only
 * ever opens the secondary market, an exit only ever marks a work sold; anything else is a programming error.
 * The caller holds whatever lock its rule needs (the work's row, for the operator's and the sell-out's checks).
 */
export async function moveMarket(
  tx: Executor,
  step: MarketStep,
  where: SQL | undefined,
  set: { opensAt?: Date | null } = {},
): Promise<{ id: string; opensAt: Date | null }[]> {
  if (!canTransition(step.from, step.to, step.cause)) {
    throw new Error(`market step ${step.from} → ${step.to} is not one a ${step.cause} may take`);
  }
  return tx
    .update(paintings)
    .set({ market: MARKET[step.to], ...set })
    .where(and(eq(paintings.market, MARKET[step.from]), where))
    .returning({ id: paintings.id, opensAt: paintings.opensAt });
}

/** Moves one work, which the caller has checked and locked in `step.from`; fails loudly if it was not there. */
export async function moveWork(
  tx: Executor,
  paintingId: string,
  step: MarketStep,
  set: { opensAt?: Date | null } = {},
): Promise<{ id: string; opensAt: Date | null }> {
  const [moved] = await moveMarket(tx, step, eq(paintings.id, paintingId), set);
  if (!moved) throw new Error(`work ${paintingId} was not in market ${step.from} when moved to ${step.to}`);
  return moved;
}
