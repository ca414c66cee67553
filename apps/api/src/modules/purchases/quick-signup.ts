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

/** The refusal of a quick sign-up session's second purchase. */
export const quickSignUpRestricted = () => forbidden('QuickSignUpRestricted');

/** Paying (PayPal capture, card sandbox): a quick sign-up session only for its own purchase. */
export function assertMayFinish(session: Session, purchaseId: string): void {
  if (isQuickSignUp(session) && session.scopePurchaseId !== purchaseId) throw forbidden('QuickSignUpRestricted');
}
