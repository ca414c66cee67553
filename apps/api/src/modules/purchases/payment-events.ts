import type { Currency } from '@parcelle/shared/constants';
import { and, eq, or } from 'drizzle-orm';
import type { CardEvent, PaypalCapture } from '../../adapters/payments/payments';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { inTransaction } from '../../db/retry';
import { paymentEvents, purchases } from '../../db/schema';
import { recordRefundDue, retakeParts } from './late-payment';
import type { Purchase } from './reserve';
import { settlePurchase } from './settle';

export type PaymentOutcome =
  | { kind: 'settled'; purchase: Purchase; certificateNumber: string }
  /** Paid too late for parts no longer available: the refund to ask the provider for (after the commit). */
  | { kind: 'refund-due'; purchase: Purchase; refundId: string }
  | { kind: 'already-paid' | 'duplicate' | 'ignored' | 'recorded-failure'; purchase?: Purchase };

/**
 * Records a provider event once: false when it was already handled (webhooks arrive at least once). What it reports
 * (payment id, amount) is kept for the operators' reconciliation, with the purchase it was matched to.
 */
async function firstTime(
  tx: Executor,
  provider: string,
  eventId: string,
  type: string,
  reported: { paymentRef: string; amountMinor: number; currency: Currency | null; purchaseId?: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values({ provider, eventId, type, ...reported })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

function amountMatches(purchase: Purchase, amountMinor: number, currency: string | null): boolean {
  return purchase.totalMinor === amountMinor && purchase.currency === currency;
}

/**
 * A verified card event (Stripe's webhook or the sandbox's). Duplicates are ignored by event id; a success
 * settles the purchase unless it is no longer pending (a success after the release settles if the parts are still
 * there as reserved, else it is refunded);
 * a failure is recorded and the reservation stays until it expires, so the buyer may try another card.
 * Events in any order end in the same state.
 */
export async function handleCardEvent(ctx: AppContext, event: CardEvent): Promise<PaymentOutcome> {
  const provider = ctx.payments.card.name;
  return inTransaction(ctx.database.db, async (tx): Promise<PaymentOutcome> => {
    // 1. The purchase the event is about, locked: by the purchase id the payment carries, else by its payment id.
    const [purchase] = await tx
      .select()
      .from(purchases)
      .where(
        and(
          eq(purchases.paymentMethod, 'card'),
          event.purchaseId
            ? or(eq(purchases.id, event.purchaseId), eq(purchases.providerRef, event.paymentId))
            : eq(purchases.providerRef, event.paymentId),
        ),
      )
      .for('update');
    // 2. The event recorded once, matched to its purchase for the reconciliation: a duplicate changes nothing.
    const reported = {
      paymentRef: event.paymentId,
      amountMinor: event.amountMinor,
      currency: event.currency,
      ...(purchase ? { purchaseId: purchase.id } : {}),
    };
    if (!(await firstTime(tx, provider, event.id, event.type, reported))) return { kind: 'duplicate' };
    if (!purchase) return { kind: 'ignored' };
    // 3. A decline: recorded, and the reservation stays until it expires (the member may try another card).
    if (event.type === 'failed') {
      if (purchase.status !== 'pending') return { kind: 'ignored', purchase };
      await tx
        .update(purchases)
        .set({ failureReason: event.failureMessage ?? 'card declined' })
        .where(eq(purchases.id, purchase.id));
      return { kind: 'recorded-failure', purchase };
    }
    // 4. Never settled for another amount than the one reserved; the operators see the reason.
    if (!amountMatches(purchase, event.amountMinor, event.currency)) {
      await tx
        .update(purchases)
        .set({ failureReason: `amount mismatch: ${event.amountMinor} ${event.currency}` })
        .where(eq(purchases.id, purchase.id));
      return { kind: 'ignored', purchase };
    }
    // 5. Settled (settle.ts), or, paid too late for parts no longer there, refunded.
    return settleOrRefund(tx, purchase, { providerRef: event.paymentId, provider, paymentRef: event.paymentId });
  });
}

/** PayPal's capture answer for a purchase's order (the only thing trusted, never the browser's copy). */
export async function handlePaypalCapture(
  ctx: AppContext,
  purchase: Purchase,
  capture: PaypalCapture,
): Promise<PaymentOutcome> {
  return inTransaction(ctx.database.db, async (tx): Promise<PaymentOutcome> => {
    const [locked] = await tx.select().from(purchases).where(eq(purchases.id, purchase.id)).for('update');
    if (!locked) return { kind: 'ignored' };
    if (!capture.completed) {
      if (locked.status === 'pending') {
        await tx
          .update(purchases)
          .set({ failureReason: 'PayPal capture not completed' })
          .where(eq(purchases.id, locked.id));
      }
      return { kind: 'recorded-failure', purchase: locked };
    }
    const payment = {
      providerRef: capture.orderId,
      provider: ctx.payments.paypal.name,
      // A completed capture has its id; the order id is only a fallback PayPal would refuse to refund.
      paymentRef: capture.captureId ?? capture.orderId,
    };
    const reported = {
      paymentRef: capture.orderId,
      amountMinor: capture.amountMinor,
      currency: capture.currency,
      purchaseId: locked.id,
    };
    if (!(await firstTime(tx, ctx.payments.paypal.name, capture.captureId ?? capture.orderId, 'capture', reported))) {
      // The same capture again: a purchase being refunded answers so again (nothing more is recorded).
      if (locked.status === 'refund_pending' || locked.status === 'refunded')
        return settleOrRefund(tx, locked, payment);
      return { kind: locked.status === 'paid' ? 'already-paid' : 'duplicate', purchase: locked };
    }
    if (capture.reference !== locked.reference || !amountMatches(locked, capture.amountMinor, capture.currency)) {
      await tx
        .update(purchases)
        .set({ failureReason: `PayPal capture does not match: ${capture.amountMinor} ${capture.currency}` })
        .where(eq(purchases.id, locked.id));
      return { kind: 'ignored', purchase: locked };
    }
    return settleOrRefund(tx, locked, payment);
  });
}

/**
 * Money arrived for a purchase: pending, it settles; released (the reservation ended first), it settles when the
 * same parts can be reserved again as they were, else the refund is recorded; already refunding, nothing more.
 */
async function settleOrRefund(
  tx: Executor,
  purchase: Purchase,
  payment: { providerRef: string; provider: string; paymentRef: string },
): Promise<PaymentOutcome> {
  if (purchase.status === 'paid') return { kind: 'already-paid', purchase };
  if (purchase.status === 'pending' || (await retakeParts(tx, purchase))) {
    const settled = await settlePurchase(tx, purchase.id, { kind: 'external', providerRef: payment.providerRef });
    if (settled) {
      return { kind: 'settled', purchase: settled.purchase, certificateNumber: settled.certificate.number };
    }
  }
  const refund = await recordRefundDue(tx, purchase, payment);
  const [current] = await tx.select().from(purchases).where(eq(purchases.id, purchase.id));
  return { kind: 'refund-due', purchase: current ?? purchase, refundId: refund.id };
}
