import { eq, or } from 'drizzle-orm';
import type { CardEvent, PaypalCapture } from '../../adapters/payments/payments';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { purchases } from '../../db/schema';
import { WorkTurns } from '../../db/turns';
import { recordSettlementBatch } from '../../observability/metrics';
import type { Purchase } from './reserve';
import { announceSale } from './service';
import { type PaymentNotice, type PaymentOutcome, settlePaymentBatch } from './settle-payment';

export type { PaymentOutcome } from './settle-payment';

/**
 * Each process's settlements per work (turns.ts, beside the reservations' own): the payments of a work that arrive
 * while one of its batches settles wait, without a connection, and settle together in the next batch, one
 * transaction (settle-payment.ts, decision 467).
 */
const turnsOf = new WeakMap<AppContext, WorkTurns<PaymentNotice, PaymentOutcome>>();

/** The turn of payments whose purchase is unknown (recorded for the operators, and ignored). */
const NO_WORK = 'no-work';

function settleInTurn(ctx: AppContext, workId: string, notice: PaymentNotice): Promise<PaymentOutcome> {
  let turns = turnsOf.get(ctx);
  if (!turns) {
    turns = new WorkTurns<PaymentNotice, PaymentOutcome>(
      async (_workId, notices) => {
        recordSettlementBatch(notices.length);
        const outcomes = await settlePaymentBatch(ctx.database.db, ctx.jobs, notices);
        // What is sold changed (a payment settled, or refused as late): told once per work of the batch, at its commit,
        // where each payment told it once (the reservations' batches do the same).
        for (const workId of soldChangedIn(outcomes)) announceSale(ctx, workId);
        return outcomes.map((value) => ({ value }));
      },
      { inFlight: ctx.purchasesInFlight },
    );
    turnsOf.set(ctx, turns);
  }
  return turns.run(workId, notice);
}

/** The works whose sold parts a batch changed: settled, or settled again after its release, or refused as late. */
function soldChangedIn(outcomes: readonly PaymentOutcome[]): Set<string> {
  const works = new Set<string>();
  for (const outcome of outcomes) {
    if ((outcome.kind === 'settled' || outcome.kind === 'refund-due') && outcome.purchase) {
      works.add(outcome.purchase.paintingId);
    }
  }
  return works;
}

/**
 * A verified card event (Stripe's webhook or the sandbox's), settled in its work's next batch (settle-payment.ts).
 * Duplicates are ignored by event id; a success settles the purchase unless it is no longer pending (a success after
 * the release settles if the parts are still there as reserved, else it is refunded); a failure is recorded and the
 * reservation stays until it expires, so the buyer may try another card. `paintingId`: the work, when the caller
 * already read it (the sandbox's confirmation), else the one the payment's metadata carries; else it is read here.
 */
export async function handleCardEvent(ctx: AppContext, event: CardEvent, paintingId?: string): Promise<PaymentOutcome> {
  // The work: the caller's, else the payment's metadata (decision 487), else read (a payment created before that).
  const workId = paintingId ?? event.paintingId ?? (await workOfCardEvent(ctx.database.db, event)) ?? NO_WORK;
  return settleInTurn(ctx, workId, { kind: 'card', provider: ctx.payments.card.name, event });
}

/** PayPal's capture answer for a purchase's order (the only thing trusted, never the browser's copy). */
export function handlePaypalCapture(
  ctx: AppContext,
  purchase: Purchase,
  capture: PaypalCapture,
): Promise<PaymentOutcome> {
  return settleInTurn(ctx, purchase.paintingId, {
    kind: 'paypal',
    provider: ctx.payments.paypal.name,
    purchaseId: purchase.id,
    capture,
  });
}

/** The work of a card event's purchase (its turn), by the purchase id its payment carries, else by its payment id. */
async function workOfCardEvent(db: Executor, event: CardEvent): Promise<string | undefined> {
  const [row] = await db
    .select({ paintingId: purchases.paintingId })
    .from(purchases)
    .where(
      event.purchaseId
        ? or(eq(purchases.id, event.purchaseId), eq(purchases.providerRef, event.paymentId))
        : eq(purchases.providerRef, event.paymentId),
    )
    .limit(1);
  return row?.paintingId;
}
