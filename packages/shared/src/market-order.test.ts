import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookAmountIn,
  OUTCOME_STATE,
  orderOutcome,
  QUOTE_STATE,
  quoteOrder,
  typedParts,
  typedPriceMinor,
} from './market-order';
import { priceRange } from './orderbook';

const range = priceRange(1234, { minPercent: 50, maxPercent: 200 }); // 617 … 2468

describe('what a member types', () => {
  it('reads whole parts and euro prices with either decimal mark, nothing else', () => {
    expect(typedParts('12')).toBe(12);
    expect([typedParts(''), typedParts('0'), typedParts('1.5'), typedParts('-3'), typedParts(undefined)]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(typedPriceMinor('12,34')).toBe(1234);
    expect(typedPriceMinor('12.3')).toBe(1230);
    expect([typedPriceMinor('0'), typedPriceMinor('1,234.5'), typedPriceMinor('abc')]).toEqual([null, null, null]);
  });
});

describe('the quote of an order', () => {
  it('an ask within the bounds: gross, no fee, the proceeds to the cent', () => {
    expect(quoteOrder({ side: 'ask', parts: 8, unitPriceMinor: 1300, range, inHand: 10 })).toEqual({
      state: QUOTE_STATE.ready,
      parts: 8,
      unitPriceMinor: 1300,
      grossMinor: 10_400,
      feeMinor: 0,
      netMinor: 10_400,
    });
  });

  it('refuses more parts than in hand, and a price outside the bounds the API enforces', () => {
    expect(quoteOrder({ side: 'ask', parts: 11, unitPriceMinor: 1300, range, inHand: 10 })).toEqual({
      state: QUOTE_STATE.tooManyParts,
      inHand: 10,
    });
    expect(quoteOrder({ side: 'ask', parts: 1, unitPriceMinor: range.min - 1, range }).state).toBe(
      QUOTE_STATE.belowRange,
    );
    expect(quoteOrder({ side: 'ask', parts: 1, unitPriceMinor: range.max + 1, range }).state).toBe(
      QUOTE_STATE.aboveRange,
    );
    expect(quoteOrder({ side: 'ask', parts: 1, unitPriceMinor: range.min, range }).state).toBe(QUOTE_STATE.ready);
    expect(quoteOrder({ side: 'ask', parts: 1, unitPriceMinor: range.max, range }).state).toBe(QUOTE_STATE.ready);
    expect(quoteOrder({ side: 'ask', parts: null, unitPriceMinor: 1300, range }).state).toBe(QUOTE_STATE.noParts);
    expect(quoteOrder({ side: 'ask', parts: 1, unitPriceMinor: null, range }).state).toBe(QUOTE_STATE.noPrice);
  });

  it('a bid is not bounded by parts in hand; what it holds is parts × price', () => {
    const quote = quoteOrder({ side: 'bid', parts: 50, unitPriceMinor: 1000, range, inHand: 0 });
    expect(quote).toMatchObject({ state: QUOTE_STATE.ready, grossMinor: 50_000, netMinor: 50_000 });
  });

  it('proceeds are always gross minus fee, and gross is parts × price exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: range.min, max: range.max }), (parts, p) => {
        const quote = quoteOrder({ side: 'ask', parts, unitPriceMinor: p, range });
        if (quote.state !== QUOTE_STATE.ready) return false;
        return quote.grossMinor === parts * p && quote.netMinor === quote.grossMinor - quote.feeMinor;
      }),
    );
  });
});

describe('what an order did at once', () => {
  it('filled, partly filled or resting, with the parts, prices and amount of its trades', () => {
    expect(orderOutcome(5, [])).toEqual({
      state: OUTCOME_STATE.resting,
      tradedParts: 0,
      restingParts: 5,
      amountMinor: 0,
      lowestPriceMinor: null,
      highestPriceMinor: null,
    });
    expect(
      orderOutcome(5, [
        { quantity: 2, price_per_part_minor: 1300 },
        { quantity: 1, price_per_part_minor: 1250 },
      ]),
    ).toEqual({
      state: OUTCOME_STATE.partlyFilled,
      tradedParts: 3,
      restingParts: 2,
      amountMinor: 3850,
      lowestPriceMinor: 1250,
      highestPriceMinor: 1300,
    });
    expect(orderOutcome(3, [{ quantity: 3, price_per_part_minor: 1300 }]).state).toBe(OUTCOME_STATE.filled);
  });
});

describe('a book amount in the display currency', () => {
  it('converts euros at the day’s rate (half-even), keeps euros, and gives up without a rate', () => {
    expect(bookAmountIn(1234, 'USD', '1.0825')).toBe(1336); // 1335.805 → 1336
    expect(bookAmountIn(1234, 'EURO', null)).toBe(1234);
    expect(bookAmountIn(1234, 'USD', null)).toBeNull();
  });
});
