import { type Currency, type FifoResult, fifo } from '@parcelle/shared';
import type { Rates } from '../fx/rates';
import { dayOf, displayMinor } from './money';
import type { PartsDisposal, PartsMovements } from './movements';

/**
 * THE cost basis of a member's parts of one work (issue 31), used by every screen, export and statement: the
 * portfolio (performance.ts), the value chart, the yearly statement, the history's exit rows and the exit's own
 * record (exits/settle-exit.ts). First in, first out (shared `fifo`) over every acquisition — primary purchases,
 * listings bought, order-book trades (parts-movements.ts reads them) — net of the parts sold, each amount converted
 * into `currency` at the rate of its own day. `until`: only the movements up to that instant.
 *
 * Parts disposed of that no acquisition covers (placed without a recorded price) are taken at zero cost and counted
 * in `uncoveredQuantity`; parts held that none covers are the holder's count less `remainingQuantity`. Screens say
 * the cost is unknown for them rather than showing a gain on nothing.
 */
export type WorkDisposal = { at: number; quantity: number; proceedsMinor: number; sale: PartsDisposal };

export function workCostBasis(
  movements: Pick<PartsMovements, 'acquisitions' | 'disposals'>,
  paintingId: string,
  rates: Rates,
  currency: Currency,
  until?: Date,
): FifoResult<WorkDisposal> {
  const shown = (minor: number, from: Currency, at: Date) => displayMinor(rates, minor, from, currency, dayOf(at));
  const mine = (m: { paintingId: string; at: Date }) =>
    m.paintingId === paintingId && (until === undefined || m.at.getTime() <= until.getTime());
  return fifo(
    movements.acquisitions
      .filter(mine)
      .map((a) => ({ at: a.at.getTime(), quantity: a.quantity, costMinor: shown(a.costMinor, a.currency, a.at) })),
    movements.disposals.filter(mine).map((d) => ({
      at: d.at.getTime(),
      quantity: d.quantity,
      proceedsMinor: shown(d.proceedsMinor, d.currency, d.at),
      sale: d,
    })),
  );
}
