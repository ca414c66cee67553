import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocationBps, fifo, gainBps, rateToBps, XIRR_MIN_DAYS, xirr } from './performance';

const DAY = 86_400_000;
const T0 = Date.UTC(2020, 0, 1);

describe('fifo (cost basis first in, first out)', () => {
  it('takes the oldest lot first, across several buys and partial sales, to the cent', () => {
    const result = fifo(
      [
        { at: T0, quantity: 3, costMinor: 1000 }, // 333.33… a part
        { at: T0 + 10 * DAY, quantity: 5, costMinor: 2500 },
      ],
      [
        { at: T0 + 20 * DAY, quantity: 2, proceedsMinor: 900 },
        { at: T0 + 30 * DAY, quantity: 2, proceedsMinor: 1200 },
      ],
    );
    // First sale: 2 of lot 1 → 1000 × 2 ÷ 3 = 666.67 (half-even) → gain 233.
    expect(result.realised[0]).toMatchObject({ costMinor: 667, gainMinor: 233, uncoveredQuantity: 0 });
    // Second sale: the last part of lot 1 (what is left: 333) + 1 of lot 2 (500).
    expect(result.realised[1]).toMatchObject({ costMinor: 833, gainMinor: 367 });
    expect(result.remaining).toEqual([{ at: T0 + 10 * DAY, quantity: 4, costMinor: 2000 }]);
    expect(result.remainingCostMinor).toBe(2000);
  });

  it('does not take parts bought after the sale, and counts parts no purchase covers at zero cost', () => {
    const result = fifo(
      [{ at: T0 + 5 * DAY, quantity: 2, costMinor: 400 }],
      [{ at: T0, quantity: 1, proceedsMinor: 150 }],
    );
    expect(result.realised[0]).toMatchObject({ costMinor: 0, gainMinor: 150, uncoveredQuantity: 1 });
    expect(result.remainingQuantity).toBe(2);
  });

  it('rejects amounts that are not safe integers', () => {
    expect(() => fifo([{ at: T0, quantity: 1, costMinor: 1.5 }], [])).toThrow(RangeError);
    expect(() => fifo([{ at: T0, quantity: 0, costMinor: 1 }], [])).toThrow(RangeError);
  });

  it('property: realised cost + remaining cost = total cost, and parts are conserved', () => {
    const lot = fc.record({
      at: fc.integer({ min: 0, max: 1000 }),
      quantity: fc.integer({ min: 1, max: 500 }),
      costMinor: fc.integer({ min: 0, max: 100_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(lot, { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (lots, cuts) => {
          const total = lots.reduce((sum, l) => sum + l.quantity, 0);
          // Disposals after every purchase, never more than what was bought.
          let left = total;
          const disposals = cuts.flatMap((cut, i) => {
            if (left === 0) return [];
            const quantity = (cut % left) + 1;
            left -= quantity;
            return [{ at: 2000 + i, quantity, proceedsMinor: cut }];
          });
          const result = fifo(lots, disposals);
          const realisedCost = result.realised.reduce((sum, r) => sum + r.costMinor, 0);
          expect(realisedCost + result.remainingCostMinor).toBe(lots.reduce((sum, l) => sum + l.costMinor, 0));
          expect(result.remainingQuantity).toBe(left);
          for (const r of result.realised) {
            expect(r.uncoveredQuantity).toBe(0);
            expect(r.gainMinor).toBe(r.disposal.proceedsMinor - r.costMinor);
            expect(Number.isInteger(r.costMinor)).toBe(true);
          }
        },
      ),
    );
  });
});

describe('xirr (money-weighted annualised return)', () => {
  it('gives 10 % for −1000 then +1100 a year later', () => {
    const rate = xirr([
      { at: T0, amountMinor: -100_000 },
      { at: T0 + 365 * DAY, amountMinor: 110_000 },
    ]);
    expect(rate).toBeCloseTo(0.1, 9);
    expect(rateToBps(rate)).toBe(1000);
  });

  it('gives the spreadsheet XIRR of a known series (two buys, a dividend, the value)', () => {
    // −1000 on day 0, −500 on day 182, +60 on day 365, +1700 on day 730: the rate solving the equation.
    const flows = [
      { at: T0, amountMinor: -100_000 },
      { at: T0 + 182 * DAY, amountMinor: -50_000 },
      { at: T0 + 365 * DAY, amountMinor: 6_000 },
      { at: T0 + 730 * DAY, amountMinor: 170_000 },
    ];
    const rate = xirr(flows) ?? Number.NaN;
    const npv = flows.reduce((s, f) => s + f.amountMinor / (1 + rate) ** ((f.at - T0) / DAY / 365), 0);
    expect(Math.abs(npv)).toBeLessThan(0.01);
    // 9.2833 %, as scipy.optimize.brentq solves the same equation.
    expect(rateToBps(rate)).toBe(928);
  });

  it('is null below a year, with flows of one sign, or with fewer than two flows', () => {
    expect(xirr([{ at: T0, amountMinor: -1 }])).toBeNull();
    expect(
      xirr([
        { at: T0, amountMinor: -100 },
        { at: T0 + (XIRR_MIN_DAYS - 1) * DAY, amountMinor: 200 },
      ]),
    ).toBeNull();
    expect(
      xirr([
        { at: T0, amountMinor: 100 },
        { at: T0 + 800 * DAY, amountMinor: 200 },
      ]),
    ).toBeNull();
  });

  it('property: the sign of the rate follows the gain', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ day: fc.integer({ min: 0, max: 700 }), paid: fc.integer({ min: 1, max: 10_000_000 }) }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.integer({ min: 0, max: 40_000_000 }),
        (buys, value) => {
          const flows = [
            ...buys.map((b) => ({ at: T0 + b.day * DAY, amountMinor: -b.paid })),
            { at: T0 + 2000 * DAY, amountMinor: value },
          ];
          const gain = flows.reduce((sum, f) => sum + f.amountMinor, 0);
          const rate = xirr(flows);
          if (value === 0) {
            // Nothing positive at all: no rate solves the equation (a total loss is shown by the gain).
            expect(rate).toBeNull();
            return;
          }
          expect(rate).not.toBeNull();
          if (gain > 0) expect(rate).toBeGreaterThan(0);
          else if (gain < 0) expect(rate).toBeLessThan(0);
          else expect(Math.abs(rate ?? 1)).toBeLessThan(1e-9);
        },
      ),
    );
  });
});

describe('gainBps and allocationBps', () => {
  it('rounds half-even in basis points', () => {
    expect(gainBps(1_234, 10_000)).toBe(1234);
    expect(gainBps(-1, 3)).toBe(-3333);
    expect(gainBps(5, 0)).toBe(0);
    expect(allocationBps([1, 1, 2])).toEqual([2500, 2500, 5000]);
    expect(allocationBps([0, 0])).toEqual([0, 0]);
  });
});
