import { formatMoney } from '@parcelle/shared/money';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { inTransaction } from '../../db/retry';
import { listings, paintings, purchaseFills, purchases, refunds } from '../../db/schema';
import { Rates } from '../fx/rates';
import { accountFor, postTransaction } from '../ledger/ledger';
import { holdsPrimaryParts } from '../market/buyers';
import { MARKET, onMarket } from '../market/state';
import { takePrimaryParts } from '../market/stock';
import { takeParts } from '../market/take-parts';
import { latePaymentRefundedEmail } from '../notifications/emails';
import { moveParts } from '../parts/register';
import { buyerMailContext } from './buyer-mail';
import { type Purchase, unitPriceIn } from './reserve';

/**
 * A payment that arrives after its reservation was released (expired, or failed when the provider could not be
 * reached). Either the very parts can still be had as they were reserved (same market, enough of them, at the price
 * paid) and the purchase is reserved again and settled by the caller; or the money goes back where it came from:
 * a refund through the provider, never wallet credit. Wallet payments never arrive late: they are taken inside the
 * purchase's own transaction.
 */

export type Refund = typeof refunds.$inferSelect;

/** Statuses from which a late payment may still take the parts again. */
const RELEASED = ['expired', 'failed'] as const;

/**
 * Reserves a released purchase's parts again, inside the caller's transaction, when they are still there exactly
 * as reserved: on the primary market, the work is still on it with enough parts and the part price in the
 * purchase's currency is the one paid; on the secondary market, every listing the purchase took from is still open
 * with enough parts at the price paid. Nothing is written unless all of it holds. Returns whether it reserved.
 */
export async function retakeParts(tx: Executor, purchase: Purchase): Promise<boolean> {
  if (!RELEASED.includes(purchase.status as (typeof RELEASED)[number])) return false;
  const taken =
    purchase.market === MARKET.secondary ? await retakeListings(tx, purchase) : await retakeStock(tx, purchase);
  if (!taken) return false;
  const [revived] = await tx
    .update(purchases)
    .set({ status: 'pending', failureReason: null })
    .where(and(eq(purchases.id, purchase.id), inArray(purchases.status, [...RELEASED])))
    .returning({ id: purchases.id });
  if (!revived) throw new Error(`purchase ${purchase.reference} changed while its parts were taken again`);
  return true;
}

async function retakeStock(tx: Executor, purchase: Purchase): Promise<boolean> {
  const [painting] = await tx.select().from(paintings).where(eq(paintings.id, purchase.paintingId)).for('update');
  if (!painting || !onMarket(painting, 'primary')) return false;
  if (painting.totalParts - painting.soldParts < purchase.quantity) return false;
  if ((await unitPriceIn(tx, painting, purchase.currency)) !== purchase.unitPriceMinor) return false;
  if (!(await takePrimaryParts(tx, painting.id, purchase.quantity))) return false;
  await moveParts(tx, {
    paintingId: purchase.paintingId,
    reason: 'reserve',
    reference: purchase.reference,
    lines: [
      { holder: { kind: 'available' }, quantity: -purchase.quantity },
      { holder: { kind: 'reserved', purchaseId: purchase.id }, quantity: purchase.quantity },
    ],
  });
  return true;
}

async function retakeListings(tx: Executor, purchase: Purchase): Promise<boolean> {
  if (!(await holdsPrimaryParts(tx, purchase.userId))) return false;
  const fills = await tx.select().from(purchaseFills).where(eq(purchaseFills.purchaseId, purchase.id));
  if (fills.length === 0) return false;
  // Locked in the order every secondary reservation locks listings (oldest first), so no deadlock.
  const locked = await tx
    .select()
    .from(listings)
    .where(
      inArray(
        listings.id,
        fills.map((fill) => fill.listingId),
      ),
    )
    .orderBy(asc(listings.createdAt), asc(listings.id))
    .for('update');
  const rates = purchase.currency === 'EURO' ? null : await Rates.load(tx);
  for (const fill of fills) {
    const listing = locked.find((row) => row.id === fill.listingId);
    if (listing?.status !== 'open' || listing.remaining < fill.quantity) return false;
    if (listing.sellerId === purchase.userId) return false;
    const price = rates ? rates.convert(listing.unitPriceMinor, purchase.currency) : listing.unitPriceMinor;
    if (price !== fill.unitPriceMinor) return false;
  }
  for (const fill of fills) {
    await takeParts(tx, 'listing', fill.listingId, fill.quantity);
  }
  await moveParts(tx, {
    paintingId: purchase.paintingId,
    reason: 'reserve',
    reference: purchase.reference,
    lines: [
      ...fills.map((fill) => ({
        holder: { kind: 'listed' as const, listingId: fill.listingId },
        quantity: -fill.quantity,
      })),
      { holder: { kind: 'reserved', purchaseId: purchase.id }, quantity: purchase.quantity },
    ],
  });
  return true;
}

/**
 * Records, inside the caller's transaction, that a late payment must go back: the purchase becomes refund_pending,
 * one refund row is created (unique per purchase: a retried webhook finds it and adds nothing), and the ledger takes
 * the money in from the provider to `refunds_payable` (what Parcelle owes back), never to the member's wallet.
 * Returns the refund (the existing one when it was already recorded).
 */
