import type { Currency } from '@parcelle/shared/constants';
import { fillMessage } from '@parcelle/shared/i18n/messages';
import { MARKET } from '@parcelle/shared/market';
import { purchaseTotalMinor } from '@parcelle/shared/parts';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { inTransaction } from '../../db/retry';
import { listings, paintings, purchaseFills, purchases } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/errors';
import { recordReservations } from '../../observability/metrics';
import { Rates } from '../fx/rates';
import { requireSecondaryBuyer } from '../market/buyers';
import { type Listing, openListings, openListingsForUpdate, returnToSeller } from '../market/listings';
import { openSoldOutWorks } from '../market/sell-out';
import { onMarket } from '../market/state';
import { notEnoughParts, returnPrimaryParts } from '../market/stock';
import { putBackParts } from '../market/take-parts';
import { heldBy, moveParts } from '../parts/register';

export type Purchase = typeof purchases.$inferSelect;
type Painting = typeof paintings.$inferSelect;

/** The price of one part in the purchase's currency (minor units): EUR as stored, USD at today's rate. */
export async function unitPriceIn(tx: Executor, painting: Painting, currency: Currency): Promise<number> {
  if (currency === 'EURO') return painting.pricePerPartMinor;
  return (await Rates.load(tx)).convert(painting.pricePerPartMinor, currency);
}

export type Fill = { listing: Listing; quantity: number; unitPriceMinor: number };

export type Quote = {
  painting: Painting;
  available: number;
  unitPriceMinor: number;
  totalMinor: number;
  currency: Currency;
  /** Secondary market only: the listings taken, oldest first, with their price in the purchase's currency. */
  fills: Fill[];
};

/**
 * Takes parts from the oldest open listings first; each listing's price is converted to the purchase's currency.
 * The offer shown before buying (secondary/offer.ts + @parcelle/shared/secondary) prices the same way.
 */
export function fillFrom(open: Listing[], quantity: number, rates: Rates, currency: Currency): Fill[] {
  const fills: Fill[] = [];
  let left = quantity;
  for (const listing of open) {
    if (left === 0) break;
    const take = Math.min(left, listing.remaining);
    if (take === 0) continue;
    const unitPriceMinor =
      currency === 'EURO' ? listing.unitPriceMinor : rates.convert(listing.unitPriceMinor, currency);
    fills.push({ listing, quantity: take, unitPriceMinor });
    left -= take;
  }
  if (left > 0) throw badRequest('NotEnoughParts', 'total_part');
  return fills;
}

/**
 * Prices a request without side effects and refuses what could not be bought right now: the primary market sells
 * the primary stock at the work's part price; the secondary market sells members' listings (to primary holders
 * only), oldest first.
 */
export async function quotePurchase(
  tx: Executor,
  params: { paintingId: string; quantity: number; currency: Currency; buyerId: string },
  options: { lockListings?: boolean; sayWhatIsLeft?: boolean } = {},
): Promise<Quote> {
  const [painting] = await tx.select().from(paintings).where(eq(paintings.id, params.paintingId));
  if (!painting) throw notFound('PaintingNotFound');
  if (onMarket(painting, 'secondary')) {
    await requireSecondaryBuyer(tx, params.buyerId);
    const open = options.lockListings
      ? await openListingsForUpdate(tx, painting.id, params.buyerId)
      : await openListings(tx, painting.id, params.buyerId);
    const available = open.reduce((sum, listing) => sum + listing.remaining, 0);
    const fills = fillFrom(open, params.quantity, await Rates.load(tx), params.currency);
    const totalMinor = fills.reduce((sum, fill) => sum + purchaseTotalMinor(fill.unitPriceMinor, fill.quantity), 0);
    return {
      painting,
      available,
      unitPriceMinor: fills[0]?.unitPriceMinor ?? 0,
      totalMinor,
      currency: params.currency,
      fills,
    };
  }
  const refused = primarySaleRefusal(painting);
  if (refused) throw refused;
  const available = painting.totalParts - painting.soldParts;
  if (params.quantity > available) {
    // A reservation tells the member what is left (none, or how many); the check before paying keeps it short.
    throw options.sayWhatIsLeft ? notEnoughParts(available) : badRequest('NotEnoughParts', 'total_part');
  }
  const unitPriceMinor = await unitPriceIn(tx, painting, params.currency);
  return {
    painting,
    available,
    unitPriceMinor,
    totalMinor: purchaseTotalMinor(unitPriceMinor, params.quantity),
    currency: params.currency,
    fills: [],
  };
}

/** Why nothing of a work off the secondary market can be bought now (a draft, not on sale, not open yet), or null. */
export function primarySaleRefusal(painting: Painting): AppError | null {
  if (onMarket(painting, 'draft')) return notFound('PaintingNotFound');
  if (!onMarket(painting, 'primary')) return badRequest('PaintingNotOnSale', 'painting_id');
  // A scheduled opening (issue 15): nothing is bought before it.
  if (painting.opensAt && painting.opensAt.getTime() > Date.now()) {
    const when = painting.opensAt.toISOString().slice(0, 16).replace('T', ' ');
    return new AppError(400, 'SaleNotOpenYet', 'painting_id', fillMessage('SaleNotOpenYet', { opens_at: when }));
  }
  return null;
}

/**
 * The work a batch of reservations buys, read once: on the primary market locked (FOR NO KEY UPDATE, which purchases
 * referring to it do not wait for) when `lock`, so the batch decides on the stock no other transaction can change
 * before its COMMIT.
 */
export async function readWork(tx: Executor, paintingId: string, lock: boolean): Promise<Painting | undefined> {
  const query = tx.select().from(paintings).where(eq(paintings.id, paintingId));
  const [painting] = lock ? await query.for('no key update') : await query;
  return painting;
}

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

/** Parts of a painting still held by pending purchases (the secondary market opens only when none remain). */
export const reservedParts = (tx: Executor, paintingId: string) => heldBy(tx, paintingId, 'reserved');
