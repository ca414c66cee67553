import type { TPurchaseData } from '@parcelle/shared/contracts/purchases';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/retry';
import { purchases } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError, notFound } from '../../http/errors';
import { recordReservations } from '../../observability/metrics';
import { releasePurchase } from './release-reservation';
import { announceSale, purchaseData } from './service';

/** The reason a released purchase records when its buyer gave it up before paying. */
export const CANCELLED_BY_MEMBER = 'cancelled by the member';

/**
 * POST /paintings/purchase/:reference/cancel (issue 31, decision 238): the buyer gives up a card or PayPal purchase
 * still awaiting payment (a declined card, a change of mind): its parts go back to the offer (or to their listings)
 * at once instead of at the reservation's expiry, and the member may choose another way to pay. The purchase row is
 * locked first, so a payment settling at the same moment either settles first (then this answers 409) or finds the
 * purchase released and is handled as any late payment (refund-late-payment.ts: the parts taken again, or refunded).
 * Cancelling twice answers the same.
 */
export async function cancelPurchase(ctx: AppContext, member: Member, reference: string): Promise<TPurchaseData> {
  const outcome = await inTransaction(ctx.database.db, async (tx) => {
    const [purchase] = await tx
      .select()
      .from(purchases)
      .where(and(eq(purchases.reference, reference), eq(purchases.userId, member.id)))
      .for('update');
    if (!purchase) throw notFound('PurchaseNotFound');
    if (purchase.status === 'failed' && purchase.failureReason === CANCELLED_BY_MEMBER) {
      return { purchase, released: false };
    }
    if (purchase.status !== 'pending') throw new AppError(409, 'PurchaseNotCancellable');
    await releasePurchase(tx, purchase.id, 'failed', CANCELLED_BY_MEMBER);
    return { purchase: { ...purchase, status: 'failed' as const }, released: true };
  });
  if (outcome.released) {
    announceSale(ctx, outcome.purchase.paintingId);
    recordReservations('cancelled');
  }
  return purchaseData(outcome.purchase);
}
