import Stripe from 'stripe';
import {
  type CardPaymentRequest,
  type CardPayments,
  InvalidSignature,
  ISO_OF,
  PaymentProviderError,
  type RefundRequest,
  type RefundResult,
} from './payments';
import { cardEventOf } from './sandbox-card';

/**
 * Stripe PaymentIntents: the browser confirms with Stripe Elements using the client secret; the outcome
 * arrives by webhook, verified with the endpoint's signing secret on the raw body.
 */
export class StripeCardPayments implements CardPayments {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    secretKey: string,
    readonly publishableKey: string,
    private readonly webhookSecret: string,
    /** Another API host (tests point it at a local stub); Stripe's own by default. */
    apiUrl?: string,
  ) {
    const api = apiUrl ? new URL(apiUrl) : null;
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(api ? { host: api.hostname, port: api.port, protocol: api.protocol === 'http:' ? 'http' : 'https' } : {}),
    });
  }

  async createPayment(request: CardPaymentRequest) {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountMinor,
          currency: ISO_OF[request.currency].toLowerCase(),
          allowed_payment_method_types: ['card'],
          metadata: {
            purchase_id: request.purchaseId,
            reference: request.reference,
            ...(request.paintingId ? { painting_id: request.paintingId } : {}),
          },
          description: `Parcelle ${request.reference}`,
        },
        // A retried creation for the same purchase returns the same intent.
        { idempotencyKey: `purchase-${request.purchaseId}` },
      );
      if (!intent.client_secret) throw new PaymentProviderError('Stripe returned no client secret');
      return { paymentId: intent.id, clientSecret: intent.client_secret };
    } catch (error) {
      if (error instanceof PaymentProviderError) throw error;
      throw new PaymentProviderError((error as Error).message);
    }
  }

  /**
   * Refunds a PaymentIntent in full through Stripe's Refunds API. The idempotency key makes a retried call return the
   * same refund; a refund already made under an older key (Stripe forgets keys after 24 hours) is found and returned.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    let refund: Stripe.Refund;
    try {
      refund = await this.stripe.refunds.create(
        {
          payment_intent: request.paymentRef,
          amount: request.amountMinor,
          metadata: { reference: request.reference },
        },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      if ((error as { code?: string }).code !== 'charge_already_refunded') {
        throw new PaymentProviderError(`Stripe refund: ${(error as Error).message}`);
      }
      const earlier = await this.stripe.refunds
        .list({ payment_intent: request.paymentRef, limit: 10 })
        .catch((listError: Error) => {
          throw new PaymentProviderError(`Stripe refunds list: ${listError.message}`);
        });
      const found = earlier.data.find((item) => item.status === 'succeeded' || item.status === 'pending');
      if (!found) throw new PaymentProviderError('Stripe says the payment was refunded but lists no refund');
      refund = found;
    }
    if (refund.status === 'succeeded' || refund.status === 'pending' || refund.status === 'requires_action') {
      return { refundId: refund.id, status: refund.status === 'succeeded' ? 'succeeded' : 'pending' };
    }
    throw new PaymentProviderError(`Stripe refund ${refund.id} is ${refund.status}`);
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined) {
    if (!signature) throw new InvalidSignature('missing signature');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch (error) {
      throw new InvalidSignature((error as Error).message);
    }
    return cardEventOf(event as unknown as { id: string; type: string; data: { object: unknown } });
  }

  /** For tests: a signature header Stripe would send for this payload. */
  testSignature(payload: string): string {
    return this.stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
  }
}
