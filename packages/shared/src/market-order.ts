import type { Currency } from './constants';
import { convertMinor, fromMajorString, type Rate } from './money';
import { purchaseTotalMinor } from './parts';

/**
 * One order on a work's book, as a member prepares it (issue 31, "one way to sell"): the parts and the price per part
 * typed, checked against the parts in hand and the bounds the API enforces (`min_price_minor`/`max_price_minor` of
 * the order book, `priceRange` of ./orderbook), priced with its fees before it is confirmed, and told afterwards from
 * the trades it made at once. "Sell" on My parts and the order form of the work's page both read these rules; the
 * API applies the same bounds (apps/api/src/modules/secondary) and stays the authority.
 */

export type OrderSide = 'ask' | 'bid';

/**
 * The fee of an order, EUR minor units: none. The secondary market credits a seller the full trade price and charges a
 * buyer only the trade price (decision 198), so the quote names the fee (zero) rather than leaving it out: a member
 * sees that nothing is taken before confirming.
 */
export function orderFeeMinor(_side: OrderSide, _grossMinor: number): number {
  return 0;
}

/** A whole number of parts typed ("12"), or null when it is not one above zero. */
export function typedParts(text: string | undefined): number | null {
  const trimmed = (text ?? '').trim();
  if (!/^\d{1,8}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 ? value : null;
}

/** A price per part typed in euros ("12.34", "12,34"), in minor units, or null when it is not an amount above zero. */
export function typedPriceMinor(text: string | undefined): number | null {
  try {
    const minor = fromMajorString(text ?? '');
    return minor > 0 ? minor : null;
  } catch {
    return null;
  }
}

export type PriceBoundsMinor = { min: number; max: number };

/** Why an order cannot be confirmed yet, or `ready` with its figures. */
export const QUOTE_STATE = {
  noParts: 'no-parts',
  tooManyParts: 'too-many-parts',
  noPrice: 'no-price',
  belowRange: 'below-range',
  aboveRange: 'above-range',
  ready: 'ready',
} as const;

export type OrderQuote =
  | { state: typeof QUOTE_STATE.noParts | typeof QUOTE_STATE.noPrice }
  | { state: typeof QUOTE_STATE.tooManyParts; inHand: number }
  | { state: typeof QUOTE_STATE.belowRange | typeof QUOTE_STATE.aboveRange; range: PriceBoundsMinor }
  | {
      state: typeof QUOTE_STATE.ready;
      parts: number;
      unitPriceMinor: number;
      /** Parts × price. */
      grossMinor: number;
      feeMinor: number;
      /** An ask: what the seller receives if every part trades at this price (gross − fee). A bid: what is held. */
      netMinor: number;
    };

/**
 * The quote of an order in EUR minor units (the book's currency): the parts (within `inHand` for an ask), the price
 * within the bounds, then gross, fee and what the member receives (ask) or has held (bid). A price outside the bounds
 * is refused here as the API refuses it (PriceOutOfBounds), before the member confirms anything.
 */
export function quoteOrder(input: {
  side: OrderSide;
  parts: number | null;
  unitPriceMinor: number | null;
  range: PriceBoundsMinor;
  /** The parts the member can still sell (held minus already listed); only an ask is bounded by it. */
  inHand?: number;
}): OrderQuote {
  const { side, parts, unitPriceMinor, range, inHand } = input;
  if (parts === null) return { state: QUOTE_STATE.noParts };
  if (side === 'ask' && inHand !== undefined && parts > inHand) return { state: QUOTE_STATE.tooManyParts, inHand };
  if (unitPriceMinor === null) return { state: QUOTE_STATE.noPrice };
  if (unitPriceMinor < range.min) return { state: QUOTE_STATE.belowRange, range };
  if (unitPriceMinor > range.max) return { state: QUOTE_STATE.aboveRange, range };
  const grossMinor = purchaseTotalMinor(unitPriceMinor, parts);
  const feeMinor = orderFeeMinor(side, grossMinor);
  const netMinor = side === 'ask' ? grossMinor - feeMinor : grossMinor + feeMinor;
  return { state: QUOTE_STATE.ready, parts, unitPriceMinor, grossMinor, feeMinor, netMinor };
}

/** What an order did when it was placed: every part traded, some, or none (it rests on the book). */
export const OUTCOME_STATE = { filled: 'filled', partlyFilled: 'partly-filled', resting: 'resting' } as const;
export type OutcomeState = (typeof OUTCOME_STATE)[keyof typeof OUTCOME_STATE];

export type OrderOutcome = {
  state: OutcomeState;
  /** Parts traded at once, and parts left resting on the book. */
  tradedParts: number;
  restingParts: number;
  /** The money of the trades (EUR minor units): what the seller received or the buyer paid. */
  amountMinor: number;
  /** The lowest and highest trade price (equal when every part traded at one price); null when nothing traded. */
  lowestPriceMinor: number | null;
  highestPriceMinor: number | null;
};

/** The outcome of an order of `quantity` parts from the trades its answer lists (each at the resting order's price). */
export function orderOutcome(
  quantity: number,
  trades: readonly { quantity: number; price_per_part_minor: number }[],
): OrderOutcome {
  const tradedParts = trades.reduce((sum, trade) => sum + trade.quantity, 0);
  const amountMinor = trades.reduce(
    (sum, trade) => sum + purchaseTotalMinor(trade.price_per_part_minor, trade.quantity),
    0,
  );
  const prices = trades.map((trade) => trade.price_per_part_minor);
  const state =
    tradedParts === 0
      ? OUTCOME_STATE.resting
      : tradedParts >= quantity
        ? OUTCOME_STATE.filled
        : OUTCOME_STATE.partlyFilled;
  return {
    state,
    tradedParts,
    restingParts: Math.max(0, quantity - tradedParts),
    amountMinor,
    lowestPriceMinor: prices.length > 0 ? Math.min(...prices) : null,
    highestPriceMinor: prices.length > 0 ? Math.max(...prices) : null,
  };
}

/**
 * A euro amount of the book in the member's display currency, converted at the day's EUR→USD rate (half-even, as the
 * API converts every price: `convertMinor`). Null when the member displays another currency and no rate is known:
 * the screen then shows the euro amount alone rather than treating one euro as one dollar.
 */
export function bookAmountIn(minorEur: number, currency: Currency, eurUsdRate: Rate | null): number | null {
  if (currency === 'EURO') return minorEur;
  if (eurUsdRate === null) return null;
  return convertMinor(minorEur, 'EURO', currency, eurUsdRate);
}
