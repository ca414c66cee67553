import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillSteps, mergeSteps, stepsTotalMinor } from './secondary';

const steps = [
  { quantity: 2, unitPriceMinor: 1000 },
  { quantity: 3, unitPriceMinor: 1200 },
];

describe('pricing a secondary purchase', () => {
  it('takes the oldest steps first, each at its own price', () => {
    expect(fillSteps(steps, 4)).toEqual([
      { quantity: 2, unitPriceMinor: 1000 },
      { quantity: 2, unitPriceMinor: 1200 },
    ]);
    expect(stepsTotalMinor(steps, 4)).toBe(4400);
    expect(stepsTotalMinor(steps, 1)).toBe(1000);
    expect(stepsTotalMinor(steps, 5)).toBe(5600);
  });

  it('has no total for more parts than listed, or for no part', () => {
    expect(stepsTotalMinor(steps, 6)).toBeNull();
    expect(stepsTotalMinor(steps, 0)).toBeNull();
    expect(stepsTotalMinor([], 1)).toBeNull();
    expect(stepsTotalMinor(steps, 1.5)).toBeNull();
  });

  it('merges neighbours at the same price only, dropping empty steps', () => {
    expect(
      mergeSteps([
        { quantity: 1, unitPriceMinor: 10 },
        { quantity: 0, unitPriceMinor: 99 },
        { quantity: 2, unitPriceMinor: 10 },
        { quantity: 1, unitPriceMinor: 12 },
        { quantity: 1, unitPriceMinor: 10 },
      ]),
    ).toEqual([
      { quantity: 3, unitPriceMinor: 10 },
      { quantity: 1, unitPriceMinor: 12 },
      { quantity: 1, unitPriceMinor: 10 },
    ]);
  });

  it('merging never changes what any quantity costs (no cent created or lost)', () => {
    const step = fc.record({
      quantity: fc.integer({ min: 0, max: 50 }),
      unitPriceMinor: fc.integer({ min: 0, max: 5 }),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), fc.integer({ min: 1, max: 400 }), (raw, quantity) => {
        expect(stepsTotalMinor(mergeSteps(raw), quantity)).toBe(stepsTotalMinor(raw, quantity));
        const fills = fillSteps(raw, quantity);
        if (fills) expect(fills.reduce((sum, fill) => sum + fill.quantity, 0)).toBe(quantity);
      }),
    );
  });
});
