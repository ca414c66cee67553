import {
  allocationBps,
  type CashFlow,
  type Currency,
  divideRounded,
  gainBps,
  purchaseTotalMinor,
  rateToBps,
  xirr,
} from '@parcelle/shared';
import type { ValuePoint } from '../catalogue/value-history';
import type { Rates } from '../fx/rates';
import { workCostBasis } from './cost-basis';
import { dayOf, displayMinor } from './money';
import type { PartsMovements } from './parts-movements';

/**
 * The member's "true numbers" (issue 17), all in the display currency, integer minor units:
 * - every flow (a purchase's cost, a sale's proceeds, a dividend) converted at the rate of its own day, as the
 *   history shows it;
 * - cost basis and realised gains first in, first out (shared `fifo`) per work, over the converted flows;
 * - the current value of the parts held from the work's latest appraisal (value × parts held ÷ total parts,
 *   half-even), converted at the rate of the appraisal's date, as the value chart's last point; a work never
 *   appraised is valued at its part price (`valued_on` null);
 * - gain = current value − cost basis of the parts held (unrealised), in money and basis points of the cost;
 * - the annualised return: XIRR (shared `xirr`) over −purchases, +sales, +dividends and +the current value today,
 *   null under a year of history;
 * - allocation: each work's share of the current value, in basis points.
 */

export type HeldWork = {
  paintingId: string;
  titleEn: string;
  titleFr: string;
  quantity: number;
  totalParts: number;
  /** EUR minor units. */
  pricePerPartMinor: number;
};

export type WorkPerformance = {
  paintingId: string;
  titleEn: string;
  titleFr: string;
  quantity: number;
  costBasisMinor: number;
  /** Parts held that no acquisition covers: their cost is unknown (issue 31). */
  costUnknownParts: number;
  valueMinor: number;
  valuedOn: string | null;
  gainMinor: number;
  gainBps: number;
  realisedGainMinor: number;
  dividendsMinor: number;
  annualisedReturnBps: number | null;
  allocationBps: number;
};

export type PortfolioPerformance = {
  works: WorkPerformance[];
  costBasisMinor: number;
  costUnknownParts: number;
  valueMinor: number;
  gainMinor: number;
  gainBps: number;
  realisedGainMinor: number;
  dividendsMinor: number;
  annualisedReturnBps: number | null;
};

