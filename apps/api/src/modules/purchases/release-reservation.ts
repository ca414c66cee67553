import { MARKET } from '@parcelle/shared/market';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { inTransaction } from '../../db/retry';
import { listings, purchaseFills, purchases } from '../../db/schema';
import { recordReservations } from '../../observability/metrics';
import { returnToSeller } from '../market/listings';
import { openSoldOutWorks } from '../market/sell-out';
import { returnPrimaryParts } from '../market/stock';
import { putBackParts } from '../market/take-parts';
import { moveParts } from '../parts/register';
import type { Purchase } from './reserve';

/**
 * Releasing a reservation (issue 28's workflow step `release-reservation`): a pending purchase that expired, was
 * cancelled by its member or was refused by its provider gives its parts back, to the primary stock or to the
 * listings it took them from, in the caller's transaction; `releaseExpired` is the reservation job's sweep. The other
 * steps: reserve-purchase.ts (reserve), settle-payment.ts (settle), refund-late-payment.ts (a payment after release).
 */

/** Gives a secondary purchase's parts back to their listings (or to the seller when a listing was withdrawn). */
async function releaseToListings(tx: Executor, purchase: Purchase): Promise<void> {
  const fills = await tx.select().from(purchaseFills).where(eq(purchaseFills.purchaseId, purchase.id));
  for (const fill of fills) {
    const [listing] = await tx.select().from(listings).where(eq(listings.id, fill.listingId)).for('update');
    if (!listing) continue;
    const from = { kind: 'reserved' as const, purchaseId: purchase.id };
    if (listing.status === 'withdrawn') {
      await returnToSeller(tx, listing, fill.quantity, purchase.reference, from);
      continue;
    }
    await putBackParts(tx, listing.id, fill.quantity);
    await moveParts(tx, {
      paintingId: purchase.paintingId,
      reason: 'release',
      reference: purchase.reference,
      lines: [
        { holder: from, quantity: -fill.quantity },
        { holder: { kind: 'listed', listingId: listing.id }, quantity: fill.quantity },
      ],
    });
  }
}

/**
 * Gives a pending purchase's parts back to the stock (expired or abandoned), once: the status changes only from
 * pending, so a second release does nothing. Returns whether it released.
 */
export async function releasePurchase(
  tx: Executor,
  purchaseId: string,
  status: 'expired' | 'failed',
  reason: string,
): Promise<boolean> {
  const [released] = await tx
    .update(purchases)
    .set({ status, failureReason: reason })
    .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'pending')))
    .returning();
  if (!released) return false;
  if (released.market === MARKET.secondary) {
    await releaseToListings(tx, released);
    return true;
  }
  await moveParts(tx, {
    paintingId: released.paintingId,
    reason: status === 'expired' ? 'release' : 'fail',
    reference: released.reference,
    lines: [
      { holder: { kind: 'reserved', purchaseId: released.id }, quantity: -released.quantity },
      { holder: { kind: 'available' }, quantity: released.quantity },
    ],
  });
  await returnPrimaryParts(tx, released.paintingId, released.quantity);
  return true;
}

/**
 * Releases every pending purchase past its expiry (the reservation job). SKIP LOCKED lets several workers run
 * it at once, and never waits on a purchase being paid right now. Then any sold-out work left on the primary market
 * with nothing pending opens its secondary market (market/sell-out.ts).
 */
export async function releaseExpired(
  db: Executor,
  now = new Date(),
  /** Told, after each batch committed, the works whose parts came back (catalogue changes, issue 16). */
  announce: (paintingId: string) => void = () => {},
): Promise<number> {
  let released = 0;
  for (;;) {
    const batch = await inTransaction(db, async (tx) => {
      const due = await tx
        .select({ id: purchases.id, paintingId: purchases.paintingId })
        .from(purchases)
        .where(and(eq(purchases.status, 'pending'), sql`${purchases.expiresAt} <= ${now.toISOString()}`))
        .limit(50)
        .for('update', { skipLocked: true });
      let count = 0;
      for (const row of due) if (await releasePurchase(tx, row.id, 'expired', 'reservation expired')) count++;
      return { found: due.length, count, works: new Set(due.map((row) => row.paintingId)) };
    });
    for (const paintingId of batch.works) announce(paintingId);
    released += batch.count;
    recordReservations('expired', batch.count);
    if (batch.found < 50) break;
  }
  await openSoldOutWorks(db);
  return released;
}
