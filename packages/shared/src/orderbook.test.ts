import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bidFillMoney,
  comparePriority,
  type IncomingOrder,
  matchIncoming,
  ORDER_SIDE,
  priceLevels,
  priceRange,
  type RestingOrder,
} from './orderbook';

const ask = (id: string, price: number, remaining: number, createdAt: number, ownerId = 'seller'): RestingOrder => ({
  id,
  ownerId,
  unitPriceMinor: price,
  remaining,
  createdAt,
});

describe('matching an incoming order', () => {
  it('takes the cheapest ask first, then the oldest, at the resting price, and fills in part', () => {
    const resting = [ask('a', 1200, 5, 1), ask('b', 1000, 2, 3), ask('c', 1000, 4, 2), ask('d', 1500, 9, 0)];
    const fills = matchIncoming({ side: 'bid', ownerId: 'buyer', unitPriceMinor: 1200, quantity: 8 }, resting);
    expect(fills).toEqual([
      { restingId: 'c', quantity: 4, unitPriceMinor: 1000 },
      { restingId: 'b', quantity: 2, unitPriceMinor: 1000 },
      { restingId: 'a', quantity: 2, unitPriceMinor: 1200 },
    ]);
  });

  it('an ask meets the highest bid first and never one below its price', () => {
    const bids = [ask('x', 900, 3, 1, 'b1'), ask('y', 1100, 1, 5, 'b2'), ask('z', 1000, 10, 0, 'b3')];
    expect(matchIncoming({ side: 'ask', ownerId: 's', unitPriceMinor: 1000, quantity: 20 }, bids)).toEqual([
      { restingId: 'y', quantity: 1, unitPriceMinor: 1100 },
      { restingId: 'z', quantity: 10, unitPriceMinor: 1000 },
    ]);
  });

  it('never trades with the member’s own orders', () => {
    const resting = [ask('own', 500, 5, 0, 'me'), ask('other', 600, 5, 1)];
    expect(matchIncoming({ side: 'bid', ownerId: 'me', unitPriceMinor: 700, quantity: 3 }, resting)).toEqual([
      { restingId: 'other', quantity: 3, unitPriceMinor: 600 },
    ]);
  });

  it('returns the difference to a bid that met a cheaper ask', () => {
    expect(bidFillMoney(1200, { quantity: 3, unitPriceMinor: 1000 })).toEqual({
      held: 3600,
      paid: 3000,
      returned: 600,
    });
  });

  it('bounds prices around the reference in whole cents, rounded inwards', () => {
    expect(priceRange(1001, { minPercent: 50, maxPercent: 150 })).toEqual({ min: 501, max: 1501 });
    expect(priceRange(1, { minPercent: 10, maxPercent: 100 })).toEqual({ min: 1, max: 1 });
  });

  it('aggregates levels best first', () => {
    const orders = [
      { unitPriceMinor: 10, remaining: 2 },
      { unitPriceMinor: 12, remaining: 1 },
      { unitPriceMinor: 10, remaining: 3 },
      { unitPriceMinor: 9, remaining: 0 },
    ];
    expect(priceLevels('ask', orders)).toEqual([
      { unitPriceMinor: 10, quantity: 5, orders: 2 },
      { unitPriceMinor: 12, quantity: 1, orders: 1 },
    ]);
    expect(priceLevels('bid', orders).map((level) => level.unitPriceMinor)).toEqual([12, 10]);
  });
});

const restingArb = fc.array(
  fc.record({
    id: fc.uuid(),
    ownerId: fc.constantFrom('m1', 'm2', 'm3'),
    unitPriceMinor: fc.integer({ min: 1, max: 5000 }),
    remaining: fc.integer({ min: 0, max: 50 }),
    createdAt: fc.integer({ min: 0, max: 1000 }),
  }),
  { maxLength: 25 },
);
const incomingArb: fc.Arbitrary<IncomingOrder> = fc.record({
  side: fc.constantFrom(ORDER_SIDE.ask, ORDER_SIDE.bid),
  ownerId: fc.constantFrom('m1', 'm2', 'm3'),
  unitPriceMinor: fc.integer({ min: 1, max: 5000 }),
  quantity: fc.integer({ min: 1, max: 200 }),
});

