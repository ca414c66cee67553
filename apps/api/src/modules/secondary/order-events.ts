import type { Currency } from '@parcelle/shared/constants';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { Rates } from '../fx/rates';
import { displayMinor } from '../member/money';
import { type NotifyContext, notifyMember } from '../notifications/notify';

/** The book's prices and held funds are in euros (orders.ts). */
const BOOK_CURRENCY = 'EURO' as const;

/**
 * What happened to members' orders on the secondary market (issue 17), told once the transaction that did it has
 * committed. `filled`: some or all of an order traded (`remaining` is what is left of it); `expired`: a bid reached
 * its expiry unfilled in part or whole and its held funds went back to the wallet.
 */
export type OrderEvent =
  | {
      kind: 'filled';
      side: 'ask' | 'bid';
      memberId: string;
      paintingId: string;
      orderId: string;
      orderReference: string;
      tradeReference: string;
      quantity: number;
      unitPriceMinor: number;
      remaining: number;
    }
  | {
      kind: 'expired';
      memberId: string;
      paintingId: string;
      orderId: string;
      orderReference: string;
      remaining: number;
      unitPriceMinor: number;
      releasedMinor: number;
    };

/**
 * Tells each member whose order was filled or whose bid expired (issue 17 "Staying informed"), inside the transaction
 * that did it: the in-app notification and its email job commit with the trade or the release, or not at all.
 */
export async function notifyOrderEvents(ctx: NotifyContext, tx: Executor, events: readonly OrderEvent[]) {
  const displayed = displayPrices(tx);
  for (const event of events) {
    if (event.kind === 'filled') {
      await notifyMember(ctx, tx, event.memberId, 'order_filled', {
        order_id: event.orderId,
        painting_id: event.paintingId,
        side: event.side === 'ask' ? 'sell' : 'buy',
        quantity: event.quantity,
        unit_price_minor: event.unitPriceMinor,
        currency: BOOK_CURRENCY,
        ...(await displayed(event.memberId, event.unitPriceMinor)),
      });
    } else if (event.remaining > 0) {
      await notifyMember(ctx, tx, event.memberId, 'bid_expired', {
        bid_id: event.orderId,
        painting_id: event.paintingId,
        quantity: event.remaining,
        unit_price_minor: event.unitPriceMinor,
        currency: BOOK_CURRENCY,
        ...(await displayed(event.memberId, event.unitPriceMinor)),
      });
    }
  }
}

/**
 * Issue 31, one currency per screen: a book price as a notice to `memberId` also carries it, in the member's own
 * currency at the day's rate (the book's euros stay beside it in the text); nothing for a member who reads euros, or
 * without a known rate (the euros alone then). The rates are read once per batch of events, and only when needed.
 */
function displayPrices(tx: Executor) {
  let rates: Rates | null = null;
  return async (
    memberId: string,
    unitPriceMinor: number,
  ): Promise<{ display_unit_price_minor?: number; display_currency?: Currency }> => {
    const [member] = await tx.select({ currency: users.currency }).from(users).where(eq(users.id, memberId));
    const currency = member?.currency ?? BOOK_CURRENCY;
    if (currency === BOOK_CURRENCY) return {};
    rates ??= await Rates.load(tx);
    if (!rates.known) return {};
    return {
      display_unit_price_minor: displayMinor(rates, unitPriceMinor, BOOK_CURRENCY, currency),
      display_currency: currency,
    };
  };
}

/**
 * The single place where order-book events leave the module, after the transaction that made them committed (and
 * notified its members, notifyOrderEvents): the public reads of the work are stale (its book changed: catalogue
 * changes, announced even with no event, e.g. a bid that rests).
 */
export function publishOrderEvents(ctx: AppContext, paintingId: string, _events: readonly OrderEvent[]): void {
  ctx.catalogueChanges.changed({ kind: 'sale', paintingId });
}
