import type { Currency } from '@parcelle/shared';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paintings, trades } from '../../db/schema';
import { dividendEvents, exitEvents, purchaseEvents, saleEvents } from './history';

/**
 * The member's parts movements with money attached, as the performance figures and the yearly statement read them:
 * acquisitions (what a lot of parts cost), disposals (parts leaving the member for proceeds) and dividends. Each
 * keeps the currency it was recorded in; callers convert.
 *
 * DISPOSAL_SOURCES is the hook for every way parts can be sold: today the fills of paid purchases taken from the
 * member's listings (the secondary market). An order book's trades or an exit's payout to holders add a reader here
 * (one function answering PartsDisposal rows for a member) and the cost basis, realised gains, annualised return
 * and yearly statement count them with no other change.
 */

export type PartsAcquisition = {
  /** A purchase (primary market, or a listing bought on the secondary market), or an order-book trade. */
  source: 'purchase' | 'order-book-trade';
  reference: string;
  paintingId: string;
  titleEn: string;
  titleFr: string;
  at: Date;
  quantity: number;
  /** Everything paid for the lot, in `currency`, minor units. */
  costMinor: number;
  currency: Currency;
};

export type PartsDisposal = {
  /** Where the sale comes from ('secondary-sale', 'exit-payout'). */
  source: string;
  reference: string;
  paintingId: string;
  titleEn: string;
  titleFr: string;
  at: Date;
  quantity: number;
  /** What the member received for the parts, in `currency`, minor units (net of any fee). */
  proceedsMinor: number;
  /** A fee kept from the proceeds (an exit's fee share), in `currency`; 0 where none is charged. */
  feeMinor: number;
  currency: Currency;
};

export type DividendReceipt = {
  reference: string;
  paintingId: string;
  titleEn: string;
  titleFr: string;
  at: Date;
  year: number;
  quantity: number;
  amountMinor: number;
  currency: Currency;
};

export type DisposalSource = (db: Executor, userId: string) => Promise<PartsDisposal[]>;

/** Secondary-market sales: each fill of a paid purchase taken from one of the member's listings. */
export const secondarySales: DisposalSource = async (db, userId) =>
  (await saleEvents(db, userId, {})).map((sale) => ({
    source: 'secondary-sale',
    reference: sale.reference,
    paintingId: sale.paintingId,
    titleEn: sale.titleEn,
    titleFr: sale.titleFr,
    at: sale.at,
    quantity: sale.quantity,
    proceedsMinor: sale.totalMinor,
    // Parcelle charges nothing on a sale between members.
    feeMinor: 0,
    currency: sale.currency,
  }));

/**
 * Exits: the holder's payout when co-owners accepted an offer for the whole work (modules/exits). Its gain here is
 * first in, first out like every other sale; the exit's own `realised_return` in the history compares with the
 * holder's average cost, which is the same figure once every part of the work has left.
 */
export const exitPayouts: DisposalSource = async (db, userId) =>
  (await exitEvents(db, userId, {})).map((exit) => ({
    source: 'exit-payout',
    reference: exit.reference,
    paintingId: exit.paintingId,
    titleEn: exit.titleEn,
    titleFr: exit.titleFr,
    at: exit.at,
    quantity: exit.quantity,
    proceedsMinor: exit.totalMinor,
    feeMinor: exit.feeMinor,
    currency: exit.currency,
  }));

/**
 * The order book's trades (modules/secondary/orders.ts: a bid filled by an ask, or an order accepted on the bulletin
 * board), on the member's side `side`: the buyer acquires the parts, the seller disposes of them. Held in euros.
 */
async function tradesOf(db: Executor, userId: string, side: 'buyer' | 'seller') {
  return db
    .select({
      reference: trades.reference,
      paintingId: trades.paintingId,
      titleEn: paintings.titleEn,
      titleFr: paintings.titleFr,
      at: trades.createdAt,
      quantity: trades.quantity,
      unitPriceMinor: trades.unitPriceMinor,
    })
    .from(trades)
    .innerJoin(paintings, eq(paintings.id, trades.paintingId))
    .where(eq(side === 'buyer' ? trades.buyerId : trades.sellerId, userId))
    .orderBy(asc(trades.createdAt));
}

export const orderBookSales: DisposalSource = async (db, userId) =>
  (await tradesOf(db, userId, 'seller')).map((trade) => ({
    source: 'order-book-trade',
    reference: trade.reference,
    paintingId: trade.paintingId,
    titleEn: trade.titleEn,
    titleFr: trade.titleFr,
    at: trade.at,
    quantity: trade.quantity,
    proceedsMinor: trade.unitPriceMinor * trade.quantity,
    feeMinor: 0,
    currency: 'EURO',
  }));

async function orderBookPurchases(db: Executor, userId: string): Promise<PartsAcquisition[]> {
  return (await tradesOf(db, userId, 'buyer')).map((trade) => ({
    source: 'order-book-trade',
    reference: trade.reference,
    paintingId: trade.paintingId,
    titleEn: trade.titleEn,
    titleFr: trade.titleFr,
    at: trade.at,
    quantity: trade.quantity,
    costMinor: trade.unitPriceMinor * trade.quantity,
    currency: 'EURO',
  }));
}

/** Every source of disposals (see the module's comment): add a reader here for a new way of selling parts. */
export const DISPOSAL_SOURCES: DisposalSource[] = [secondarySales, orderBookSales, exitPayouts];

export type PartsMovements = {
  acquisitions: PartsAcquisition[];
  disposals: PartsDisposal[];
  dividends: DividendReceipt[];
};

/** Everything the member bought, sold and received, oldest first. */
export async function partsMovements(db: Executor, userId: string): Promise<PartsMovements> {
  const [bought, traded, disposals, paid] = await Promise.all([
    purchaseEvents(db, userId, {}),
    orderBookPurchases(db, userId),
    Promise.all(DISPOSAL_SOURCES.map((source) => source(db, userId))).then((lists) => lists.flat()),
    dividendEvents(db, userId, {}),
  ]);
  const oldestFirst = (a: { at: Date; reference: string }, b: { at: Date; reference: string }) =>
    a.at.getTime() - b.at.getTime() || a.reference.localeCompare(b.reference);
  return {
    acquisitions: bought
      .map(
        (p): PartsAcquisition => ({
          source: 'purchase',
          reference: p.reference,
          paintingId: p.paintingId,
          titleEn: p.titleEn,
          titleFr: p.titleFr,
          at: p.at,
          quantity: p.quantity,
          costMinor: p.totalMinor,
          currency: p.currency,
        }),
      )
      .concat(traded)
      .sort(oldestFirst),
    disposals: disposals.sort(oldestFirst),
    dividends: paid
      .map((d) => ({
        reference: d.reference,
        paintingId: d.paintingId,
        titleEn: d.titleEn,
        titleFr: d.titleFr,
        at: d.at,
        year: d.year,
        quantity: d.quantity,
        amountMinor: d.totalMinor,
        currency: d.currency,
      }))
      .sort(oldestFirst),
  };
}
