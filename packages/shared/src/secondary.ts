import { purchaseTotalMinor } from './parts';

/**
 * Pricing a secondary-market purchase (issue 6): parts are taken from the open listings oldest first, each at its
 * own price, so the total is a sum of steps, not one price times the quantity. The server fills real listings the
 * same way (apps/api/src/modules/purchases/reserve.ts); the /buy page uses this to show the total it will be charged.
 */
export type PriceStep = { quantity: number; unitPriceMinor: number };

export type Fill = PriceStep;

/** The parts taken from each step for `quantity`, or null when the steps hold fewer parts than asked. */
export function fillSteps(steps: readonly PriceStep[], quantity: number): Fill[] | null {
  if (!Number.isSafeInteger(quantity) || quantity < 1) return null;
  const fills: Fill[] = [];
  let left = quantity;
  for (const step of steps) {
    if (left === 0) break;
    const take = Math.min(left, step.quantity);
    if (take > 0) fills.push({ quantity: take, unitPriceMinor: step.unitPriceMinor });
    left -= take;
  }
  return left === 0 ? fills : null;
}

/** The total in minor units of buying `quantity` parts from the steps, or null when they hold fewer parts. */
export function stepsTotalMinor(steps: readonly PriceStep[], quantity: number): number | null {
  const fills = fillSteps(steps, quantity);
  if (!fills) return null;
  return fills.reduce((sum, fill) => sum + purchaseTotalMinor(fill.unitPriceMinor, fill.quantity), 0);
}

/** Consecutive steps at the same price merged into one (what the offer sends; the total is unchanged). */
export function mergeSteps(steps: readonly PriceStep[]): PriceStep[] {
  const merged: PriceStep[] = [];
  for (const step of steps) {
    if (step.quantity <= 0) continue;
    const last = merged[merged.length - 1];
    if (last && last.unitPriceMinor === step.unitPriceMinor) last.quantity += step.quantity;
    else merged.push({ ...step });
  }
  return merged;
}
