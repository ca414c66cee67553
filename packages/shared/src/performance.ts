import { divideRounded, safeInteger } from './money';

/**
 * Investment performance of a member's parts (issue 17 "True numbers"): cost basis and realised gains first in,
 * first out, and the money-weighted annualised return (XIRR). Pure functions over integer minor units of ONE
 * currency (the caller converts every flow into the currency shown before calling); instants are epoch
 * milliseconds.
 */

/** Parts acquired together at one cost (a paid purchase; later: any other way parts are acquired). */
export type Acquisition = { at: number; quantity: number; costMinor: number };
/** Parts leaving the member for proceeds (a secondary sale, an exit payout…), see `Disposal` sources in the API. */
export type Disposal = { at: number; quantity: number; proceedsMinor: number };

export type RealisedDisposal<D extends Disposal = Disposal> = {
  disposal: D;
  /** The cost of the parts it took, lot by lot, oldest lot first. */
  costMinor: number;
  /** proceeds − cost. */
  gainMinor: number;
  /** Parts disposed of that no recorded acquisition covers (taken at zero cost). */
  uncoveredQuantity: number;
};

export type FifoResult<D extends Disposal = Disposal> = {
  realised: RealisedDisposal<D>[];
  /** What is still held, per lot: the part of each acquisition not disposed of, with its remaining cost. */
  remaining: Acquisition[];
  remainingQuantity: number;
  remainingCostMinor: number;
};

function checkQuantity(quantity: number): number {
  if (!Number.isInteger(quantity) || quantity <= 0) throw new RangeError(`quantity must be a positive integer`);
  return quantity;
}

/**
 * First in, first out: disposals (in time order; an acquisition and a disposal at the same instant count the
 * acquisition first) take parts from the oldest lot still open. Taking q of a lot's n remaining parts takes
 * cost × q ÷ n of its remaining cost, rounded half-even, and the last part of a lot takes whatever cost is left,
 * so no cent is lost or made: Σ realised cost + remaining cost = Σ acquisition costs exactly.
 */
export function fifo<D extends Disposal>(acquisitions: readonly Acquisition[], disposals: readonly D[]): FifoResult<D> {
  const lots = [...acquisitions]
    .map((lot) => ({
      at: lot.at,
      quantity: checkQuantity(lot.quantity),
      cost: BigInt(safeInteger(lot.costMinor, 'cost')),
    }))
    .sort((a, b) => a.at - b.at);
  const ordered = [...disposals].sort((a, b) => a.at - b.at);
  const realised: RealisedDisposal<D>[] = [];
  let next = 0;
  for (const disposal of ordered) {
    let wanted = checkQuantity(disposal.quantity);
    safeInteger(disposal.proceedsMinor, 'proceeds');
    let cost = 0n;
    for (let i = next; i < lots.length && wanted > 0; i++) {
      const lot = lots[i];
      if (!lot || lot.at > disposal.at) break;
      if (lot.quantity === 0) continue;
      const taken = Math.min(wanted, lot.quantity);
      const share = taken === lot.quantity ? lot.cost : divideRounded(lot.cost * BigInt(taken), BigInt(lot.quantity));
      cost += share;
      lot.cost -= share;
      lot.quantity -= taken;
      wanted -= taken;
    }
    while (next < lots.length && lots[next]?.quantity === 0) next++;
    const costMinor = safeInteger(Number(cost), 'cost');
    realised.push({
      disposal,
      costMinor,
      gainMinor: safeInteger(disposal.proceedsMinor - costMinor, 'gain'),
      uncoveredQuantity: wanted,
    });
  }
  const remaining = lots
    .filter((lot) => lot.quantity > 0)
    .map((lot) => ({ at: lot.at, quantity: lot.quantity, costMinor: Number(lot.cost) }));
  return {
    realised,
    remaining,
    remainingQuantity: remaining.reduce((sum, lot) => sum + lot.quantity, 0),
    remainingCostMinor: safeInteger(
      remaining.reduce((sum, lot) => sum + lot.costMinor, 0),
      'cost',
    ),
  };
}

