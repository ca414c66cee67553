import type { TRiskWarningConsent } from '@parcelle/shared/contracts/investor';
import { type MatchFill, matchIncoming, type RestingOrder } from '@parcelle/shared/orderbook';
import { purchaseTotalMinor } from '@parcelle/shared/parts';
import { and, asc, count, desc, eq, gt, gte, lte, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { inTransaction } from '../../db/retry';
import { bids, listings, paintings, users } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError, badRequest, notFound } from '../../http/errors';
import { checkStepUp, type StepUpProof, TRADE_CODE } from '../auth/step-up';
import { confirmInvestmentWarning, requireInvestorReady } from '../investor/gate';
import { type Bid, BOOK_CURRENCY, closeBid, openBid } from '../market/bids';
import { requireSecondaryBuyer } from '../market/buyers';
import type { Listing } from '../market/listings';
import { onMarket } from '../market/state';
import { buyFromListing, sellIntoBid, type Trade, tradeListingWithBid } from '../market/trades';
import { sellableHolding } from '../purchases/reflection';
import { requireVerified } from '../verification/gate';
import { checkPriceBounds, matchesAutomatically, readMarketSettings } from './market-settings';
import { notifyOrderEvents, type OrderEvent, publishOrderEvents } from './order-events';

/**
 * The order book of the secondary market (issue 17): the member's requests and the matching. Asks are listings
 * (listings.ts), bids hold their money in the
 * buyer's `bid_hold` ledger account. In the `matching` mode an incoming order meets the resting orders of the other
 * side at once, by price-time priority (`matchIncoming`, @parcelle/shared/orderbook); in the `bulletin_board` mode
 * (EU 2020/1503 art. 25) orders rest, and a member accepts one specific ask or bid.
 *
 * Concurrency: every change to a work's book (an ask, a bid, an acceptance) first locks the work's row (`lockBook`),
 * so two orders of one work never match at the same moment — without it, an ask and a crossing bid placed at once
 * would each miss the other (neither sees the other's uncommitted row) and both rest, crossed. The resting orders are
 * then locked too (FOR UPDATE, in price-time order, as the secondary purchases lock listings).
 *
 * The rows themselves are the market module's (decision 396): a bid is opened and closed by market/bids.ts, a trade
 * recorded with its parts and money by market/trades.ts. This file checks the member, takes the locks, runs the
 * engine and tells the members.
 */

type Painting = typeof paintings.$inferSelect;

/** The guard of a work's book: its row locked for the rest of the transaction. Only market 3 trades. */
export async function lockBook(tx: Executor, paintingId: string): Promise<Painting> {
  const [painting] = await tx.select().from(paintings).where(eq(paintings.id, paintingId)).for('no key update');
  if (!painting || onMarket(painting, 'draft')) throw notFound('PaintingNotFound');
  if (!onMarket(painting, 'secondary')) throw badRequest('SaleNotOpen', 'painting_id');
  return painting;
}

const resting = (order: { id: string; unitPriceMinor: number; remaining: number; createdAt: Date }, ownerId: string) =>
  ({
    id: order.id,
    ownerId,
    unitPriceMinor: order.unitPriceMinor,
    remaining: order.remaining,
    createdAt: order.createdAt.getTime(),
  }) satisfies RestingOrder;

const filled = (
  side: 'ask' | 'bid',
  memberId: string,
  order: { id: string; reference: string },
  trade: Trade,
  remaining: number,
): OrderEvent => ({
  kind: 'filled',
  side,
  memberId,
  paintingId: trade.paintingId,
  orderId: order.id,
  orderReference: order.reference,
  tradeReference: trade.reference,
  quantity: trade.quantity,
  unitPriceMinor: trade.unitPriceMinor,
  remaining,
});

/** One fill between a listing and a bid (market/trades.ts), told to both members. */
async function fillListingWithBid(
  tx: Executor,
  listing: Listing,
  bid: Bid,
  fill: MatchFill,
): Promise<{ trade: Trade; events: OrderEvent[] }> {
  const { trade, listingLeft, bidLeft } = await tradeListingWithBid(tx, listing, bid, fill);
  return {
    trade,
    events: [
      filled('ask', listing.sellerId, listing, trade, listingLeft),
      filled('bid', bid.buyerId, bid, trade, bidLeft),
    ],
  };
}

type Matched = { trades: Trade[]; events: OrderEvent[] };

