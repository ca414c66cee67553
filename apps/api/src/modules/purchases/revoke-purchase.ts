import { formatMoney } from '@parcelle/shared/money';
import { formatPartsQuantity } from '@parcelle/shared/parts';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { inTransaction } from '../../db/retry';
import { paintings, paymentEvents, purchaseRevocations, purchases, refunds, users } from '../../db/schema';
import { AppError, conflict, notFound } from '../../http/errors';
import { voidCertificate } from '../certificates/service';
import { accountFor, postTransaction } from '../ledger/ledger';
import { MARKET } from '../market/state';
import { returnPrimaryParts } from '../market/stock';
import { purchaseRevokedEmail } from '../notifications/emails';
import { memberHolding, moveParts } from '../parts/register';
import { buyerMailContext } from './buyer-mail';
import { reflectionAppliesTo, reflectionEndsAt } from './reflection';
import { processRefund } from './refund-late-payment';
import type { Purchase } from './reserve';

/**
 * Revoking a primary purchase in its reflection period (issue 30, EU 2020/1503 art. 22; decisions 335–349). One
 * workflow, one database transaction, read top to bottom:
 *
 *   1. find the purchase — the member's own only (another member's answers 404, like an unknown one);
 *   2. already revoked → the same answer again (idempotent: nothing is refunded twice);
 *   3. check it may be revoked — a paid primary purchase, the member non-sophisticated when they bought, `now` before
 *      the end of the period (reflection.ts);
 *   4. lock the work's row, then the member's row — the order listings and bid acceptances take them
 *      (secondary/listings.ts, orders.ts), so a revocation and a sale of the same parts take turns;
 *   5. the guard: the purchase moves paid → revoked in one conditional UPDATE; a concurrent second revocation waits
 *      on the row, finds it revoked and answers step 2's answer;
 *   6. the parts still held — the member's primary lot must still hold them (provisional parts cannot be listed, so
 *      this only fails after an exit or an operator's correction: refused, nothing written);
 *   7. parts register: member (primary lot) → available, a reversing movement `revoke`; `sold_parts` falls by as
 *      much, so sold + available = total stays true (parts module);
 *   8. certificate: voided (certificates module);
 *   9. ledger: the reversing transaction `<reference>:revocation` — revenue → the member's wallet (wallet purchases),
 *      or revenue → refunds payable with a refund row (card, PayPal), never an update of the sale's own entries;
 *  10. the append-only revocation record (who, through which channel, when, where the money went, the period's end).
 *
 * After the commit: a card or PayPal refund is asked of the provider (refund-late-payment.ts `processRefund`, with the
 * purchase's idempotency key; a refusal is retried by the reservation job), and the member is emailed.
 */

export type RevocationChannel = 'member_area' | 'email_link';
export type Revocation = typeof purchaseRevocations.$inferSelect;

export type RevocationOutcome = {
  purchase: Purchase;
  revocation: Revocation;
  /** card / PayPal: the refund asked of the provider (`pending` until it accepts); null for the wallet. */
  refund: { id: string; status: 'pending' | 'succeeded' } | null;
  /** True when this call revoked it; false when it had been revoked already (the same answer again). */
  revokedNow: boolean;
};

