import type { TReflectionPurchase } from '@parcelle/shared/contracts/reflection';
import { LONGEST_REFLECTION_MS } from '@parcelle/shared/reflection-period';
import { and, desc, eq, gt, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { certificates, paintings, purchaseRevocations, purchases, refunds } from '../../db/schema';
import { MARKET } from '../market/state';
import { inReflectionPeriod, reflectionAppliesTo, reflectionEndsAt } from './reflection';

/** Revoked purchases stay on the member's list this long after the revocation, with the state of their refund. */
const REVOKED_SHOWN_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * GET /member/purchases/reflection (issue 30): the member's primary purchases still in their reflection period
 * (provisional, revocable until `revocable_until`) and those revoked in the last 30 days with their refund, newest
 * first. The portfolio and the history show them; only the member's own rows are read.
 */
export async function reflectionPurchases(db: Executor, memberId: string, now = new Date()) {
  const rows = await db
    .select({
      purchase: purchases,
      titleEn: paintings.titleEn,
      titleFr: paintings.titleFr,
      certificateNumber: certificates.number,
      revokedAt: purchaseRevocations.createdAt,
      refundStatus: refunds.status,
    })
    .from(purchases)
    .innerJoin(paintings, eq(paintings.id, purchases.paintingId))
    .leftJoin(certificates, eq(certificates.purchaseId, purchases.id))
    .leftJoin(purchaseRevocations, eq(purchaseRevocations.purchaseId, purchases.id))
    .leftJoin(refunds, eq(refunds.purchaseId, purchases.id))
    .where(
      and(
        eq(purchases.userId, memberId),
        eq(purchases.market, MARKET.primary),
        inArray(purchases.status, ['paid', 'revoked']),
        or(
          and(eq(purchases.status, 'paid'), gt(purchases.settledAt, new Date(now.getTime() - LONGEST_REFLECTION_MS))),
          and(
            eq(purchases.status, 'revoked'),
            gt(purchaseRevocations.createdAt, new Date(now.getTime() - REVOKED_SHOWN_MS)),
          ),
        ),
      ),
    )
    .orderBy(desc(purchases.settledAt), desc(purchases.id));
  const shown: TReflectionPurchase[] = [];
  for (const row of rows) {
    const { purchase } = row;
    if (!purchase.settledAt) continue;
    const revoked = purchase.status === 'revoked';
    if (!revoked) {
      if (!inReflectionPeriod(purchase.settledAt, now)) continue;
      if (!(await reflectionAppliesTo(db, memberId, purchase.settledAt))) continue;
    }
    shown.push({
      purchase_id: purchase.id,
      reference: purchase.reference,
      painting: { id: purchase.paintingId, title: { en: row.titleEn, fr: row.titleFr } },
      quantity: purchase.quantity,
      total_minor: purchase.totalMinor,
      currency: purchase.currency,
      refund_to:
        purchase.paymentMethod === 'smart_amount' ? 'wallet' : purchase.paymentMethod === 'paypal' ? 'paypal' : 'card',
      settled_at: purchase.settledAt.toISOString(),
      revocable_until: reflectionEndsAt(purchase.settledAt).toISOString(),
      status: revoked ? 'revoked' : 'provisional',
      revoked_at: row.revokedAt?.toISOString() ?? null,
      refund_status: row.refundStatus ?? null,
      certificate_number: row.certificateNumber ?? null,
    });
  }
  return { purchases: shown };
}
