import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Currency } from '@parcelle/shared/constants';
import {
  type CardEvent,
  type CardPaymentRequest,
  type CardPayments,
  currencyOfIso,
  ISO_OF,
  PaymentProviderError,
  type RefundRequest,
  type RefundResult,
} from './payments';
import { signPayload, verifySignature } from './signature';

/** Test cards of the sandbox, as Stripe's: this one succeeds, the declined one fails; any other is declined too. */
export const SANDBOX_CARD_OK = '4242424242424242';
export const SANDBOX_CARD_DECLINED = '4000000000000002';

/** What a sandbox client secret carries, signed: the payment, its purchase, amount, currency, work, reference, payer. */
type SignedPayment = [string, string, number, string, string | null, string, string | null];

type SandboxEventBody = {
  id: string;
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed';
  data: {
    object: {
      id: string;
      amount: number;
      currency: string;
      metadata: { purchase_id: string; painting_id?: string };
      last_payment_error?: { message: string };
    };
  };
};

/**
 * An offline card provider with Stripe's shape: a payment has an id and a client secret; the page's test card
 * form confirms it here, and the outcome comes back as a signed webhook event through the same handler as
 * Stripe's. Nothing leaves the machine.
 */
export class SandboxCardPayments implements CardPayments {
  readonly name = 'sandbox' as const;
  readonly publishableKey = 'pk_sandbox_parcelle';

  /** Refunds made, by payment id (a payment is refunded once; asking again returns the same refund, as Stripe). */
  readonly refunds = new Map<string, RefundRequest & { refundId: string }>();

  constructor(private readonly secret: string) {}

  async refund(request: RefundRequest): Promise<RefundResult> {
    if (!/^sbpi_[0-9a-f]{24}$/.test(request.paymentRef)) {
      throw new PaymentProviderError(`no such sandbox payment: ${request.paymentRef}`);
    }
    const earlier = this.refunds.get(request.paymentRef);
    if (earlier) return { refundId: earlier.refundId, status: 'succeeded' };
    const refundId = `sbre_${this.mac(`refund.${request.paymentRef}`).slice(0, 24)}`;
    this.refunds.set(request.paymentRef, { ...request, refundId });
    return { refundId, status: 'succeeded' };
  }

  private mac(text: string): string {
    return createHmac('sha256', `${this.secret}:card-sandbox`).update(text).digest('hex').slice(0, 32);
  }

  async createPayment(request: CardPaymentRequest) {
    const paymentId = `sbpi_${randomBytes(12).toString('hex')}`;
    const signed: SignedPayment = [
      paymentId,
      request.purchaseId,
      request.amountMinor,
      ISO_OF[request.currency],
      request.paintingId ?? null,
      request.reference,
      request.payerId ?? null,
    ];
    const payload = JSON.stringify(signed);
    return { paymentId, clientSecret: `${Buffer.from(payload).toString('base64url')}_secret_${this.mac(payload)}` };
  }

  /** Reads a client secret this sandbox issued (null if forged). */
  readClientSecret(clientSecret: string): {
    paymentId: string;
    purchaseId: string;
    amountMinor: number;
    currency: Currency;
    paintingId: string | null;
    reference: string;
    payerId: string | null;
  } | null {
    const [encoded, mac] = clientSecret.split('_secret_');
    if (!encoded || !mac) return null;
    const payload = Buffer.from(encoded, 'base64url').toString();
    const expected = Buffer.from(this.mac(payload));
    if (expected.length !== Buffer.byteLength(mac) || !timingSafeEqual(expected, Buffer.from(mac))) return null;
    // Signed by this sandbox (the MAC above) in the shape createPayment writes; an older shape is not read.
    let signed: SignedPayment;
    try {
      signed = JSON.parse(payload) as SignedPayment;
    } catch {
      return null;
    }
    if (!Array.isArray(signed) || signed.length !== 7) return null;
    const [paymentId, purchaseId, amountMinor, iso, paintingId, reference, payerId] = signed;
    const currency = currencyOfIso(iso);
    if (!currency) return null;
    return { paymentId, purchaseId, amountMinor, currency, paintingId, reference, payerId };
  }

  /** The test card form's "Pay": the signed event the provider would send to the webhook. */
  confirm(clientSecret: string, cardNumber: string): { body: string; signature: string; succeeded: boolean } | null {
    const payment = this.readClientSecret(clientSecret);
    if (!payment) return null;
    const succeeded = cardNumber.replace(/\s+/g, '') === SANDBOX_CARD_OK;
    const event: SandboxEventBody = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      type: succeeded ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
      data: {
        object: {
          id: payment.paymentId,
          amount: payment.amountMinor,
          currency: ISO_OF[payment.currency].toLowerCase(),
          metadata: {
            purchase_id: payment.purchaseId,
            ...(payment.paintingId ? { painting_id: payment.paintingId } : {}),
          },
          ...(succeeded ? {} : { last_payment_error: { message: 'Your card was declined.' } }),
        },
      },
    };
    const body = JSON.stringify(event);
    return { body, signature: this.sign(body), succeeded };
  }

  /** Signs an event body as the webhook expects (tests use it to replay and reorder events). */
  sign(body: string, timestamp?: number): string {
    return signPayload(`${this.secret}:card-webhook`, body, timestamp);
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): CardEvent | null {
    verifySignature(`${this.secret}:card-webhook`, rawBody, signature);
    return cardEventOf(JSON.parse(rawBody.toString('utf8')) as SandboxEventBody);
  }
}

/** Reads a payment_intent event (Stripe's and the sandbox's have the same shape). */
export function cardEventOf(event: { id: string; type: string; data: { object: unknown } }): CardEvent | null {
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') return null;
  const intent = event.data.object as {
    id: string;
    amount: number;
    currency: string;
    metadata?: Record<string, string>;
    last_payment_error?: { message?: string } | null;
  };
  return {
    id: event.id,
    type: event.type === 'payment_intent.succeeded' ? 'succeeded' : 'failed',
    paymentId: intent.id,
    purchaseId: intent.metadata?.purchase_id ?? null,
    paintingId: intent.metadata?.painting_id ?? null,
    amountMinor: intent.amount,
    currency: currencyOfIso(intent.currency),
    failureMessage: intent.last_payment_error?.message ?? undefined,
  };
}
