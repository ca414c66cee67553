import type { Currency } from '@parcelle/shared/constants';
import type { PaymentMethod } from '@parcelle/shared/contracts/purchases';
import { purchaseTotalMinor } from '@parcelle/shared/parts';
import type { Executor } from '../../db/client';
import { purchaseFills, purchases } from '../../db/schema';
import { MARKET } from '../market/state';
import { primaryStockRefusal, takePrimaryParts } from '../market/stock';
import { takeParts } from '../market/take-parts';
import { moveParts, type PartLine } from '../parts/register';
import { newReference } from '../references/references';
import {
  asReservationConflict,
  beginLimitedReservation,
  checkReservationCaps,
  isLimited,
  type ReservationLimits,
} from './limits';
import { type Purchase, type Quote, quotePurchase, releasePurchase } from './reserve';

export type ReservationRequest = {
  userId: string;
  paintingId: string;
  quantity: number;
  currency: Currency;
  paymentMethod: PaymentMethod;
  ownerName: string;
  language: 'en' | 'fr';
  reservationMinutes: number;
  /** The caps on what a member may hold unpaid (card and PayPal only; decision 84). */
  limits: ReservationLimits;
};

/**
 * Reserving parts for a new purchase: the one way a purchase is reserved (every payment method, both markets), in the
 * caller's transaction, read top to bottom. Each step calls the module that owns what it touches: the member's
 * unpaid purchases (limits.ts), the work and its price (reserve.ts's quote), the register (parts), the listings and
 * the primary stock (market). `recordWith` is what the caller records with the purchase in the same transaction (the
 * investment warning's consent, the key information version, an Idempotency-Key's record); it runs before the stock
 * is taken, so on the primary market the work's row is locked by the last statement before COMMIT only.
 */
export async function reservePurchase(
  tx: Executor,
  request: ReservationRequest,
  recordWith?: (tx: Executor, purchase: Purchase) => Promise<void>,
): Promise<Purchase> {
  try {
    // 1. Card and PayPal: the member's row locked first (their requests take turns), their overdue reservations
    //    released, one unpaid purchase per work, the EUR value they already hold unpaid.
    const held = isLimited(request.paymentMethod)
      ? await beginLimitedReservation(tx, request, (inner, id) =>
          releasePurchase(inner, id, 'expired', 'reservation expired'),
        )
      : null;
    // 2. The work priced now: its primary stock at the part price, or its open listings (locked, oldest first).
    const quote = await quotePurchase(
      tx,
      { ...request, buyerId: request.userId },
      { lockListings: true, sayWhatIsLeft: true },
    );
    // 3. The caps of an unpaid reservation (decisions 84 and 237).
    if (held) {
      checkReservationCaps({
        quantity: request.quantity,
        partsOnSale: isPrimary(quote) ? quote.painting.totalParts : null,
        eurValueMinor: eurValueOf(quote, request.quantity),
        heldEurMinor: held.heldEurMinor,
        limits: request.limits,
      });
    }
    // 4. The purchase, awaiting payment until it expires.
    const purchase = await recordPurchase(tx, request, quote);
    // 5. Its parts: from the primary stock, or taken off each listing (its remaining parts) with the fill recorded;
    //    in the register, moved to the purchase's reservation.
    if (!isPrimary(quote)) {
      for (const fill of quote.fills) {
        await takeParts(tx, 'listing', fill.listing.id, fill.quantity);
        await tx.insert(purchaseFills).values({
          purchaseId: purchase.id,
          listingId: fill.listing.id,
          quantity: fill.quantity,
          unitPriceMinor: fill.unitPriceMinor,
        });
      }
    }
    await moveParts(tx, {
      paintingId: request.paintingId,
      reason: 'reserve',
      reference: purchase.reference,
      lines: [
        ...partsFrom(quote, request.quantity),
        { holder: { kind: 'reserved', purchaseId: purchase.id }, quantity: request.quantity },
      ],
    });
    // 6. What the caller records with the purchase.
    await recordWith?.(tx, purchase);
    // 7. Primary: the stock taken last, under its condition (market/stock.ts); too few parts left by the purchases
    //    committed since the quote (or the work changed) refuses, and the transaction rolls back whole.
    if (isPrimary(quote)) {
      const priced = quote.painting.pricePerPartMinor;
      if (!(await takePrimaryParts(tx, request.paintingId, request.quantity, priced))) {
        throw await primaryStockRefusal(tx, request.paintingId, priced);
      }
    }
    return purchase;
  } catch (error) {
    // A second unpaid purchase of the work that got past the checks anyway (the unique index refused it): 409.
    throw asReservationConflict(error, request.reservationMinutes);
  }
}

const isPrimary = (quote: Quote) => quote.painting.market === MARKET.primary;

/** The EUR value of a quote at the stored EUR prices (the work's part price, or each listing's price). */
function eurValueOf(quote: Quote, quantity: number): number {
  if (isPrimary(quote)) return purchaseTotalMinor(quote.painting.pricePerPartMinor, quantity);
  return quote.fills.reduce((sum, fill) => sum + purchaseTotalMinor(fill.listing.unitPriceMinor, fill.quantity), 0);
}

/** Where a reservation's parts leave in the register: the primary stock, or each listing taken. */
function partsFrom(quote: Quote, quantity: number): PartLine[] {
  if (isPrimary(quote)) return [{ holder: { kind: 'available' }, quantity: -quantity }];
  return quote.fills.map((fill) => ({
    holder: { kind: 'listed', listingId: fill.listing.id },
    quantity: -fill.quantity,
  }));
}

async function recordPurchase(tx: Executor, request: ReservationRequest, quote: Quote): Promise<Purchase> {
  const [purchase] = await tx
    .insert(purchases)
    .values({
      reference: newReference('purchase'),
      userId: request.userId,
      paintingId: request.paintingId,
      quantity: request.quantity,
      currency: request.currency,
      unitPriceMinor: quote.unitPriceMinor,
      totalMinor: quote.totalMinor,
      paymentMethod: request.paymentMethod,
      market: isPrimary(quote) ? MARKET.primary : MARKET.secondary,
      ownerName: request.ownerName.trim().replace(/\s+/g, ' '),
      language: request.language,
      expiresAt: new Date(Date.now() + request.reservationMinutes * 60_000),
    })
    .returning();
  if (!purchase) throw new Error('purchase not recorded');
  return purchase;
}
