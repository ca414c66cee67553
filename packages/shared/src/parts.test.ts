import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availabilityPercent,
  formatPartsQuantity,
  partsToCm2,
  pricePerCm2,
  progressPercent,
  purchaseTotalMinor,
  totalPartsForDimensions,
} from './parts';

const NNBSP = '\u202f';

describe('totalPartsForDimensions (9 parts per cm², spec §1)', () => {
  it('is width × height × 9', () => {
    expect(totalPartsForDimensions(1, 1)).toBe(9);
    expect(totalPartsForDimensions(100, 80)).toBe(72_000);
  });
  it.each([
    [0, 10],
    [10, -1],
    [10.5, 10],
    [Number.NaN, 10],
  ])('rejects %d × %d', (width, height) => {
    expect(() => totalPartsForDimensions(width, height)).toThrow(RangeError);
  });
});

describe('prices', () => {
  it('the price of 1 cm² is 9 parts', () => {
    expect(pricePerCm2(1250)).toBe(11_250);
    expect(() => pricePerCm2(12.5)).toThrow(RangeError);
    expect(() => pricePerCm2(-1)).toThrow(RangeError);
  });
  it('a purchase total is price × quantity, exact', () => {
    expect(purchaseTotalMinor(1999, 3)).toBe(5997);
    expect(purchaseTotalMinor(1999, 0)).toBe(0);
    expect(() => purchaseTotalMinor(1999, -1)).toThrow(RangeError);
    expect(() => purchaseTotalMinor(1999, 1.5)).toThrow(RangeError);
    expect(() => purchaseTotalMinor(2 ** 40, 2 ** 20)).toThrow(RangeError);
  });
});

describe('partsToCm2', () => {
  it('splits into whole cm² and leftover parts', () => {
    expect(partsToCm2(0)).toEqual({ cm2: 0, remainder: 0 });
    expect(partsToCm2(8)).toEqual({ cm2: 0, remainder: 8 });
    expect(partsToCm2(18)).toEqual({ cm2: 2, remainder: 0 });
    expect(partsToCm2(20)).toEqual({ cm2: 2, remainder: 2 });
    expect(() => partsToCm2(-9)).toThrow(RangeError);
  });
  it('round-trips', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), (parts) => {
        const { cm2, remainder } = partsToCm2(parts);
        return cm2 * 9 + remainder === parts && remainder >= 0 && remainder < 9;
      }),
    );
  });
});

describe('formatPartsQuantity', () => {
  it.each([
    [0, '0 parts', '0 part'],
    [1, '1 part', '1 part'],
    [2, '2 parts', '2 parts'],
    [8, '8 parts', '8 parts'],
    [9, '9 parts (1 cm²)', '9 parts (1 cm²)'],
    [18, '18 parts (2 cm²)', '18 parts (2 cm²)'],
    [10, '10 parts (1 cm² + 1 part)', '10 parts (1 cm² + 1 part)'],
    [20, '20 parts (2 cm² + 2 parts)', '20 parts (2 cm² + 2 parts)'],
    [18_000, '18,000 parts (2,000 cm²)', `18${NNBSP}000 parts (2${NNBSP}000 cm²)`],
  ])('%d → en %j, fr %j', (parts, en, fr) => {
    expect(formatPartsQuantity(parts, 'en')).toBe(en);
    expect(formatPartsQuantity(parts, 'fr')).toBe(fr);
  });
  it('rejects fractions of parts', () => {
    expect(() => formatPartsQuantity(1.5, 'en')).toThrow(RangeError);
  });
});

describe('progressPercent and availabilityPercent (spec §9)', () => {
  it('progress is sold / total × 100, rounded', () => {
    expect(progressPercent(0, 9)).toBe(0);
    expect(progressPercent(9, 9)).toBe(100);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(1, 8)).toBe(13); // 12.5 rounds up
    expect(progressPercent(1, 200)).toBe(1); // 0.5 rounds up
    expect(progressPercent(1, 201)).toBe(0);
  });
  it('availability is (total − sold) / total × 100 with 2 decimals', () => {
    expect(availabilityPercent(0, 9)).toBe(100);
    expect(availabilityPercent(9, 9)).toBe(0);
    expect(availabilityPercent(1, 3)).toBe(66.67);
    expect(availabilityPercent(2, 3)).toBe(33.33);
    expect(availabilityPercent(1, 8)).toBe(87.5);
    expect(availabilityPercent(1, 80_000)).toBe(100); // 99.99875
    expect(availabilityPercent(7, 80_000)).toBe(99.99); // 99.99125
  });
  it.each([
    [10, 9],
    [-1, 9],
    [1, 0],
    [1, -5],
    [0.5, 9],
    [1, 9.5],
  ])('reject sold %d of total %d', (sold, total) => {
    expect(() => progressPercent(sold, total)).toThrow(RangeError);
    expect(() => availabilityPercent(sold, total)).toThrow(RangeError);
  });
  it('stay within 0..100 and availability has at most 2 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.nat(10_000_000), (total, n) => {
        const sold = n % (total + 1);
        const progress = progressPercent(sold, total);
        const available = availabilityPercent(sold, total);
        expect(Number.isInteger(progress)).toBe(true);
        expect(progress).toBeGreaterThanOrEqual(0);
        expect(progress).toBeLessThanOrEqual(100);
        expect(available).toBeGreaterThanOrEqual(0);
        expect(available).toBeLessThanOrEqual(100);
        expect(Math.abs(available * 100 - Math.round(available * 100))).toBeLessThan(1e-6);
        expect(Math.abs(available - ((total - sold) / total) * 100)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
  });
});

describe('refusals say which number is wrong', () => {
  it('dimensions, prices and quantities', () => {
    expect(() => totalPartsForDimensions(0, 1)).toThrow('width must be positive, got 0');
    expect(() => totalPartsForDimensions(1, 0)).toThrow('height must be positive, got 0');
    expect(() => totalPartsForDimensions(1.5, 1)).toThrow('width must be an integer, got 1.5');
    expect(() => totalPartsForDimensions(1, 1.5)).toThrow('height must be an integer, got 1.5');
    expect(() => totalPartsForDimensions(2 ** 26, 2 ** 26)).toThrow('parts is too large to be exact');
    expect(() => pricePerCm2(-1)).toThrow('price per part cannot be negative, got -1');
    expect(() => pricePerCm2(2 ** 50)).toThrow('price per cm² is too large to be exact');
    expect(() => partsToCm2(-1)).toThrow('parts cannot be negative, got -1');
    expect(() => purchaseTotalMinor(1.5, 1)).toThrow('price per part must be an integer');
    expect(() => purchaseTotalMinor(1, -1)).toThrow('quantity cannot be negative, got -1');
    expect(() => purchaseTotalMinor(2 ** 50, 4)).toThrow('total is too large to be exact');
  });
  it('sold and total parts', () => {
    expect(() => progressPercent(-1, 9)).toThrow('sold parts cannot be negative, got -1');
    expect(() => progressPercent(0, 0)).toThrow('total parts must be positive, got 0');
    expect(() => availabilityPercent(10, 9)).toThrow('sold parts (10) exceed total parts (9)');
  });
});
