import type { Currency } from '@parcelle/shared/constants';

/**
 * Payment providers behind two small interfaces, so the purchase flow never knows whether it talks to Stripe
 * and PayPal or to the offline sandboxes (the default without keys, used by tests and development).
 */

/** What a card payment is created for. Amounts are integer minor units. */
export type CardPaymentRequest = {
  purchaseId: string;
  reference: string;
  amountMinor: number;
  currency: Currency;
  /** The work bought: carried in the payment's metadata, so its webhook finds its settlement turn without a read. */
  paintingId?: string;
  /**
   * The member paying. The sandbox signs it into the client secret, so its test card form confirms a payment for its
   * payer only, without reading the purchase (decision 590); Stripe's own page needs no such check.
   */
  payerId?: string;
};

/** A verified provider event about a card payment (from the webhook). */
export type CardEvent = {
  /** The provider's event id: an event seen twice is handled once. */
  id: string;
  type: 'succeeded' | 'failed';
  /** The provider's payment id (PaymentIntent id). */
  paymentId: string;
  purchaseId: string | null;
  /** The work of the purchase, from the payment's metadata (absent from payments created before it was written). */
  paintingId?: string | null;
  amountMinor: number;
  currency: Currency | null;
  failureMessage?: string;
};

/**
 * A payment to send back to where it came from (a payment that arrived after its reservation ended, for parts no
 * longer available). `idempotencyKey` is stable per purchase: a retried call never refunds twice at the provider.
 */
export type RefundRequest = {
  /** The PaymentIntent id (card) or the capture id (PayPal). */
  paymentRef: string;
  amountMinor: number;
  currency: Currency;
  /** The purchase reference, shown to operators in the provider's dashboard. */
  reference: string;
  idempotencyKey: string;
};

/** The provider accepted the refund: done (succeeded) or on its way back to the payer (pending). */
export type RefundResult = { refundId: string; status: 'succeeded' | 'pending' };

/** Both providers refund; a refusal or an unreachable provider throws PaymentProviderError (retried later). */
export interface Refunds {
  refund(request: RefundRequest): Promise<RefundResult>;
}

export interface CardPayments extends Refunds {
  readonly name: 'stripe' | 'sandbox';
  /** Shown to the browser to load the card form. */
  readonly publishableKey: string;
  createPayment(request: CardPaymentRequest): Promise<{ paymentId: string; clientSecret: string }>;
  /**
   * Verifies a webhook's signature on the raw body and reads the event. Throws InvalidSignature when the
   * signature is wrong; returns null for event types the flow does not use.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): CardEvent | null;
}

export type PaypalOrderRequest = { reference: string; amountMinor: number; currency: Currency };

/** PayPal's answer to a capture: the only source of truth about what was paid. */
export type PaypalCapture = {
  orderId: string;
  completed: boolean;
  captureId: string | null;
  reference: string | null;
  amountMinor: number;
  currency: Currency | null;
};

export interface PaypalPayments extends Refunds {
  readonly name: 'paypal' | 'sandbox';
  /** The JS SDK's client id (the sandbox has none). */
  readonly clientId: string | null;
  createOrder(request: PaypalOrderRequest): Promise<{ orderId: string }>;
  captureOrder(orderId: string): Promise<PaypalCapture>;
}

export class InvalidSignature extends Error {}
export class PaymentProviderError extends Error {}

/** PayPal and Stripe write currencies in ISO codes. */
export const ISO_OF: Record<Currency, 'EUR' | 'USD'> = { EURO: 'EUR', USD: 'USD' };
export function currencyOfIso(code: string | undefined | null): Currency | null {
  const upper = code?.toUpperCase();
  return upper === 'EUR' ? 'EURO' : upper === 'USD' ? 'USD' : null;
}