/** What `quantity` parts of a work are worth at `point` (or at the part price without one), in `currency`. */
export function holdingValue(
  rates: Rates,
  work: HeldWork,
  quantity: number,
  point: ValuePoint | undefined,
  currency: Currency,
): number {
  if (!point) return displayMinor(rates, purchaseTotalMinor(work.pricePerPartMinor, quantity), 'EURO', currency);
  const share = Number(divideRounded(BigInt(point.valueMinor) * BigInt(quantity), BigInt(work.totalParts)));
  return displayMinor(rates, share, point.currency, currency, point.valuedOn);
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

export function portfolioPerformance(input: {
  held: readonly HeldWork[];
  histories: ReadonlyMap<string, ValuePoint[]>;
  movements: PartsMovements;
  rates: Rates;
  currency: Currency;
  now: Date;
}): PortfolioPerformance {
  const { rates, currency, movements, now } = input;
  const shown = (minor: number, from: Currency, at: Date) => displayMinor(rates, minor, from, currency, dayOf(at));
  const allFlows: CashFlow[] = [];
  const works: Omit<WorkPerformance, 'allocationBps'>[] = [];
  for (const work of input.held) {
    const id = work.paintingId;
    const bought = movements.acquisitions.filter((a) => a.paintingId === id);
    const paid = movements.dividends.filter((d) => d.paintingId === id);
    const lots = workCostBasis(movements, id, rates, currency);
    const latest = input.histories.get(id)?.at(-1);
    const valueMinor = holdingValue(rates, work, work.quantity, latest, currency);
    const costBasisMinor = lots.remainingCostMinor;
    const flows: CashFlow[] = [
      ...bought.map((a) => ({ at: a.at.getTime(), amountMinor: -shown(a.costMinor, a.currency, a.at) })),
      ...lots.realised.map((r) => ({ at: r.disposal.at, amountMinor: r.disposal.proceedsMinor })),
      ...paid.map((d) => ({ at: d.at.getTime(), amountMinor: shown(d.amountMinor, d.currency, d.at) })),
      { at: now.getTime(), amountMinor: valueMinor },
    ];
    allFlows.push(...flows);
    works.push({
      paintingId: id,
      titleEn: work.titleEn,
      titleFr: work.titleFr,
      quantity: work.quantity,
      costBasisMinor,
      costUnknownParts: Math.max(0, work.quantity - lots.remainingQuantity),
      valueMinor,
      valuedOn: latest?.valuedOn ?? null,
      gainMinor: valueMinor - costBasisMinor,
      gainBps: gainBps(valueMinor - costBasisMinor, costBasisMinor),
      realisedGainMinor: sum(lots.realised.map((r) => r.gainMinor)),
      dividendsMinor: sum(paid.map((d) => shown(d.amountMinor, d.currency, d.at))),
      annualisedReturnBps: rateToBps(xirr(flows)),
    });
  }
  // Works no longer held still count in the totals: their realised gains, dividends and cash flows.
  const heldIds = new Set(input.held.map((work) => work.paintingId));
  const gone = [...new Set(movements.acquisitions.map((a) => a.paintingId))].filter((id) => !heldIds.has(id));
  let goneRealised = 0;
  let goneDividends = 0;
  for (const id of gone) {
    const bought = movements.acquisitions.filter((a) => a.paintingId === id);
    const lots = workCostBasis(movements, id, rates, currency);
    const dividends = movements.dividends
      .filter((d) => d.paintingId === id)
      .map((d) => ({ at: d.at.getTime(), amountMinor: shown(d.amountMinor, d.currency, d.at) }));
    goneRealised += sum(lots.realised.map((r) => r.gainMinor));
    goneDividends += sum(dividends.map((d) => d.amountMinor));
    allFlows.push(
      ...bought.map((a) => ({ at: a.at.getTime(), amountMinor: -shown(a.costMinor, a.currency, a.at) })),
      ...lots.realised.map((r) => ({ at: r.disposal.at, amountMinor: r.disposal.proceedsMinor })),
      ...dividends,
    );
  }
  const shares = allocationBps(works.map((work) => work.valueMinor));
  const costBasisMinor = sum(works.map((work) => work.costBasisMinor));
  const valueMinor = sum(works.map((work) => work.valueMinor));
  return {
    works: works.map((work, i) => ({ ...work, allocationBps: shares[i] ?? 0 })),
    costBasisMinor,
    costUnknownParts: sum(works.map((work) => work.costUnknownParts)),
    valueMinor,
    gainMinor: valueMinor - costBasisMinor,
    gainBps: gainBps(valueMinor - costBasisMinor, costBasisMinor),
    realisedGainMinor: sum(works.map((work) => work.realisedGainMinor)) + goneRealised,
    dividendsMinor: sum(works.map((work) => work.dividendsMinor)) + goneDividends,
    annualisedReturnBps: rateToBps(xirr(allFlows)),
  };
}

/**
 * Parts of a work the member held at an instant, from their acquisitions and disposals (the register's current
 * quantity less what came in after, plus what left after).
 */
export function quantityAt(movements: PartsMovements, paintingId: string, heldNow: number, at: Date): number {
  const after = (d: { paintingId: string; at: Date }) => d.paintingId === paintingId && d.at.getTime() > at.getTime();
  const cameIn = sum(movements.acquisitions.filter(after).map((a) => a.quantity));
  const wentOut = sum(movements.disposals.filter(after).map((d) => d.quantity));
  return Math.max(0, heldNow - cameIn + wentOut);
}

/** What the parts of a work held at an instant had cost (FIFO over the movements up to then), in `currency`. */
export function costAt(
  movements: PartsMovements,
  paintingId: string,
  at: Date,
  rates: Rates,
  currency: Currency,
): number {
  return workCostBasis(movements, paintingId, rates, currency, at).remainingCostMinor;
}