/** Makes the engine's fills into trades, one after another, each against the resting order it names. */
async function tradeFills<Resting extends { id: string }>(
  fills: MatchFill[],
  resting: Resting[],
  trade: (order: Resting, fill: MatchFill) => Promise<{ trade: Trade; events: OrderEvent[] }>,
): Promise<Matched> {
  const byId = new Map(resting.map((order) => [order.id, order]));
  const matched: Matched = { trades: [], events: [] };
  for (const fill of fills) {
    const order = byId.get(fill.restingId);
    if (!order) throw new Error(`the engine named an order it was not given: ${fill.restingId}`);
    const done = await trade(order, fill);
    matched.trades.push(done.trade);
    matched.events.push(...done.events);
  }
  return matched;
}

/** An incoming bid meets the open asks at or under its price, cheapest then oldest first. */
async function matchBid(tx: Executor, bid: Bid): Promise<Matched> {
  const asks = await tx
    .select()
    .from(listings)
    .where(
      and(
        eq(listings.paintingId, bid.paintingId),
        eq(listings.status, 'open'),
        lte(listings.unitPriceMinor, bid.unitPriceMinor),
        ne(listings.sellerId, bid.buyerId),
      ),
    )
    .orderBy(asc(listings.unitPriceMinor), asc(listings.createdAt), asc(listings.id))
    .for('update');
  const fills = matchIncoming(
    { side: 'bid', ownerId: bid.buyerId, unitPriceMinor: bid.unitPriceMinor, quantity: bid.remaining },
    asks.map((ask) => resting(ask, ask.sellerId)),
  );
  return tradeFills(fills, asks, (ask, fill) => fillListingWithBid(tx, ask, bid, fill));
}

/** The open bids not yet expired, as the matching and the book see them. */
const liveBid = (now: Date) => and(eq(bids.status, 'open'), gt(bids.expiresAt, now));

/** An incoming ask (a new listing) meets the open bids at or above its price, highest then oldest first. */
export async function matchAsk(tx: Executor, listing: Listing, now = new Date()): Promise<Matched> {
  const open = await tx
    .select()
    .from(bids)
    .where(
      and(
        eq(bids.paintingId, listing.paintingId),
        liveBid(now),
        gte(bids.unitPriceMinor, listing.unitPriceMinor),
        ne(bids.buyerId, listing.sellerId),
      ),
    )
    .orderBy(desc(bids.unitPriceMinor), asc(bids.createdAt), asc(bids.id))
    .for('update');
  const fills = matchIncoming(
    { side: 'ask', ownerId: listing.sellerId, unitPriceMinor: listing.unitPriceMinor, quantity: listing.remaining },
    open.map((bid) => resting(bid, bid.buyerId)),
  );
  return tradeFills(fills, open, (bid, fill) => fillListingWithBid(tx, listing, bid, fill));
}

/** Runs an order's matching when the market matches automatically; in bulletin-board mode the order rests. */

/**
 * POST /paintings/bids: a member (holding primary parts, spec §1) bids for parts of a market-3 work. The price is
 * within the operators' bounds; price × quantity is moved from the member's wallet (exchanged into euros for a
 * dollar wallet) to their bid hold; then, in the matching mode, the bid meets the open asks.
 */
export async function placeBid(
  ctx: AppContext,
  member: Member,
  request: {
    painting_id: string;
    total_part: number;
    price_per_part_minor: number;
    expires_in_days: number;
    risk_warning_consent?: TRiskWarningConsent | undefined;
  } & StepUpProof,
  context: { sessionId?: string } = {},
): Promise<{ bid: Bid; trades: Trade[] }> {
  // Identity verification first (issue 29): nothing moves for a member not approved, and no code is spent.
  await requireVerified(ctx.database.db, member.id);
  // Then the investor's steps (issue 30); a bid above the member's threshold needs the warning's consent, checked
  // before the code is spent and recorded with the bid.
  const bidMinor = purchaseTotalMinor(request.price_per_part_minor, request.total_part);
  const warning = {
    amountMinor: bidMinor,
    currency: BOOK_CURRENCY,
    consent: request.risk_warning_consent,
    language: member.language,
    sessionId: context.sessionId ?? null,
    reference: request.painting_id,
  };
  const investor = await requireInvestorReady(ctx.database.db, member.id, {
    action: 'bid',
    rules: ctx.config.investor,
    ...warning,
    record: false,
  });
  const stepUp = await checkStepUp(ctx, member, request, TRADE_CODE);
  const result = await inTransaction(ctx.database.db, async (tx) => {
    const painting = await lockBook(tx, request.painting_id);
    await requireSecondaryBuyer(tx, member.id);
    const settings = await readMarketSettings(tx);
    checkPriceBounds(settings, painting.pricePerPartMinor, request.price_per_part_minor, 'price_per_part_minor');
    await confirmInvestmentWarning(tx, investor, ctx.config.investor, warning);
    // From the member's own wallet, exchanged into euros at the day's rate when it is in dollars (decision 210).
    const bid = await openBid(tx, member, {
      paintingId: painting.id,
      quantity: request.total_part,
      unitPriceMinor: request.price_per_part_minor,
      expiresAt: new Date(Date.now() + request.expires_in_days * 86_400_000),
    });
    const matched = matchesAutomatically(settings) ? await matchBid(tx, bid) : { trades: [], events: [] };
    // Spent last, after the book's and the wallet's locks (the order every spending transaction takes).
    await stepUp.spend(tx);
    await notifyOrderEvents(ctx, tx, matched.events);
    const [current] = await tx.select().from(bids).where(eq(bids.id, bid.id));
    return { bid: current ?? bid, ...matched };
  });
  publishOrderEvents(ctx, result.bid.paintingId, result.events);
  return { bid: result.bid, trades: result.trades };
}