export async function revokePurchase(
  ctx: AppContext,
  params: { memberId: string; purchaseId: string; channel: RevocationChannel; now?: Date },
  log?: FastifyBaseLogger,
): Promise<RevocationOutcome> {
  const now = params.now ?? new Date();
  const outcome = await inTransaction(ctx.database.db, async (tx) => {
    // 1. The member's own purchase.
    const purchase = await findOwnPurchase(tx, params.memberId, params.purchaseId);
    // 2. Revoked already: the same answer.
    if (purchase.status === 'revoked') return answerAgain(tx, purchase);
    // 3. May it be revoked?
    const endsAt = await checkRevocable(tx, purchase, now);
    // 4. The work, then the member: the order of the secondary market's changes to the same parts.
    await tx
      .select({ id: paintings.id })
      .from(paintings)
      .where(eq(paintings.id, purchase.paintingId))
      .for('no key update');
    await tx.select({ id: users.id }).from(users).where(eq(users.id, purchase.userId)).for('no key update');
    // 5. The guard: paid → revoked, once.
    const [revoked] = await tx
      .update(purchases)
      .set({ status: 'revoked' })
      .where(and(eq(purchases.id, purchase.id), eq(purchases.status, 'paid')))
      .returning();
    if (!revoked) return answerAgain(tx, await findOwnPurchase(tx, params.memberId, params.purchaseId));
    // 6. The parts are still theirs.
    const held = await memberHolding(tx, revoked.userId, revoked.paintingId);
    if (held.primary < revoked.quantity) throw conflict('RevocationPartsGone');
    // 7. Parts back to the offer.
    await returnPartsToOffer(tx, revoked);
    // 8. The certificate is void.
    await voidCertificate(tx, revoked.id, now);
    // 9. The money back where it came from.
    const refund = await reverseThePayment(ctx, tx, revoked);
    // 10. The record.
    const [revocation] = await tx
      .insert(purchaseRevocations)
      .values({
        purchaseId: revoked.id,
        userId: revoked.userId,
        channel: params.channel,
        refundTo: refundTarget(revoked),
        amountMinor: revoked.totalMinor,
        currency: revoked.currency,
        periodEndsAt: endsAt,
        createdAt: now,
      })
      .returning();
    if (!revocation) throw new Error(`revocation of ${revoked.reference} not recorded`);
    return { purchase: revoked, revocation, refund, revokedNow: true } satisfies RevocationOutcome;
  });
  if (!outcome.revokedNow) return outcome;

  // After the commit: the provider's refund (its failure is recorded and retried, never lost), then the email.
  let refund = outcome.refund;
  if (refund?.status === 'pending') {
    const state = await processRefund(ctx, refund.id, log);
    if (state === 'refunded') refund = { ...refund, status: 'succeeded' };
  }
  try {
    await emailRevocation(ctx, outcome.purchase);
  } catch (error) {
    log?.error({ err: error, purchase: outcome.purchase.reference }, 'revocation email not sent');
  }
  return { ...outcome, refund };
}

async function findOwnPurchase(tx: Executor, memberId: string, purchaseId: string): Promise<Purchase> {
  const [purchase] = await tx
    .select()
    .from(purchases)
    .where(and(eq(purchases.id, purchaseId), eq(purchases.userId, memberId)));
  if (!purchase) throw notFound('PurchaseNotFound');
  return purchase;
}

async function answerAgain(tx: Executor, purchase: Purchase): Promise<RevocationOutcome> {
  if (purchase.status !== 'revoked') throw conflict('RevocationNotAllowed');
  const [revocation] = await tx
    .select()
    .from(purchaseRevocations)
    .where(eq(purchaseRevocations.purchaseId, purchase.id));
  if (!revocation) throw new Error(`revoked purchase ${purchase.reference} has no revocation record`);
  const [refund] = await tx
    .select({ id: refunds.id, status: refunds.status })
    .from(refunds)
    .where(eq(refunds.purchaseId, purchase.id));
  return { purchase, revocation, refund: refund ?? null, revokedNow: false };
}

async function checkRevocable(tx: Executor, purchase: Purchase, now: Date): Promise<Date> {
  if (purchase.market !== MARKET.primary || purchase.status !== 'paid' || !purchase.settledAt)
    throw conflict('RevocationNotAllowed');
  if (!(await reflectionAppliesTo(tx, purchase.userId, purchase.settledAt))) throw conflict('RevocationNotAllowed');
  const endsAt = reflectionEndsAt(purchase.settledAt);
  if (now.getTime() >= endsAt.getTime()) throw new AppError(409, 'ReflectionPeriodOver');
  return endsAt;
}

