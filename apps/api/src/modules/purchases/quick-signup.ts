import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
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

/**
 * In the reservation's transaction: binds each purchase to its quick sign-up session (one UPDATE for a batch of
 * reservations). Answers the purchases bound; a session that already had one (a race lost) binds none.
 */
export async function bindPurchasesToSessions(
  tx: Executor,
  bindings: readonly { sessionId: string; purchaseId: string }[],
): Promise<Set<string>> {
  if (bindings.length === 0) return new Set();
  const values = sql.join(
    bindings.map((b) => sql`(${b.sessionId}::uuid, ${b.purchaseId}::uuid)`),
    sql`, `,
  );
  const rows = await queryRows<{ purchase_id: string }>(
    tx,
    sql`UPDATE sessions s SET scope_purchase_id = v.purchase_id FROM (VALUES ${values}) AS v(id, purchase_id)
      WHERE s.id = v.id AND s.scope = 'quick_signup' AND s.scope_purchase_id IS NULL
      RETURNING s.scope_purchase_id AS purchase_id`,
  );
  return new Set(rows.map((row) => row.purchase_id));
}

/** The refusal of a quick sign-up session's second purchase. */
export const quickSignUpRestricted = () => forbidden('QuickSignUpRestricted');

/** Paying (PayPal capture, card sandbox): a quick sign-up session only for its own purchase. */
export function assertMayFinish(session: Session, purchaseId: string): void {
  if (isQuickSignUp(session) && session.scopePurchaseId !== purchaseId) throw forbidden('QuickSignUpRestricted');
}
