import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  currencyOfIso,
  ISO_OF,
  PaymentProviderError,
  type PaypalCapture,
  type PaypalOrderRequest,
  type PaypalPayments,
  type RefundRequest,
  type RefundResult,
} from './payments';

/**
 * An offline PayPal: the order id carries the reference and amount under an HMAC, so a capture can only confirm
 * an order this server created, for the amount it was created for. The page's approval dialog plays PayPal's.
 */
export class SandboxPaypalPayments implements PaypalPayments {
  readonly name = 'sandbox' as const;
  readonly clientId = null;

  /** Refunds made, by capture id (a capture is refunded once; asking again returns the same refund, as PayPal). */
  readonly refunds = new Map<string, RefundRequest & { refundId: string }>();

  constructor(private readonly secret: string) {}

  async refund(request: RefundRequest): Promise<RefundResult> {
    if (!/^SBCAP-[A-Za-z0-9_-]{12}$/.test(request.paymentRef)) {
      throw new PaymentProviderError(`no such sandbox capture: ${request.paymentRef}`);
    }
    const earlier = this.refunds.get(request.paymentRef);
    if (earlier) return { refundId: earlier.refundId, status: 'succeeded' };
    const refundId = `SBREF-${this.mac(`refund|${request.paymentRef}`).slice(0, 12)}`;
    this.refunds.set(request.paymentRef, { ...request, refundId });
    return { refundId, status: 'succeeded' };
  }

  private mac(text: string): string {
    return createHmac('sha256', `${this.secret}:paypal-sandbox`).update(text).digest('base64url').slice(0, 22);
  }

  async createOrder(request: PaypalOrderRequest) {
    const payload = Buffer.from(`${request.reference}|${request.amountMinor}|${ISO_OF[request.currency]}`).toString(
      'base64url',
    );
    return { orderId: `SBPP-${payload}-${this.mac(payload)}` };
  }

  async captureOrder(orderId: string): Promise<PaypalCapture> {
    const match = /^SBPP-([A-Za-z0-9_-]+)-([A-Za-z0-9_-]{22})$/.exec(orderId);
    const refused: PaypalCapture = {
      orderId,
      completed: false,
      captureId: null,
      reference: null,
      amountMinor: 0,
      currency: null,
    };
    if (!match?.[1] || !match[2]) return refused;
    const expected = Buffer.from(this.mac(match[1]));
    if (!timingSafeEqual(expected, Buffer.from(match[2]))) return refused;
    const [reference, amount, iso] = Buffer.from(match[1], 'base64url').toString().split('|');
    return {
      orderId,
      completed: true,
      captureId: `SBCAP-${match[2].slice(0, 12)}`,
      reference: reference ?? null,
      amountMinor: Number(amount),
      currency: currencyOfIso(iso),
    };
  }
}