export async function recordRefundDue(
  tx: Executor,
  purchase: Purchase,
  payment: { provider: string; paymentRef: string },
): Promise<Refund> {
  const [created] = await tx
    .insert(refunds)
    .values({
      purchaseId: purchase.id,
      provider: payment.provider,
      paymentRef: payment.paymentRef,
      amountMinor: purchase.totalMinor,
      currency: purchase.currency,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) {
    const [existing] = await tx.select().from(refunds).where(eq(refunds.purchaseId, purchase.id));
    if (!existing) throw new Error(`refund of ${purchase.reference} neither created nor found`);
    return existing;
  }
  await tx
    .update(purchases)
    .set({
      status: 'refund_pending',
      failureReason: 'paid after the reservation ended; the parts were no longer available: refunded',
    })
    .where(eq(purchases.id, purchase.id));
  await postTransaction(tx, {
    reference: `${purchase.reference}:late-payment`,
    description: `payment ${payment.paymentRef} received after the reservation ended: to be refunded`,
    lines: [
      {
        accountId: await accountFor(tx, 'external', purchase.currency),
        amountMinor: -purchase.totalMinor,
        currency: purchase.currency,
      },
      {
        accountId: await accountFor(tx, 'refunds_payable', purchase.currency),
        amountMinor: purchase.totalMinor,
        currency: purchase.currency,
      },
    ],
  });
  return created;
}

/** Waits between attempts at a refund the provider refused or could not take: 30 s, 1 min, 2 min… up to 1 hour. */
export function refundRetryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/**
 * Asks the provider to refund a pending refund (a late payment's, or a purchase revoked in its reflection period,
 * revoke-purchase.ts) (the idempotency key is the purchase's, so the provider refunds once
 * however often this runs). When the provider accepts, one transaction marks the refund and the purchase refunded
 * and moves the money from `refunds_payable` back to the provider; then the member is emailed. When it refuses or
 * cannot be reached, the attempt is recorded and the reservation job tries again later. Returns the new state.
 */
export async function processRefund(
  ctx: AppContext,
  refundId: string,
  log?: FastifyBaseLogger,
): Promise<'refunded' | 'retry' | 'nothing'> {
  const db = ctx.database.db;
  const [row] = await db
    .select({ refund: refunds, purchase: purchases })
    .from(refunds)
    .innerJoin(purchases, eq(purchases.id, refunds.purchaseId))
    .where(eq(refunds.id, refundId));
  if (row?.refund.status !== 'pending') return 'nothing';
  const { refund, purchase } = row;
  const provider = purchase.paymentMethod === 'paypal' ? ctx.payments.paypal : ctx.payments.card;
  let accepted: { refundId: string };
  try {
    if (provider.name !== refund.provider) {
      throw new Error(`the payment was taken by ${refund.provider}, the configured provider is ${provider.name}`);
    }
    accepted = await provider.refund({
      paymentRef: refund.paymentRef,
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      reference: purchase.reference,
      idempotencyKey: `refund-${purchase.id}`,
    });
  } catch (error) {
    const attempts = refund.attempts + 1;
    await db
      .update(refunds)
      .set({
        attempts,
        lastError: (error as Error).message.slice(0, 500),
        nextAttemptAt: new Date(Date.now() + refundRetryDelayMs(attempts)),
      })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
    log?.error(
      { err: error, purchase: purchase.reference, attempts },
      'refund failed (late payment or revocation); it will be retried',
    );
    return 'retry';
  }

  const done = await inTransaction(db, async (tx) => {
    const [marked] = await tx
      .update(refunds)
      .set({ status: 'succeeded', providerRefundId: accepted.refundId, refundedAt: new Date(), lastError: null })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
      .returning({ id: refunds.id });
    if (!marked) return false;
    await tx
      .update(purchases)
      .set({ status: 'refunded' })
      .where(and(eq(purchases.id, purchase.id), eq(purchases.status, 'refund_pending')));
    await postTransaction(tx, {
      reference: `${purchase.reference}:refund`,
      description: `${purchase.status === 'revoked' ? 'revoked purchase' : 'late payment'} ${refund.paymentRef} refunded by ${refund.provider} (${accepted.refundId})`,
      lines: [
        {
          accountId: await accountFor(tx, 'refunds_payable', refund.currency),
          amountMinor: -refund.amountMinor,
          currency: refund.currency,
        },
        {
          accountId: await accountFor(tx, 'external', refund.currency),
          amountMinor: refund.amountMinor,
          currency: refund.currency,
        },
      ],
    });
    return true;
  });
  if (!done) return 'nothing';
  // A revoked purchase (issue 30) had its email when it was revoked; this one is the late payment's.
  if (purchase.status === 'revoked') return 'refunded';
  try {
    await emailRefund(ctx, purchase);
  } catch (error) {
    log?.error({ err: error, purchase: purchase.reference }, 'refund email not sent');
  }
  return 'refunded';
}

async function emailRefund(ctx: AppContext, purchase: Purchase): Promise<void> {
  const member = await buyerMailContext(ctx.database.db, purchase);
  if (!member) return;
  const lang = member.language;
  await ctx.mailer.sendEmail({
    to: member.email,
    ...latePaymentRefundedEmail(lang, {
      firstName: member.firstName,
      reference: purchase.reference,
      paintingTitle: lang === 'fr' ? member.titleFr : member.titleEn,
      parts: formatPartsQuantity(purchase.quantity, lang),
      amount: formatMoney(purchase.totalMinor, purchase.currency, lang),
      method: purchase.paymentMethod === 'paypal' ? 'paypal' : 'card',
    }),
  });
}

/** The reservation job's part: every pending refund whose next attempt is due is tried again. */
export async function retryDueRefunds(ctx: AppContext, log?: FastifyBaseLogger, now = new Date()): Promise<number> {
  const due = await ctx.database.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lte(refunds.nextAttemptAt, now)))
    .orderBy(asc(refunds.nextAttemptAt))
    .limit(50);
  let refunded = 0;
  for (const refund of due) if ((await processRefund(ctx, refund.id, log)) === 'refunded') refunded++;
  return refunded;
}
