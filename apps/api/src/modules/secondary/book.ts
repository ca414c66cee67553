import { OPEN_ORDERS_SHOWN } from '@parcelle/shared/contracts/orderbook';
import { PUBLIC_MARKETS } from '@parcelle/shared/market';
import { toMajor } from '@parcelle/shared/money';
import { type PriceLevel, priceLevels, priceRange } from '@parcelle/shared/orderbook';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bids, listings, paintings, trades } from '../../db/schema';
import { notFound } from '../../http/errors';
import { NO_RATE, Rates } from '../fx/rates';
import { matchesAutomatically, readMarketSettings } from './market-settings';

/** How many of a work's last trades its page shows. */
export const LAST_TRADES_SHOWN = 10;

const euros = (minor: number) => ({ value: toMajor(minor), curr: 'EURO' as const });

const levelData = (level: PriceLevel) => ({
  price_per_part: euros(level.unitPriceMinor),
  price_per_part_minor: level.unitPriceMinor,
  quantity: level.quantity,
  orders: level.orders,
});

type OpenOrderRow = { reference: string; unitPriceMinor: number; remaining: number; createdAt: Date };

const openOrderData = (row: OpenOrderRow) => ({
  reference: row.reference,
  price_per_part: euros(row.unitPriceMinor),
  price_per_part_minor: row.unitPriceMinor,
  quantity: row.remaining,
  placed_at: row.createdAt.toISOString(),
});

/** Bulletin-board mode: the orders one by one, best price then oldest first, as a member would pick one. */
async function openOrders(db: Executor, paintingId: string, now: Date) {
  const [asks, openBids] = await Promise.all([
    db
      .select({
        reference: listings.reference,
        createdAt: listings.createdAt,
        unitPriceMinor: listings.unitPriceMinor,
        remaining: listings.remaining,
      })
      .from(listings)
      .where(and(eq(listings.paintingId, paintingId), eq(listings.status, 'open'), gt(listings.remaining, 0)))
      .orderBy(asc(listings.unitPriceMinor), asc(listings.createdAt), asc(listings.id))
      .limit(OPEN_ORDERS_SHOWN),
    db
      .select({
        reference: bids.reference,
        createdAt: bids.createdAt,
        unitPriceMinor: bids.unitPriceMinor,
        remaining: bids.remaining,
      })
      .from(bids)
      .where(and(eq(bids.paintingId, paintingId), eq(bids.status, 'open'), gt(bids.expiresAt, now)))
      .orderBy(desc(bids.unitPriceMinor), asc(bids.createdAt), asc(bids.id))
      .limit(OPEN_ORDERS_SHOWN),
  ]);
  return { open_asks: asks.map(openOrderData), open_bids: openBids.map(openOrderData) };
}

/**
 * GET /paintings/order-book (public): a work's open asks and live bids aggregated by price level (best first), its
 * last trades, and the work's part price as a non-binding reference with the bounds an order may carry. Served
 * through the catalogue read cache, dropped by every change of the book (order-events.ts).
 */
export async function orderBook(db: Executor, paintingId: string, now = new Date()) {
  const [painting] = await db
    .select({ id: paintings.id, market: paintings.market, pricePerPartMinor: paintings.pricePerPartMinor })
    .from(paintings)
    .where(and(eq(paintings.id, paintingId), inArray(paintings.market, [...PUBLIC_MARKETS])));
  if (!painting) throw notFound('PaintingNotFound');
  const [asks, openBids, last, settings, rates] = await Promise.all([
    db
      .select({ unitPriceMinor: listings.unitPriceMinor, remaining: listings.remaining })
      .from(listings)
      .where(and(eq(listings.paintingId, paintingId), eq(listings.status, 'open'), gt(listings.remaining, 0))),
    db
      .select({ unitPriceMinor: bids.unitPriceMinor, remaining: bids.remaining })
      .from(bids)
      .where(and(eq(bids.paintingId, paintingId), eq(bids.status, 'open'), gt(bids.expiresAt, now))),
    db
      .select()
      .from(trades)
      .where(eq(trades.paintingId, paintingId))
      .orderBy(desc(trades.createdAt), desc(trades.id))
      .limit(LAST_TRADES_SHOWN),
    readMarketSettings(db),
    Rates.load(db),
  ]);
  const rate = rates.at(now.toISOString().slice(0, 10));
  const range = priceRange(painting.pricePerPartMinor, settings);
  const open = matchesAutomatically(settings)
    ? { open_asks: [], open_bids: [] }
    : await openOrders(db, paintingId, now);
  return {
    painting_id: painting.id,
    market: painting.market,
    mode: settings.mode,
    asks: priceLevels('ask', asks).map(levelData),
    bids: priceLevels('bid', openBids).map(levelData),
    ...open,
    last_trades: last.map((trade) => ({
      reference: trade.reference,
      painting_id: trade.paintingId,
      quantity: trade.quantity,
      price_per_part: euros(trade.unitPriceMinor),
      price_per_part_minor: trade.unitPriceMinor,
      t: trade.createdAt.toISOString(),
    })),
    reference_price: euros(painting.pricePerPartMinor),
    reference_price_minor: painting.pricePerPartMinor,
    min_price_minor: range.min,
    max_price_minor: range.max,
    // Issue 31: the day's rate, so a member who displays dollars reads the book in dollars beside its euros.
    eur_usd_rate: rate === NO_RATE || typeof rate !== 'string' ? null : rate,
  };
}

/** For the public secondary list: per work, the best ask, the parts offered and the last trade's price (EUR minor). */
export async function marketSummaries(db: Executor, paintingIds: readonly string[]) {
  const summaries = new Map<string, { bestAsk: number | null; offered: number; lastTrade: number | null }>();
  if (paintingIds.length === 0) return summaries;
  const ids = [...paintingIds];
  const [offers, lastTrades] = await Promise.all([
    db
      .select({
        paintingId: listings.paintingId,
        bestAsk: sql<string | null>`min(${listings.unitPriceMinor})::text`,
        offered: sql<string>`coalesce(sum(${listings.remaining}), 0)::text`,
      })
      .from(listings)
      .where(and(inArray(listings.paintingId, ids), eq(listings.status, 'open'), gt(listings.remaining, 0)))
      .groupBy(listings.paintingId),
    db
      .selectDistinctOn([trades.paintingId], { paintingId: trades.paintingId, price: trades.unitPriceMinor })
      .from(trades)
      .where(inArray(trades.paintingId, ids))
      .orderBy(trades.paintingId, desc(trades.createdAt), desc(trades.id)),
  ]);
  for (const id of ids) summaries.set(id, { bestAsk: null, offered: 0, lastTrade: null });
  for (const offer of offers) {
    const summary = summaries.get(offer.paintingId);
    if (summary) {
      summary.bestAsk = offer.bestAsk === null ? null : Number(offer.bestAsk);
      summary.offered = Number(offer.offered);
    }
  }
  for (const trade of lastTrades) {
    const summary = summaries.get(trade.paintingId);
    if (summary) summary.lastTrade = trade.price;
  }
  return summaries;
}
