import type { Currency } from '@parcelle/shared';

/** The shapes of a member's history events (history.ts reads them; movements.ts and the statements use them). */

export type Work = { paintingId: string; titleEn: string; titleFr: string; img: string };

export type PurchaseEvent = Work & {
  kind: 'PURCHASE';
  reference: string;
  at: Date;
  currency: Currency;
  unitPriceMinor: number;
  quantity: number;
  totalMinor: number;
  market: number;
  paymentMethod: string;
};
export type SaleEvent = Work & {
  kind: 'SALE';
  reference: string;
  listingReference: string;
  at: Date;
  currency: Currency;
  unitPriceMinor: number;
  quantity: number;
  totalMinor: number;
  /** Issue 31: the price per part the parts traded at in the book, in euros (the listing's, or the trade's). */
  bookUnitPriceMinor: number;
};
export type DividendEvent = Work & {
  kind: 'DIVIDEND';
  reference: string;
  at: Date;
  year: number;
  currency: Currency;
  quantity: number;
  /** The amount per part held, rounded half-even to the cent (display only). */
  unitPriceMinor: number;
  totalMinor: number;
};
/** A work sold by an exit vote (issue 17): the member's parts paid out, with their cost and the realised return. */
export type ExitEvent = Work & {
  kind: 'EXIT';
  reference: string;
  at: Date;
  currency: Currency;
  quantity: number;
  /** The amount per part paid, rounded half-even to the cent (display only). */
  unitPriceMinor: number;
  totalMinor: number;
  /** The holder's share of the exit fee, kept before the payout (`totalMinor` is net of it). */
  feeMinor: number;
  costBasisMinor: number;
  /** Proceeds − cost basis (negative for a loss). */
  realisedReturnMinor: number;
};
export type HistoryEvent = PurchaseEvent | SaleEvent | DividendEvent | ExitEvent;

/** `limit` undefined: every row (statements). `paintingIds`: only these works (the ARTWORK tab). */
export type Page = { limit?: number; offset?: number; paintingIds?: string[] };
