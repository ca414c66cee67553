import Stripe from 'stripe';
import { type CardPaymentRequest, type CardPayments, InvalidSignature, ISO_OF, PaymentProviderError } from './payments';
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
  ) {
    this.stripe = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  }

  async createPayment(request: CardPaymentRequest) {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountMinor,
          currency: ISO_OF[request.currency].toLowerCase(),
          allowed_payment_method_types: ['card'],
          metadata: { purchase_id: request.purchaseId, reference: request.reference },
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
