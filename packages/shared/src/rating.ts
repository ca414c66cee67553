import { divideRounded, safeInteger } from './money';

/** One point of a yearly price series: an average price in minor units (e.g. per cm², one currency). */
export type YearlyPrice = { year: number; priceMinor: number };
export type IndexPoint = { year: number; value: number };

/**
 * The rating index IC of spec §1: base 100 for 100 EUR invested in `baseYear` (2000), i.e.
 * value(year) = 100 × price(year) / price(baseYear), with 2 decimals, computed with integers only
 * (rounded half-even on the hundredth). Years are returned in ascending order.
 * When the series has no positive price for the base year (an artist first sold later), the index is
 * rebased on the first year of the series instead: that year is then 100.
 */
export function ratingIndex(series: readonly YearlyPrice[], baseYear = 2000): IndexPoint[] {
  const sorted = [...series].sort((a, b) => a.year - b.year);
  for (const point of sorted) safeInteger(point.priceMinor, 'price');
  const base =
    sorted.find((point) => point.year === baseYear && point.priceMinor > 0) ?? sorted.find((p) => p.priceMinor > 0);
  if (!base) return [];
  const basePrice = BigInt(base.priceMinor);
  return sorted.map((point) => ({
    year: point.year,
    value: Number(divideRounded(BigInt(point.priceMinor) * 10_000n, basePrice)) / 100,
  }));
}

/**
 * Percentage change from `previous` to `current` (integers of the same unit), 2 decimals, computed with
 * integers: (current − previous) / previous × 100. A previous value of 0 has no meaningful change: 0.
 */
export function percentChange(previous: number, current: number): number {
  const p = BigInt(safeInteger(previous, 'previous'));
  const c = BigInt(safeInteger(current, 'current'));
  if (p === 0n) return 0;
  const magnitude = p < 0n ? -p : p;
  return Number(divideRounded((c - p) * 10_000n, magnitude)) / 100;
}
