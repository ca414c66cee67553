import { describe, expect, it } from 'vitest';
import { percentChange, ratingIndex } from './rating';

describe('ratingIndex', () => {
  it('is 100 in 2000 and proportional to the price afterwards', () => {
    const index = ratingIndex([
      { year: 2001, priceMinor: 15_000 },
      { year: 2000, priceMinor: 10_000 },
      { year: 2002, priceMinor: 12_345 },
    ]);
    expect(index).toEqual([
      { year: 2000, value: 100 },
      { year: 2001, value: 150 },
      { year: 2002, value: 123.45 },
    ]);
  });

  it('rounds to 2 decimals with integers (1/3 → 33.33, 2/3 → 66.67)', () => {
    expect(
      ratingIndex([
        { year: 2000, priceMinor: 3 },
        { year: 2001, priceMinor: 1 },
        { year: 2002, priceMinor: 2 },
      ]).map((p) => p.value),
    ).toEqual([100, 33.33, 66.67]);
  });

  it('rebases on the first year when there is no 2000 price', () => {
    expect(
      ratingIndex([
        { year: 2008, priceMinor: 400 },
        { year: 2009, priceMinor: 500 },
      ]),
    ).toEqual([
      { year: 2008, value: 100 },
      { year: 2009, value: 125 },
    ]);
  });

  it('empty series → empty index; fractional prices are refused', () => {
    expect(ratingIndex([])).toEqual([]);
    expect(() => ratingIndex([{ year: 2000, priceMinor: 1.5 }])).toThrow(RangeError);
  });
});

describe('percentChange', () => {
  it('computes signed changes with 2 decimals', () => {
    expect(percentChange(100, 110)).toBe(10);
    expect(percentChange(300, 200)).toBe(-33.33);
    expect(percentChange(3, 4)).toBe(33.33);
    expect(percentChange(100, 100)).toBe(0);
  });

  it('a previous value of 0 gives 0', () => {
    expect(percentChange(0, 500)).toBe(0);
  });
});