/** A dated cash flow seen from the member: negative paid out (a purchase), positive received (sale, dividend, value). */
export type CashFlow = { at: number; amountMinor: number };

const DAY_MS = 86_400_000;
/** XIRR's year: 365 days (the convention of spreadsheet XIRR). */
export const XIRR_YEAR_DAYS = 365;
/**
 * Below one year between the first and the last flow a return is not annualised (GIPS: annualising a short period
 * turns a few percent into hundreds): xirr answers null and the screens show the gain in percent only.
 */
export const XIRR_MIN_DAYS = 365;
const LOWEST_RATE = -0.999_999_999;
const HIGHEST_RATE = 1_000_000;
const ITERATIONS = 200;

/**
 * The money-weighted annualised return (XIRR): the rate r with Σ amountᵢ ÷ (1 + r)^(daysᵢ ÷ 365) = 0, daysᵢ counted
 * from the first flow. Found by bisection between −99.9999999 % and +10⁸ % (robust where Newton's method diverges;
 * 200 halvings are far below a basis point). Answers null when it is not defined or not meaningful: fewer than two
 * flows, flows all of one sign, less than XIRR_MIN_DAYS between the first and the last, or no sign change of the
 * net present value over that range. Amounts are integer minor units (checked).
 */
export function xirr(flows: readonly CashFlow[], minDays = XIRR_MIN_DAYS): number | null {
  const checked = flows.filter((flow) => safeInteger(flow.amountMinor, 'cash flow') !== 0).sort((a, b) => a.at - b.at);
  const first = checked[0];
  const last = checked.at(-1);
  if (!first || !last || checked.length < 2) return null;
  if (!checked.some((f) => f.amountMinor < 0) || !checked.some((f) => f.amountMinor > 0)) return null;
  if ((last.at - first.at) / DAY_MS < minDays) return null;
  const years = checked.map((flow) => (flow.at - first.at) / DAY_MS / XIRR_YEAR_DAYS);
  const npv = (rate: number) =>
    checked.reduce((sum, flow, i) => sum + flow.amountMinor / (1 + rate) ** (years[i] ?? 0), 0);
  let lo = LOWEST_RATE;
  let hi = HIGHEST_RATE;
  let atLo = npv(lo);
  const atHi = npv(hi);
  if (!Number.isFinite(atLo) || !Number.isFinite(atHi) || Math.sign(atLo) === Math.sign(atHi)) return null;
  for (let i = 0; i < ITERATIONS; i++) {
    const mid = (lo + hi) / 2;
    const atMid = npv(mid);
    if (atMid === 0) return mid;
    if (Math.sign(atMid) === Math.sign(atLo)) {
      lo = mid;
      atLo = atMid;
    } else hi = mid;
  }
  return (lo + hi) / 2;
}

/** A rate as whole basis points (10.25 % → 1025), rounded half away from zero; null stays null. */
export function rateToBps(rate: number | null): number | null {
  if (rate === null || !Number.isFinite(rate)) return null;
  const bps = Math.round(Math.abs(rate) * 10_000) * Math.sign(rate);
  return bps === 0 ? 0 : bps;
}

/** gain ÷ cost in basis points (half-even); 0 without a cost. */
export function gainBps(gainMinor: number, costMinor: number): number {
  const cost = BigInt(safeInteger(costMinor, 'cost'));
  if (cost <= 0n) return 0;
  return Number(divideRounded(BigInt(safeInteger(gainMinor, 'gain')) * 10_000n, cost));
}

/** Each part's share of the whole in basis points (half-even); all zero when the whole is zero. */
export function allocationBps(valuesMinor: readonly number[]): number[] {
  const total = valuesMinor.reduce((sum, value) => sum + BigInt(safeInteger(value, 'value')), 0n);
  if (total <= 0n) return valuesMinor.map(() => 0);
  return valuesMinor.map((value) => Number(divideRounded(BigInt(value) * 10_000n, total)));
}
