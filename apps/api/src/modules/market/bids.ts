import type { Currency } from '@parcelle/shared/constants';
import { bidFillMoney, type MatchFill } from '@parcelle/shared/orderbook';
import { purchaseTotalMinor } from '@parcelle/shared/parts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bids } from '../../db/schema';
import { AppError } from '../../http/errors';
import { accountFor, type LedgerLine, postTransaction } from '../ledger/ledger';
import { memberCreditLines, memberDebitLines } from '../ledger/member-credits';
import { newReference } from '../references/references';

/**
 * A member's bids on the secondary market and the money they hold (decision 396): the market module is the only
 * writer of `bids`. A bid is opened here with its hold (the wallet's money moved to the member's `bid_hold` account),
 * parts are taken off it by `takeParts` (take-parts.ts) as trades fill it, each fill paid from the hold (`payFromHold`),
 * and it is closed here, cancelled or expired, what it still holds going back to the wallet. The checks and the locks
 * of the member's requests are secondary/orders.ts'.
 */
export type Bid = typeof bids.$inferSelect;

/** Bids are held in euros: the book's prices are in the base currency, so held and paid amounts stay exact. */
export const BOOK_CURRENCY = 'EURO' as const;

/** The requests' field a wallet too small for the parts is reported on (a bid's and an accepted ask's quantity). */
export const QUANTITY_FIELD = 'total_part';

/**
 * Opens a bid of `quantity` parts at up to `unitPriceMinor` (EUR minor units) until `expiresAt`: price × quantity is
 * moved from the buyer's wallet (exchanged into euros for a dollar wallet, decision 210; 400 InsufficientBalance when
 * it is short) to their bid hold, in one ledger transaction named by the bid's reference. The caller holds the book's
 * lock and has checked the buyer (a primary holder), the price bounds and the investor's warning.
 */
export async function openBid(
  tx: Executor,
  buyer: { id: string; currency: Currency },
  order: { paintingId: string; quantity: number; unitPriceMinor: number; expiresAt: Date },
): Promise<Bid> {
  const heldMinor = purchaseTotalMinor(order.unitPriceMinor, order.quantity);
  const paying = await memberDebitLines(tx, buyer, heldMinor, BOOK_CURRENCY, QUANTITY_FIELD);
  const [bid] = await tx
    .insert(bids)
    .values({
      reference: newReference('bid'),
      buyerId: buyer.id,
      paintingId: order.paintingId,
      quantity: order.quantity,
      remaining: order.quantity,
      unitPriceMinor: order.unitPriceMinor,
      expiresAt: order.expiresAt,
    })
    .returning();
  if (!bid) throw new Error('bid not recorded');
  await postTransaction(tx, {
    reference: bid.reference,
    description: `bid hold ${bid.quantity} parts`,
    lines: [
      ...paying,
      {
        accountId: await accountFor(tx, 'bid_hold', BOOK_CURRENCY, buyer.id),
        amountMinor: heldMinor,
        currency: BOOK_CURRENCY,
      },
    ],
  });
  return bid;
}

/** The money of a fill paid from a bid's hold: the seller gets the trade price, the buyer any difference back. */
export async function payFromHold(tx: Executor, bid: Bid, sellerId: string, fill: MatchFill, reference: string) {
  const money = bidFillMoney(bid.unitPriceMinor, fill);
  const lines: LedgerLine[] = [
    {
      accountId: await accountFor(tx, 'bid_hold', BOOK_CURRENCY, bid.buyerId),
      amountMinor: -money.held,
      currency: BOOK_CURRENCY,
    },
    // The seller is paid into their own wallet, exchanged when it is in dollars (ledger/member-credits.ts).
    ...(await memberCreditLines(tx, [{ userId: sellerId, amountMinor: money.paid }], BOOK_CURRENCY)),
  ];
  // What the trade's lower price leaves of the hold goes back to the buyer's wallet, in its currency.
  lines.push(...(await memberCreditLines(tx, [{ userId: bid.buyerId, amountMinor: money.returned }], BOOK_CURRENCY)));
  await postTransaction(tx, { reference, description: `secondary trade ${fill.quantity} parts (bid)`, lines });
}

/**
 * Closes an open bid as cancelled or expired and gives back what it still holds (its remaining parts at its price) to
 * the buyer's wallet. One conditional UPDATE: a bid no longer open (filled, or closed by another transaction) is
 * refused with 409 BidClosed, so it is never released twice.
 */
export async function closeBid(
  tx: Executor,
  bid: Bid,
  status: 'cancelled' | 'expired',
): Promise<{ bid: Bid; released: number }> {
  const [closed] = await tx
    .update(bids)
    .set({ status, remaining: 0, closedAt: new Date() })
    .where(and(eq(bids.id, bid.id), eq(bids.status, 'open')))
    .returning();
  if (!closed) throw new AppError(409, 'BidClosed');
  const released = purchaseTotalMinor(bid.unitPriceMinor, bid.remaining);
  if (released > 0) {
    await postTransaction(tx, {
      reference: bid.reference,
      description: `bid ${status}: ${bid.remaining} parts released`,
      lines: [
        {
          accountId: await accountFor(tx, 'bid_hold', BOOK_CURRENCY, bid.buyerId),
          amountMinor: -released,
          currency: BOOK_CURRENCY,
        },
        ...(await memberCreditLines(tx, [{ userId: bid.buyerId, amountMinor: released }], BOOK_CURRENCY)),
      ],
    });
  }
  return { bid: closed, released };
}
