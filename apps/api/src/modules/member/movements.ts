import type { Currency } from '@parcelle/shared';
import type { ExitEvent, HistoryEvent, PurchaseEvent, SaleEvent } from './events';

/**
 * A member's parts movements with money attached (what parts-movements.ts reads from the database, and what the
 * history's own events make): pure shapes and conversions, so history.ts and parts-movements.ts both use them
 * without importing each other.
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

export type PartsMovements = {
  acquisitions: PartsAcquisition[];
  disposals: PartsDisposal[];
  dividends: DividendReceipt[];
};

export const saleDisposal = (sale: SaleEvent): PartsDisposal => ({
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

export const exitDisposal = (exit: ExitEvent): PartsDisposal => ({
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

export const oldestFirst = (a: { at: Date; reference: string }, b: { at: Date; reference: string }) =>
  a.at.getTime() - b.at.getTime() || a.reference.localeCompare(b.reference);

export const acquisitionOf = (p: PurchaseEvent): PartsAcquisition => ({
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
