import { type Executor, readsTogether } from '../../db/client';
import { dividendEvents, exitEvents, type Page, purchaseEvents, saleEvents } from './history';
import {
  acquisitionOf,
  exitDisposal,
  oldestFirst,
  type PartsDisposal,
  type PartsMovements,
  saleDisposal,
} from './movements';

export type {
  DividendReceipt,
  PartsAcquisition,
  PartsDisposal,
  PartsMovements,
} from './movements';

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

export type DisposalSource = (db: Executor, userId: string, page: Page) => Promise<PartsDisposal[]>;

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

/**
 * Everything the member bought, sold and received, oldest first (`paintingIds`: of these works only). Acquisitions
 * are every way parts come to a member for a price: primary purchases, listings bought and order-book trades.
 */
export async function partsMovements(db: Executor, userId: string, paintingIds?: string[]): Promise<PartsMovements> {
  const page: Page = paintingIds ? { paintingIds } : {};
  // Inside an exit's settlement this runs in its transaction: one read at a time there (db/client.ts readsTogether).
  const [bought, disposals, paid] = await readsTogether(db, [
    () => purchaseEvents(db, userId, page),
    async (): Promise<PartsDisposal[]> => {
      const lists = await readsTogether(
        db,
        DISPOSAL_SOURCES.map((source) => () => source(db, userId, page)),
      );
      return lists.flat();
    },
    () => dividendEvents(db, userId, page),
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
