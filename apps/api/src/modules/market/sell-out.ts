import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { paintings, purchases } from '../../db/schema';
import { onMarket } from './state';
import { moveMarket } from './transitions';

/** primary → secondary, taken by the sale itself (MARKET_STEPS' `sell-out` cause). */
const SELL_OUT = { from: 'primary', to: 'secondary', cause: 'sell-out' } as const;

/** Every primary part sold and none still held by a pending purchase. */
const soldOutWithNothingPending = and(
  sql`${paintings.soldParts} = ${paintings.totalParts}`,
  sql`NOT EXISTS (SELECT 1 FROM ${purchases} WHERE ${purchases.paintingId} = ${paintings.id} AND ${purchases.status} = 'pending')`,
);

/**
 * Sold out and nothing left pending: the work opens on the secondary market (spec §1), exactly once. Two payments
 * of a work's last parts settle at the same moment: each checked for pending purchases before the other committed,
 * saw it still pending, and the work stayed on the primary market with nothing left to buy. Every settlement of a
 * sold-out work now locks the work's row first, so they take turns; under READ COMMITTED the check is a new
 * statement, so the one that commits last sees every other one paid and moves the work.
 */
export async function openSecondaryIfSoldOut(tx: Executor, paintingId: string): Promise<boolean> {
  const [work] = await stockRead(tx).execute({ paintingId });
  if (!onMarket(work, 'primary') || work?.soldParts !== work?.totalParts) return false;
  await workLock(tx).execute({ paintingId });
  const moved = await moveMarket(tx, SELL_OUT, and(eq(paintings.id, paintingId), soldOutWithNothingPending));
  return moved.length > 0;
}

/** `openSecondaryIfSoldOut`'s reads, one per settlement batch: prepared (decision 544). */
const stockRead = preparedPerDatabase((db) =>
  db
    .select({ market: paintings.market, soldParts: paintings.soldParts, totalParts: paintings.totalParts })
    .from(paintings)
    .where(eq(paintings.id, sql.placeholder('paintingId')))
    .prepare('market_sold_out_read'),
);
const workLock = preparedPerDatabase((db) =>
  db
    .select({ id: paintings.id })
    .from(paintings)
    .where(eq(paintings.id, sql.placeholder('paintingId')))
    .for('no key update')
    .prepare('market_sold_out_lock'),
);

/**
 * The reservation sweep's catch-up: any work sold out with nothing pending that is still on the primary market (left
 * there by a release of the last pending purchase, or by the race above before it was fixed) opens its secondary.
 */
export async function openSoldOutWorks(db: Executor): Promise<number> {
  const moved = await moveMarket(db, SELL_OUT, soldOutWithNothingPending);
  return moved.length;
}
