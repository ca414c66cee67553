import type { Currency } from '@parcelle/shared/constants';
import type { MatchFill } from '@parcelle/shared/orderbook';
import { purchaseTotalMinor } from '@parcelle/shared/parts';
import type { Executor } from '../../db/client';
import { trades } from '../../db/schema';
import { postTransaction } from '../ledger/ledger';
import { memberCreditLines, memberDebitLines } from '../ledger/member-credits';
import { moveParts, type PartLine } from '../parts/register';
import { newReference } from '../references/references';
import { type Bid, BOOK_CURRENCY, payFromHold, QUANTITY_FIELD } from './bids';
import type { Listing } from './listings';
import { takeParts } from './take-parts';

/**
 * The trades of the order book (decision 396): the market module is the only writer of `trades`. Each of the three
 * ways members trade is one function here, which records the trade, takes the parts off the orders (`takeParts`),
 * moves them in the register and pays the seller, in that order, in the caller's transaction. The caller (the
 * matching and the bulletin board's acceptances, secondary/orders.ts) holds the book's lock and the orders' locks,
 * and has checked the members; what each answers is what the order events tell (the trade, the parts left).
 */
export type Trade = typeof trades.$inferSelect;

async function recordTrade(
  tx: Executor,
  values: {
    paintingId: string;
    bid: Bid | null;
    listing: Listing | null;
    buyerId: string;
    sellerId: string;
    quantity: number;
    unitPriceMinor: number;
  },
): Promise<Trade> {
  const [trade] = await tx
    .insert(trades)
    .values({
      reference: newReference('trade'),
      paintingId: values.paintingId,
      bidId: values.bid?.id ?? null,
      listingId: values.listing?.id ?? null,
      buyerId: values.buyerId,
      sellerId: values.sellerId,
      quantity: values.quantity,
      unitPriceMinor: values.unitPriceMinor,
    })
    .returning();
  if (!trade) throw new Error('trade not recorded');
  return trade;
}

/**
 * One fill between a listing and a bid (the matching): the listed parts go to the buyer's secondary lot, paid from
 * the bid's hold. Answers the trade and what is left of each order.
 */
export async function tradeListingWithBid(
  tx: Executor,
  listing: Listing,
  bid: Bid,
  fill: MatchFill,
): Promise<{ trade: Trade; listingLeft: number; bidLeft: number }> {
  const trade = await recordTrade(tx, {
    paintingId: listing.paintingId,
    bid,
    listing,
    buyerId: bid.buyerId,
    sellerId: listing.sellerId,
    quantity: fill.quantity,
    unitPriceMinor: fill.unitPriceMinor,
  });
  const listingLeft = await takeParts(tx, 'listing', listing.id, fill.quantity);
  const bidLeft = await takeParts(tx, 'bid', bid.id, fill.quantity);
  await moveParts(tx, {
    paintingId: listing.paintingId,
    reason: 'trade',
    reference: trade.reference,
    lines: [
      { holder: { kind: 'listed', listingId: listing.id }, quantity: -fill.quantity },
      { holder: { kind: 'member', userId: bid.buyerId, lot: 'secondary' }, quantity: fill.quantity },
    ],
  });
  await payFromHold(tx, bid, listing.sellerId, fill, trade.reference);
  return { trade, listingLeft, bidLeft };
}

/**
 * A member buys `quantity` parts of one listing at its price (an accepted ask, bulletin-board mode), paid from their
 * wallet (a dollar wallet at the day's rate; 400 InsufficientBalance when short) to the seller's. Answers the trade
 * and what is left of the listing.
 */
export async function buyFromListing(
  tx: Executor,
  buyer: { id: string; currency: Currency },
  listing: Listing,
  quantity: number,
): Promise<{ trade: Trade; left: number }> {
  const paid = purchaseTotalMinor(listing.unitPriceMinor, quantity);
  const paying = await memberDebitLines(tx, buyer, paid, BOOK_CURRENCY, QUANTITY_FIELD);
  const trade = await recordTrade(tx, {
    paintingId: listing.paintingId,
    bid: null,
    listing,
    buyerId: buyer.id,
    sellerId: listing.sellerId,
    quantity,
    unitPriceMinor: listing.unitPriceMinor,
  });
  const left = await takeParts(tx, 'listing', listing.id, quantity);
  await moveParts(tx, {
    paintingId: listing.paintingId,
    reason: 'trade',
    reference: trade.reference,
    lines: [
      { holder: { kind: 'listed', listingId: listing.id }, quantity: -quantity },
      { holder: { kind: 'member', userId: buyer.id, lot: 'secondary' }, quantity },
    ],
  });
  await postTransaction(tx, {
    reference: trade.reference,
    description: `secondary trade ${quantity} parts (ask accepted)`,
    lines: [
      ...paying,
      ...(await memberCreditLines(tx, [{ userId: listing.sellerId, amountMinor: paid }], BOOK_CURRENCY)),
    ],
  });
  return { trade, left };
}

/**
 * A member sells `quantity` parts they hold into one bid at its price (an accepted bid, bulletin-board mode), paid
 * from the bid's hold. The parts leave the seller's primary lot first (`fromPrimary` of them, as listing does), then
 * the secondary lot; the caller has checked the seller holds them. Answers the trade and what is left of the bid.
 */
export async function sellIntoBid(
  tx: Executor,
  bid: Bid,
  seller: { id: string; fromPrimary: number },
  quantity: number,
): Promise<{ trade: Trade; left: number }> {
  const trade = await recordTrade(tx, {
    paintingId: bid.paintingId,
    bid,
    listing: null,
    buyerId: bid.buyerId,
    sellerId: seller.id,
    quantity,
    unitPriceMinor: bid.unitPriceMinor,
  });
  const left = await takeParts(tx, 'bid', bid.id, quantity);
  const lines: PartLine[] = [{ holder: { kind: 'member', userId: bid.buyerId, lot: 'secondary' }, quantity }];
  if (seller.fromPrimary > 0) {
    lines.push({ holder: { kind: 'member', userId: seller.id, lot: 'primary' }, quantity: -seller.fromPrimary });
  }
  if (quantity - seller.fromPrimary > 0) {
    lines.push({
      holder: { kind: 'member', userId: seller.id, lot: 'secondary' },
      quantity: seller.fromPrimary - quantity,
    });
  }
  await moveParts(tx, { paintingId: bid.paintingId, reason: 'trade', reference: trade.reference, lines });
  await payFromHold(
    tx,
    bid,
    seller.id,
    { restingId: bid.id, quantity, unitPriceMinor: bid.unitPriceMinor },
    trade.reference,
  );
  return { trade, left };
}
