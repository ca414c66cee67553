import { createHmac, timingSafeEqual } from 'node:crypto';
import { currencyOfIso, ISO_OF, type PaypalCapture, type PaypalOrderRequest, type PaypalPayments } from './payments';

/**
 * An offline PayPal: the order id carries the reference and amount under an HMAC, so a capture can only confirm
 * an order this server created, for the amount it was created for. The page's approval dialog plays PayPal's.
 */
export class SandboxPaypalPayments implements PaypalPayments {
  readonly name = 'sandbox' as const;
  readonly clientId = null;

  constructor(private readonly secret: string) {}

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
