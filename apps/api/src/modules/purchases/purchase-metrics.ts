import { recordPurchase, recordReservations } from '../../observability/metrics';
import type { PaymentOutcome } from './settle-payment';

/**
 * A provider's answer about a card or PayPal purchase, counted once its transaction committed (finishPayment runs
 * then). Duplicates and ignored events count nothing: webhooks arrive at least once.
 */
export function recordPaymentOutcome(outcome: PaymentOutcome): void {
  const method = outcome.purchase?.paymentMethod;
  if (!method) return;
  if (outcome.kind === 'settled') {
    recordPurchase(method, 'settled');
    recordReservations('settled');
  } else if (outcome.kind === 'refund-due') {
    recordPurchase(method, 'late_refund');
  } else if (outcome.kind === 'recorded-failure') {
    recordPurchase(method, 'declined');
  }
}