/** POST /paintings/bids/:reference/cancel: the member's own open bid; its held funds go back to the wallet. */
export async function cancelBid(ctx: AppContext, member: Member, reference: string): Promise<Bid> {
  const closed = await inTransaction(ctx.database.db, async (tx) => {
    const [found] = await tx
      .select({ paintingId: bids.paintingId })
      .from(bids)
      .where(and(eq(bids.reference, reference), eq(bids.buyerId, member.id)));
    if (!found) throw notFound('BidNotFound');
    // The book's lock first, as every change to it takes them (no deadlock with a matching order).
    await tx
      .select({ id: paintings.id })
      .from(paintings)
      .where(eq(paintings.id, found.paintingId))
      .for('no key update');
    const [bid] = await tx.select().from(bids).where(eq(bids.reference, reference)).for('update');
    if (!bid) throw notFound('BidNotFound');
    if (bid.status !== 'open') throw new AppError(409, 'BidClosed');
    return (await closeBid(tx, bid, 'cancelled')).bid;
  });
  publishOrderEvents(ctx, closed.paintingId, []);
  return closed;
}

/**
 * Releases every open bid past its expiry (the reservation sweep runs it, purchases/reservation-job.ts). SKIP LOCKED
 * leaves a bid being matched right now to the next sweep; the matching itself never takes an expired bid.
 */
export async function releaseExpiredBids(ctx: AppContext, now = new Date()): Promise<number> {
  let released = 0;
  for (;;) {
    const batch = await inTransaction(ctx.database.db, async (tx) => {
      const due = await tx
        .select()
        .from(bids)
        .where(and(eq(bids.status, 'open'), lte(bids.expiresAt, now)))
        .orderBy(asc(bids.expiresAt))
        .limit(50)
        .for('update', { skipLocked: true });
      const events: OrderEvent[] = [];
      for (const bid of due) {
        const closed = await closeBid(tx, bid, 'expired');
        events.push({
          kind: 'expired',
          memberId: bid.buyerId,
          paintingId: bid.paintingId,
          orderId: bid.id,
          orderReference: bid.reference,
          remaining: bid.remaining,
          unitPriceMinor: bid.unitPriceMinor,
          releasedMinor: closed.released,
        });
      }
      await notifyOrderEvents(ctx, tx, events);
      return { found: due.length, events };
    });
    for (const paintingId of new Set(batch.events.map((event) => event.paintingId))) {
      publishOrderEvents(
        ctx,
        paintingId,
        batch.events.filter((event) => event.paintingId === paintingId),
      );
    }
    released += batch.events.length;
    if (batch.found < 50) return released;
  }
}

/**
 * POST /paintings/sale/:reference/accept (bulletin-board mode): a member buys parts of one specific ask at its price,
 * paid from their wallet (a dollar wallet at the day's rate).
 */
