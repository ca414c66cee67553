import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { includedEntryFeeMinor, partsForAmount, primarySteps, shareOfWork, yearlyShareMinor } from './invest-amount';
import { type PriceStep, stepsTotalMinor } from './secondary';

const MAX = 10_000_000;

describe('buying by amount', () => {
  it('buys the whole parts an amount pays for and leaves the rest', () => {
    // €5,000 at €4.60 a part: 1,086 parts (€4,995.60), €4.40 left.
    expect(partsForAmount(500_000, primarySteps(10_000, 460), MAX)).toEqual({
      parts: 1086,
      spentMinor: 499_560,
      remainderMinor: 440,
      nextPartMinor: 460,
      limitedBy: 'amount',
    });
  });

  it('buys nothing below one part, and stops at the parts left or the largest purchase', () => {
    expect(partsForAmount(459, primarySteps(10, 460), MAX)).toMatchObject({ parts: 0, remainderMinor: 459 });
    expect(partsForAmount(100_000, primarySteps(10, 460), MAX)).toMatchObject({
      parts: 10,
      spentMinor: 4600,
      limitedBy: 'available',
      nextPartMinor: null,
    });
    expect(partsForAmount(100_000, primarySteps(1000, 100), 5)).toMatchObject({ parts: 5, limitedBy: 'maximum' });
    expect(partsForAmount(100_000, [], MAX)).toMatchObject({ parts: 0, limitedBy: 'available' });
  });

  it('takes listings in selling order and stops at the first part it cannot pay', () => {
    const steps = [
      { quantity: 2, unitPriceMinor: 1000 },
      { quantity: 3, unitPriceMinor: 5000 },
      { quantity: 9, unitPriceMinor: 10 },
    ];
    // 2 × €10, then €35 left is not a €50 part: the cheaper later listing is not reached, as on the server.
    expect(partsForAmount(5500, steps, MAX)).toMatchObject({ parts: 2, spentMinor: 2000, nextPartMinor: 5000 });
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => partsForAmount(10.5, primarySteps(1, 100), MAX)).toThrow(RangeError);
    expect(() => partsForAmount(-1, primarySteps(1, 100), MAX)).toThrow(RangeError);
  });

  const stepArb = fc.record({
    quantity: fc.integer({ min: 0, max: 5000 }),
    unitPriceMinor: fc.integer({ min: 1, max: 1_000_000 }),
  });
  const stepsArb = fc.array(stepArb, { maxLength: 6 });
  const amountArb = fc.integer({ min: 0, max: 2_000_000_000 });
  const maxArb = fc.integer({ min: 1, max: 20_000 });

  it('never spends more than the amount, in integers, and spent + remainder = amount', () => {
    fc.assert(
      fc.property(amountArb, stepsArb, maxArb, (amount, steps, max) => {
        const quote = partsForAmount(amount, steps, max);
        expect(Number.isInteger(quote.parts) && Number.isInteger(quote.spentMinor)).toBe(true);
        expect(Number.isInteger(quote.remainderMinor)).toBe(true);
        expect(quote.spentMinor).toBeLessThanOrEqual(amount);
        expect(quote.spentMinor + quote.remainderMinor).toBe(amount);
        expect(quote.parts).toBeLessThanOrEqual(max);
      }),
    );
  });

  it('charges the parts exactly what the server charges for them (the steps, oldest first)', () => {
    fc.assert(
      fc.property(amountArb, stepsArb, maxArb, (amount, steps, max) => {
        const quote = partsForAmount(amount, steps, max);
        const expected = quote.parts === 0 ? 0 : stepsTotalMinor(steps, quote.parts);
        expect(quote.spentMinor).toBe(expected);
      }),
    );
  });

  it('leaves less than one more part when the amount is what stops it, and buys the most parts it can', () => {
    fc.assert(
      fc.property(amountArb, stepsArb, maxArb, (amount, steps: PriceStep[], max) => {
        const quote = partsForAmount(amount, steps, max);
        const oneMore = stepsTotalMinor(steps, quote.parts + 1);
        if (quote.limitedBy === 'amount') {
          expect(quote.nextPartMinor).not.toBeNull();
          expect(quote.remainderMinor).toBeLessThan(quote.nextPartMinor as number);
        }
        if (quote.parts < max) expect(oneMore === null || oneMore > amount).toBe(true);
      }),
    );
  });

  it('on the primary market: parts = floor(amount / price), up to what is left', () => {
    fc.assert(
      fc.property(
        amountArb,
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (amount, price, available) => {
          const quote = partsForAmount(amount, primarySteps(available, price), MAX);
          expect(quote.parts).toBe(Math.min(Math.floor(amount / price), available, MAX));
          if (quote.limitedBy === 'amount') expect(quote.remainderMinor).toBeLessThan(price);
        },
      ),
    );
  });
});

describe('what a purchase represents', () => {
  it('is a share of the whole work', () => {
    expect(shareOfWork(432, 43_200)).toBe(0.01);
    expect(() => shareOfWork(2, 1)).toThrow(RangeError);
    expect(() => shareOfWork(1, 0)).toThrow(RangeError);
  });

  it('includes the entry fee of each part, and carries its share of the yearly costs, rounded down', () => {
    expect(includedEntryFeeMinor(1086, 23)).toBe(24_978);
    expect(yearlyShareMinor(180_000, 1086, 43_200)).toBe(4525);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.nat(),
        (cost, total, seed) => {
          const parts = seed % (total + 1);
          const share = yearlyShareMinor(cost, parts, total);
          expect(Number.isInteger(share)).toBe(true);
          expect(share).toBeLessThanOrEqual(cost);
          expect(share * total).toBeLessThanOrEqual(cost * parts);
          expect((share + 1) * total).toBeGreaterThan(cost * parts);
        },
      ),
    );
  });
});
