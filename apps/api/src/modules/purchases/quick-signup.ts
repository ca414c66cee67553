import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions } from '../../db/schema';
import type { Session } from '../../http/authenticate';
import { forbidden } from '../../http/errors';

/**
 * The session quick sign-up made (scope 'quick_signup') may buy once: its first purchase is bound to it, in the
 * transaction that reserves the parts, and afterwards it may only finish that one (spec §2, issue 12). A full
 * session is not concerned.
 */
export function isQuickSignUp(session: Session): boolean {
  return session.scope === 'quick_signup';
}

/** Before a new purchase: a quick sign-up session that already has one may not start another. */
export function assertMayStartPurchase(session: Session, paymentMethod: string): void {
  if (!isQuickSignUp(session)) return;
  // The wallet is not for an account whose mailbox is unproved (and it has nothing in it).
  if (paymentMethod === 'smart_amount' || session.scopePurchaseId) throw forbidden('QuickSignUpRestricted');
}

/** In the reservation's transaction: binds the purchase to the quick sign-up session, or refuses (a race lost). */
export async function bindPurchaseToSession(tx: Executor, session: Session, purchaseId: string): Promise<void> {
  if (!isQuickSignUp(session)) return;
  const bound = await tx
    .update(sessions)
    .set({ scopePurchaseId: purchaseId })
    .where(and(eq(sessions.id, session.id), eq(sessions.scope, 'quick_signup'), isNull(sessions.scopePurchaseId)))
    .returning({ id: sessions.id });
  if (bound.length === 0) throw forbidden('QuickSignUpRestricted');
}

/** Paying (PayPal capture, card sandbox): a quick sign-up session only for its own purchase. */
export function assertMayFinish(session: Session, purchaseId: string): void {
  if (isQuickSignUp(session) && session.scopePurchaseId !== purchaseId) throw forbidden('QuickSignUpRestricted');
}