export async function acceptAsk(
  ctx: AppContext,
  member: Member,
  reference: string,
  request: { total_part: number; risk_warning_consent?: TRiskWarningConsent | undefined } & StepUpProof,
  context: { sessionId?: string } = {},
): Promise<Trade[]> {
  const quantity = request.total_part;
  // Identity verification first (issue 29): nothing moves for a member not approved, and no code is spent.
  await requireVerified(ctx.database.db, member.id);
  // Buying an ask is an investment (issue 30): the investor's steps, then the warning on the price paid (below).
  const investor = await requireInvestorReady(ctx.database.db, member.id, {
    action: 'accept',
    rules: ctx.config.investor,
  });
  const stepUp = await checkStepUp(ctx, member, request, TRADE_CODE);
  const result = await inTransaction(ctx.database.db, async (tx) => {
    const [found] = await tx.select().from(listings).where(eq(listings.reference, reference));
    if (!found) throw notFound('ListingNotFound');
    await lockBook(tx, found.paintingId);
    if (matchesAutomatically(await readMarketSettings(tx))) throw new AppError(409, 'AcceptNeedsBulletinBoard');
    await requireSecondaryBuyer(tx, member.id);
    const [listing] = await tx.select().from(listings).where(eq(listings.id, found.id)).for('update');
    if (listing?.status !== 'open') throw new AppError(409, 'ListingClosed');
    if (listing.sellerId === member.id) throw badRequest('OwnOrder', 'total_part');
    if (quantity > listing.remaining) throw badRequest('NotEnoughParts', 'total_part');
    const paid = purchaseTotalMinor(listing.unitPriceMinor, quantity);
    await confirmInvestmentWarning(tx, investor, ctx.config.investor, {
      amountMinor: paid,
      currency: BOOK_CURRENCY,
      consent: request.risk_warning_consent,
      language: member.language,
      sessionId: context.sessionId ?? null,
      reference: listing.reference,
    });
    const { trade, left } = await buyFromListing(tx, member, listing, quantity);
    const events = [filled('ask', listing.sellerId, listing, trade, left)];
    await stepUp.spend(tx);
    await notifyOrderEvents(ctx, tx, events);
    return { trade, events };
  });
  publishOrderEvents(ctx, result.trade.paintingId, result.events);
  return [result.trade];
}

/**
 * POST /paintings/bids/:reference/accept (bulletin-board mode): a member sells parts they hold into one specific bid
 * at its price, paid from the bid's hold. Parts leave the seller's primary lot first, as listing does.
 */
export async function acceptBid(
  ctx: AppContext,
  member: Member,
  reference: string,
  request: { total_part: number } & StepUpProof,
): Promise<Trade[]> {
  const quantity = request.total_part;
  // Identity verification first (issue 29): nothing moves for a member not approved, and no code is spent.
  await requireVerified(ctx.database.db, member.id);
  // Selling into a bid is never held back by the investor's protections (decision 304).
  await requireInvestorReady(ctx.database.db, member.id, { action: 'ask', rules: ctx.config.investor });
  const stepUp = await checkStepUp(ctx, member, request, TRADE_CODE);
  const result = await inTransaction(ctx.database.db, async (tx) => {
    const [found] = await tx.select().from(bids).where(eq(bids.reference, reference));
    if (!found) throw notFound('BidNotFound');
    await lockBook(tx, found.paintingId);
    if (matchesAutomatically(await readMarketSettings(tx))) throw new AppError(409, 'AcceptNeedsBulletinBoard');
    await tx.select({ id: users.id }).from(users).where(eq(users.id, member.id)).for('no key update');
    const [bid] = await tx.select().from(bids).where(eq(bids.id, found.id)).for('update');
    if (bid?.status !== 'open' || bid.expiresAt <= new Date()) throw new AppError(409, 'BidClosed');
    if (bid.buyerId === member.id) throw badRequest('OwnOrder', 'total_part');
    if (quantity > bid.remaining) throw badRequest('NotEnoughParts', 'total_part');
    // Issue 30: parts still in their reflection period cannot be sold (they may be revoked).
    const held = await sellableHolding(tx, member.id, bid.paintingId, new Date());
    if (quantity > held.primary + held.secondary) {
      throw badRequest(held.provisional > 0 ? 'PartsProvisional' : 'NotEnoughPartsOwned', 'total_part');
    }
    const fromPrimary = Math.min(held.primary, quantity);
    const { trade, left } = await sellIntoBid(tx, bid, { id: member.id, fromPrimary }, quantity);
    const events = [filled('bid', bid.buyerId, bid, trade, left)];
    await stepUp.spend(tx);
    await notifyOrderEvents(ctx, tx, events);
    return { trade, events };
  });
  publishOrderEvents(ctx, result.trade.paintingId, result.events);
  return [result.trade];
}

export type BidStatusFilter = Bid['status'] | 'all';

/** GET /paintings/bids: the member's own bids, newest first. */
export async function myBids(
  db: Executor,
  buyerId: string,
  query: { status: BidStatusFilter; painting_id?: string; limit: number; offset: number },
) {
  const where = and(
    eq(bids.buyerId, buyerId),
    query.painting_id ? eq(bids.paintingId, query.painting_id) : undefined,
    query.status === 'all' ? undefined : eq(bids.status, query.status),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ bid: bids, titleEn: paintings.titleEn, titleFr: paintings.titleFr, cover: paintings.coverKey })
      .from(bids)
      .innerJoin(paintings, eq(paintings.id, bids.paintingId))
      .where(where)
      .orderBy(desc(bids.createdAt), desc(bids.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(bids).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ bid: row.bid, title: { en: row.titleEn, fr: row.titleFr }, cover_img: row.cover })),
    total: Number(total?.total ?? 0),
  };
}
