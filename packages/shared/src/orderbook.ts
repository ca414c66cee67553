import { purchaseTotalMinor } from './parts';

/**
 * The secondary market's order book (issue 17): asks (listings) and bids of one work, in EUR minor units per part.
 * Matching is price-time priority: an incoming order meets the resting orders of the other side at the best price
 * first, then the oldest; each trade is at the resting order's price; an order is filled in part when the other
 * side holds fewer parts. A member never trades with themselves. This module is pure: the API locks the rows, calls
 * `matchIncoming`, and records what it returns (apps/api/src/modules/secondary/orders.ts).
 */
export const ORDER_SIDE = { ask: 'ask', bid: 'bid' } as const;
export type OrderSide = (typeof ORDER_SIDE)[keyof typeof ORDER_SIDE];

export type RestingOrder = {
  id: string;
  ownerId: string;
  unitPriceMinor: number;
  remaining: number;
  /** Milliseconds since the epoch; ties broken by `id`. */
  createdAt: number;
};

export type IncomingOrder = { side: OrderSide; ownerId: string; unitPriceMinor: number; quantity: number };

export type MatchFill = { restingId: string; quantity: number; unitPriceMinor: number };

/** Best first: the cheapest ask, the highest bid; then the oldest; then by id (a total order). */
export function comparePriority(side: OrderSide, a: RestingOrder, b: RestingOrder): number {
  if (a.unitPriceMinor !== b.unitPriceMinor) {
    return side === ORDER_SIDE.ask ? a.unitPriceMinor - b.unitPriceMinor : b.unitPriceMinor - a.unitPriceMinor;
  }
  if (a.createdAt !== b.createdAt) return a.createdAt - b.createdAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Whether a resting order of the other side can trade with the incoming one at the resting price. */
export function crosses(incoming: IncomingOrder, resting: RestingOrder): boolean {
  return incoming.side === ORDER_SIDE.bid
    ? resting.unitPriceMinor <= incoming.unitPriceMinor
    : resting.unitPriceMinor >= incoming.unitPriceMinor;
}

/**
 * The trades an incoming order makes against the resting orders of the other side (`resting` are asks when the
 * incoming order is a bid, and bids when it is an ask), best price first, then oldest.
 */
export function matchIncoming(incoming: IncomingOrder, resting: readonly RestingOrder[]): MatchFill[] {
  const restingSide: OrderSide = incoming.side === ORDER_SIDE.bid ? ORDER_SIDE.ask : ORDER_SIDE.bid;
  const queue = resting
    .filter((order) => order.remaining > 0 && order.ownerId !== incoming.ownerId && crosses(incoming, order))
    .sort((a, b) => comparePriority(restingSide, a, b));
  const fills: MatchFill[] = [];
  let left = incoming.quantity;
  for (const order of queue) {
    if (left <= 0) break;
    const quantity = Math.min(left, order.remaining);
    fills.push({ restingId: order.id, quantity, unitPriceMinor: order.unitPriceMinor });
    left -= quantity;
  }
  return fills;
}

/**
 * The money of a bid's fill: what the bid held for these parts, what the seller receives (the trade price), and what
 * goes back to the buyer (a bid meeting a cheaper ask pays the ask's price). `held = paid + returned`.
 */
export function bidFillMoney(bidPriceMinor: number, fill: { quantity: number; unitPriceMinor: number }) {
  const held = purchaseTotalMinor(bidPriceMinor, fill.quantity);
  const paid = purchaseTotalMinor(fill.unitPriceMinor, fill.quantity);
  return { held, paid, returned: held - paid };
}

/** The bounds operators set around the reference part price for asks and bids (whole percents). */
export type PriceBounds = { minPercent: number; maxPercent: number };

export const DEFAULT_PRICE_BOUNDS: PriceBounds = { minPercent: 50, maxPercent: 200 };

/** The lowest and highest price per part allowed (minor units), rounded inwards so both ends are whole cents. */
export function priceRange(referenceMinor: number, bounds: PriceBounds): { min: number; max: number } {
  return {
    min: Math.max(1, Math.ceil((referenceMinor * bounds.minPercent) / 100)),
    max: Math.floor((referenceMinor * bounds.maxPercent) / 100),
  };
}

export type PriceLevel = { unitPriceMinor: number; quantity: number; orders: number };

/** Orders of one side aggregated by price, best price first (what the public order book shows). */
export function priceLevels(side: OrderSide, orders: readonly { unitPriceMinor: number; remaining: number }[]) {
  const levels = new Map<number, PriceLevel>();
  for (const order of orders) {
    if (order.remaining <= 0) continue;
    const level = levels.get(order.unitPriceMinor) ?? { unitPriceMinor: order.unitPriceMinor, quantity: 0, orders: 0 };
    level.quantity += order.remaining;
    level.orders += 1;
    levels.set(order.unitPriceMinor, level);
  }
  return [...levels.values()].sort((a, b) =>
    side === ORDER_SIDE.ask ? a.unitPriceMinor - b.unitPriceMinor : b.unitPriceMinor - a.unitPriceMinor,
  );
}
