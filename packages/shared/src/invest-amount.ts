import { safeInteger } from './money';
import { purchaseTotalMinor } from './parts';
import type { PriceStep } from './secondary';

/**
 * Buying by amount (issue 17): "invest €5,000" becomes a whole number of parts, the money left over, and the fees,
 * before anything is paid. A purchase is charged its parts at their price and nothing else: the platform's entry fee
 * is included in the price of each part (docs/decisions.md), storage and insurance are yearly costs of the work and
 * the exit fee is taken at the exit. So the parts an amount buys are the most parts, taken in the order the server
 * sells them (primary: one price; secondary: the oldest listings first, each at its own price), whose total does not
 * exceed the amount. Integer minor units only; the server quotes the parts chosen here at the same total.
 */

/** Why no further part is bought: the amount would be exceeded, no part is left, or the largest purchase is reached. */
export type AmountLimit = 'amount' | 'available' | 'maximum';

export type AmountQuote = {
  /** Whole parts bought (0 when the amount does not reach one part). */
  parts: number;
  /** What is paid: the parts at their price, fees included. Never more than the amount. */
  spentMinor: number;
  /** The amount minus what is paid: not charged, it stays with the member. */
  remainderMinor: number;
  /** What the next part would cost, null when none is left to buy. */
  nextPartMinor: number | null;
  limitedBy: AmountLimit;
};

/**
 * The parts `amountMinor` buys from `steps` (the price of each part in selling order), at most `maxParts`.
 * When limited by the amount, what is left is less than the next part's price.
 */
export function partsForAmount(amountMinor: number, steps: readonly PriceStep[], maxParts: number): AmountQuote {
  safeInteger(amountMinor, 'amount');
  safeInteger(maxParts, 'maximum parts');
  if (amountMinor < 0) throw new RangeError(`amount cannot be negative, got ${amountMinor}`);
  let parts = 0;
  let spent = 0;
  for (const step of steps) {
    safeInteger(step.quantity, 'step quantity');
    if (step.quantity <= 0) continue;
    if (step.unitPriceMinor <= 0) throw new RangeError(`a part's price must be positive, got ${step.unitPriceMinor}`);
    if (parts >= maxParts) return quote(parts, spent, amountMinor, step.unitPriceMinor, 'maximum');
    const affordable = Math.floor((amountMinor - spent) / step.unitPriceMinor);
    const take = Math.min(step.quantity, affordable, maxParts - parts);
    parts += take;
    spent += purchaseTotalMinor(step.unitPriceMinor, take);
    if (take < step.quantity) {
      return quote(parts, spent, amountMinor, step.unitPriceMinor, take === affordable ? 'amount' : 'maximum');
    }
  }
  return quote(parts, spent, amountMinor, null, 'available');
}

function quote(
  parts: number,
  spentMinor: number,
  amountMinor: number,
  nextPartMinor: number | null,
  limitedBy: AmountLimit,
): AmountQuote {
  return { parts, spentMinor, remainderMinor: safeInteger(amountMinor - spentMinor), nextPartMinor, limitedBy };
}

/** The primary market's steps: every part left at the work's one price. */
export function primarySteps(available: number, unitPriceMinor: number): PriceStep[] {
  return available > 0 ? [{ quantity: available, unitPriceMinor }] : [];
}

/** The share of the whole work that `parts` of its `totalParts` represent, as a fraction (0.0125 = 1.25 %). */
export function shareOfWork(parts: number, totalParts: number): number {
  safeInteger(parts, 'parts');
  safeInteger(totalParts, 'total parts');
  if (totalParts <= 0) throw new RangeError(`total parts must be positive, got ${totalParts}`);
  if (parts < 0 || parts > totalParts) throw new RangeError(`parts must be between 0 and ${totalParts}, got ${parts}`);
  return parts / totalParts;
}

/** The entry fee included in the price of `parts` (the work's fee per part, EUR minor units). */
export function includedEntryFeeMinor(parts: number, entryFeePerPartMinor: number): number {
  return purchaseTotalMinor(entryFeePerPartMinor, parts);
}

/**
 * A yearly cost of the whole work (storage, insurance) in proportion to `parts`, rounded down to the minor unit: an
 * indication of what those parts carry, which is borne by the work, not charged at purchase.
 */
export function yearlyShareMinor(yearlyCostMinor: number, parts: number, totalParts: number): number {
  shareOfWork(parts, totalParts);
  safeInteger(yearlyCostMinor, 'yearly cost');
  return Number((BigInt(yearlyCostMinor) * BigInt(parts)) / BigInt(totalParts));
}