/** The parts go back from the member's primary lot to the primary stock, and the work's sold count with them. */
async function returnPartsToOffer(tx: Executor, purchase: Purchase): Promise<void> {
  await moveParts(tx, {
    paintingId: purchase.paintingId,
    reason: 'revoke',
    reference: purchase.reference,
    lines: [
      { holder: { kind: 'member', userId: purchase.userId, lot: 'primary' }, quantity: -purchase.quantity },
      { holder: { kind: 'available' }, quantity: purchase.quantity },
    ],
  });
  await returnPrimaryParts(tx, purchase.paintingId, purchase.quantity);
}

const refundTarget = (purchase: Purchase) =>
  purchase.paymentMethod === 'smart_amount' ? 'wallet' : purchase.paymentMethod === 'paypal' ? 'paypal' : 'card';

/**
 * The reversing ledger transaction. A primary sale credited `platform_revenue` with the total; the revocation takes
 * the same total out of it, to the member's wallet (a wallet purchase: in the same currency, at once), or to
 * `refunds_payable` (card, PayPal) with one refund row, which `processRefund` settles against `external` when the
 * provider accepts. Returns that refund (null for the wallet).
 */
async function reverseThePayment(
  ctx: AppContext,
  tx: Executor,
  purchase: Purchase,
): Promise<{ id: string; status: 'pending' } | null> {
  const revenue = {
    accountId: await accountFor(tx, 'platform_revenue', purchase.currency),
    amountMinor: -purchase.totalMinor,
    currency: purchase.currency,
  };
  const target = refundTarget(purchase);
  if (target === 'wallet') {
    await postTransaction(tx, {
      reference: `${purchase.reference}:revocation`,
      description: `primary purchase ${purchase.quantity} parts revoked in the reflection period: back to the wallet`,
      lines: [
        revenue,
        {
          accountId: await accountFor(tx, 'member_wallet', purchase.currency, purchase.userId),
          amountMinor: purchase.totalMinor,
          currency: purchase.currency,
        },
      ],
    });
    return null;
  }
  const provider = target === 'paypal' ? ctx.payments.paypal.name : ctx.payments.card.name;
  const paymentRef = target === 'paypal' ? await paypalCaptureId(tx, purchase) : purchase.providerRef;
  if (!paymentRef) throw new Error(`purchase ${purchase.reference} has no payment to refund`);
  const [refund] = await tx
    .insert(refunds)
    .values({
      purchaseId: purchase.id,
      provider,
      paymentRef,
      amountMinor: purchase.totalMinor,
      currency: purchase.currency,
    })
    .returning({ id: refunds.id });
  if (!refund) throw new Error(`refund of ${purchase.reference} not recorded`);
  await postTransaction(tx, {
    reference: `${purchase.reference}:revocation`,
    description: `primary purchase ${purchase.quantity} parts revoked in the reflection period: to be refunded (${target})`,
    lines: [
      revenue,
      {
        accountId: await accountFor(tx, 'refunds_payable', purchase.currency),
        amountMinor: purchase.totalMinor,
        currency: purchase.currency,
      },
    ],
  });
  return { id: refund.id, status: 'pending' };
}

/** PayPal refunds a capture: its id is the event id of the capture recorded for the purchase (payment-events.ts). */
async function paypalCaptureId(tx: Executor, purchase: Purchase): Promise<string | null> {
  const [capture] = await tx
    .select({ eventId: paymentEvents.eventId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.purchaseId, purchase.id), eq(paymentEvents.type, 'capture')));
  return capture?.eventId ?? purchase.providerRef;
}

async function emailRevocation(ctx: AppContext, purchase: Purchase): Promise<void> {
  const member = await buyerMailContext(ctx.database.db, purchase);
  if (!member) return;
  const lang = member.language;
  await ctx.mailer.sendEmail({
    to: member.email,
    ...purchaseRevokedEmail(lang, {
      firstName: member.firstName,
      reference: purchase.reference,
      paintingTitle: lang === 'fr' ? member.titleFr : member.titleEn,
      parts: formatPartsQuantity(purchase.quantity, lang),
      amount: formatMoney(purchase.totalMinor, purchase.currency, lang),
      refundTo: refundTarget(purchase),
    }),
  });
}