describe('the matching engine (properties)', () => {
  it('creates no parts and no cents: fills never exceed either order, money is conserved per fill', () => {
    fc.assert(
      fc.property(incomingArb, restingArb, (incoming, resting) => {
        const unique = [...new Map(resting.map((order) => [order.id, order])).values()];
        const fills = matchIncoming(incoming, unique);
        const total = fills.reduce((sum, fill) => sum + fill.quantity, 0);
        expect(total).toBeLessThanOrEqual(incoming.quantity);
        const byId = new Map(unique.map((order) => [order.id, order]));
        for (const fill of fills) {
          const order = byId.get(fill.restingId);
          expect(order).toBeDefined();
          expect(fill.quantity).toBeGreaterThan(0);
          expect(fill.quantity).toBeLessThanOrEqual(order?.remaining ?? 0);
          expect(order?.ownerId).not.toBe(incoming.ownerId);
          // The trade is at the resting price, never worse than the incoming limit.
          expect(fill.unitPriceMinor).toBe(order?.unitPriceMinor);
          if (incoming.side === 'bid') {
            expect(fill.unitPriceMinor).toBeLessThanOrEqual(incoming.unitPriceMinor);
            const money = bidFillMoney(incoming.unitPriceMinor, fill);
            expect(money.paid + money.returned).toBe(money.held);
            expect(money.returned).toBeGreaterThanOrEqual(0);
          } else {
            expect(fill.unitPriceMinor).toBeGreaterThanOrEqual(incoming.unitPriceMinor);
          }
        }
        expect(new Set(fills.map((fill) => fill.restingId)).size).toBe(fills.length);
        // Either the incoming order is filled, or every eligible resting order was taken whole.
        const eligible = unique.filter(
          (order) =>
            order.remaining > 0 &&
            order.ownerId !== incoming.ownerId &&
            (incoming.side === 'bid'
              ? order.unitPriceMinor <= incoming.unitPriceMinor
              : order.unitPriceMinor >= incoming.unitPriceMinor),
        );
        const eligibleParts = eligible.reduce((sum, order) => sum + order.remaining, 0);
        expect(total).toBe(Math.min(incoming.quantity, eligibleParts));
      }),
    );
  });

  it('takes the best price first, then time: no skipped order ranks before a taken one', () => {
    fc.assert(
      fc.property(incomingArb, restingArb, (incoming, resting) => {
        const unique = [...new Map(resting.map((order) => [order.id, order])).values()];
        const fills = matchIncoming(incoming, unique);
        const restingSide = incoming.side === 'bid' ? 'ask' : 'bid';
        const byId = new Map(unique.map((order) => [order.id, order]));
        const taken = fills.map((fill) => byId.get(fill.restingId) as RestingOrder);
        for (let i = 1; i < taken.length; i++) {
          expect(comparePriority(restingSide, taken[i - 1] as RestingOrder, taken[i] as RestingOrder)).toBeLessThan(0);
        }
        // Every order taken only in part (or not at all) ranks after every order taken in full.
        const last = taken[taken.length - 1];
        if (!last) return;
        const filledIds = new Set(fills.map((fill) => fill.restingId));
        for (const order of unique) {
          if (filledIds.has(order.id) || order.remaining === 0 || order.ownerId === incoming.ownerId) continue;
          const ranksBefore = comparePriority(restingSide, order, last) < 0;
          if (ranksBefore) {
            const crossesIncoming =
              incoming.side === 'bid'
                ? order.unitPriceMinor <= incoming.unitPriceMinor
                : order.unitPriceMinor >= incoming.unitPriceMinor;
            expect(crossesIncoming).toBe(false);
          }
        }
      }),
    );
  });
});
