import type { Currency } from '@parcelle/shared';
import type { Executor } from '../../db/client';
import {
  dividendEvents,
  type ExitEvent,
  exitEvents,
  type HistoryEvent,
  type Page,
  type PurchaseEvent,
  purchaseEvents,
  type SaleEvent,
  saleEvents,
} from './history';

/**
 * The member's parts movements with money attached, as the performance figures and the yearly statement read them:
 * acquisitions (what a lot of parts cost), disposals (parts leaving the member for proceeds) and dividends. Each
 * keeps the currency it was recorded in; callers convert.
 *
 * DISPOSAL_SOURCES is the hook for every way parts can be sold: the secondary market (fills of the member's
 * listings and order-book trades, as the history reads them) and exits. A new way adds a reader here (one function
 * answering PartsDisposal rows for a member) and the cost basis, realised gains, annualised return and yearly
 * statement count it with no other change. Acquisitions are the history's purchases (order-book trades included).
 */

export type PartsAcquisition = {
  /** A purchase: primary market, a listing bought on the secondary market, or an order-book trade. */
  source: 'purchase';
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

export type DisposalSource = (db: Executor, userId: string, page: Page) => Promise<PartsDisposal[]>;

const saleDisposal = (sale: SaleEvent): PartsDisposal => ({
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
});

const exitDisposal = (exit: ExitEvent): PartsDisposal => ({
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
});

/**
 * Secondary-market sales: each fill of a paid purchase taken from one of the member's listings, and each order-book
 * trade the member sold in (history.ts reads both).
 */
export const secondarySales: DisposalSource = async (db, userId, page) =>
  (await saleEvents(db, userId, page)).map(saleDisposal);

/**
 * Exits: the holder's payout when co-owners accepted an offer for the whole work (modules/exits). Its cost is first
 * in, first out like every other sale (issue 31: cost-basis.ts, also what the exit recorded when it settled).
 */
export const exitPayouts: DisposalSource = async (db, userId, page) =>
  (await exitEvents(db, userId, page)).map(exitDisposal);

/** Every source of disposals (see the module's comment): add a reader here for a new way of selling parts. */
export const DISPOSAL_SOURCES: DisposalSource[] = [secondarySales, exitPayouts];

export type PartsMovements = {
  acquisitions: PartsAcquisition[];
  disposals: PartsDisposal[];
  dividends: DividendReceipt[];
};

const oldestFirst = (a: { at: Date; reference: string }, b: { at: Date; reference: string }) =>
  a.at.getTime() - b.at.getTime() || a.reference.localeCompare(b.reference);

const acquisitionOf = (p: PurchaseEvent): PartsAcquisition => ({
  source: 'purchase',
  reference: p.reference,
  paintingId: p.paintingId,
  titleEn: p.titleEn,
  titleFr: p.titleFr,
  at: p.at,
  quantity: p.quantity,
  costMinor: p.totalMinor,
  currency: p.currency,
});

/**
 * The movements of history events already read (the history's ARTWORK tab holds every event of its works): the same
 * acquisitions and disposals `partsMovements` answers, so both count one cost basis.
 */
export function movementsOfEvents(events: readonly HistoryEvent[]): PartsMovements {
  return {
    acquisitions: events
      .filter((e): e is PurchaseEvent => e.kind === 'PURCHASE')
      .map(acquisitionOf)
      .sort(oldestFirst),
    disposals: [
      ...events.filter((e): e is SaleEvent => e.kind === 'SALE').map(saleDisposal),
      ...events.filter((e): e is ExitEvent => e.kind === 'EXIT').map(exitDisposal),
    ].sort(oldestFirst),
    dividends: [],
  };
}

/**
 * Everything the member bought, sold and received, oldest first (`paintingIds`: of these works only). Acquisitions
 * are every way parts come to a member for a price: primary purchases, listings bought and order-book trades.
 */
export async function partsMovements(db: Executor, userId: string, paintingIds?: string[]): Promise<PartsMovements> {
  const page: Page = paintingIds ? { paintingIds } : {};
  const [bought, disposals, paid] = await Promise.all([
    purchaseEvents(db, userId, page),
    Promise.all(DISPOSAL_SOURCES.map((source) => source(db, userId, page))).then((lists) => lists.flat()),
    dividendEvents(db, userId, page),
  ]);
  return {
    acquisitions: bought.map(acquisitionOf).sort(oldestFirst),
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
