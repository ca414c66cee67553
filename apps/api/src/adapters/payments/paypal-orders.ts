import { fromMajorString, toMajorString } from '@parcelle/shared/money';
import {
  currencyOfIso,
  ISO_OF,
  PaymentProviderError,
  type PaypalCapture,
  type PaypalOrderRequest,
  type PaypalPayments,
} from './payments';

/**
 * PayPal's Orders API v2: the server creates the order for the purchase's amount and captures it after the
 * buyer approves; only PayPal's capture answer counts. OAuth2 client-credentials tokens are cached until expiry.
 */
export class PaypalOrdersPayments implements PaypalPayments {
  readonly name = 'paypal' as const;
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    readonly clientId: string,
    private readonly clientSecret: string,
    private readonly apiUrl: string,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 60_000) return this.token.value;
    const response = await this.fetcher(`${this.apiUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) throw new PaymentProviderError(`PayPal token: HTTP ${response.status}`);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    this.token = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return body.access_token;
  }

  private async call(path: string, body: unknown, requestId: string): Promise<Record<string, unknown>> {
    const response = await this.fetcher(`${this.apiUrl}${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await this.accessToken()}`,
        'Content-Type': 'application/json',
        // PayPal's idempotency: a retried call with the same id is not applied twice.
        'PayPal-Request-Id': requestId,
        Prefer: 'return=representation',
      },
      body: JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok && response.status !== 422)
      throw new PaymentProviderError(`PayPal ${path}: HTTP ${response.status}`);
    return json;
  }

  async createOrder(request: PaypalOrderRequest) {
    const order = await this.call(
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: request.reference,
            custom_id: request.reference,
            amount: { currency_code: ISO_OF[request.currency], value: toMajorString(request.amountMinor) },
          },
        ],
      },
      `order-${request.reference}`,
    );
    if (typeof order.id !== 'string') throw new PaymentProviderError('PayPal returned no order id');
    return { orderId: order.id };
  }

  async captureOrder(orderId: string): Promise<PaypalCapture> {
    const order = await this.call(
      `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
      {},
      `capture-${orderId}`,
    );
    const unit = (
      order.purchase_units as { reference_id?: string; payments?: { captures?: unknown[] } }[] | undefined
    )?.[0];
    const capture = unit?.payments?.captures?.[0] as
      | { id: string; status: string; amount: { currency_code: string; value: string } }
      | undefined;
    const completed = order.status === 'COMPLETED' && capture?.status === 'COMPLETED';
    return {
      orderId,
      completed,
      captureId: capture?.id ?? null,
      reference: unit?.reference_id ?? null,
      amountMinor: fromMajorString(capture?.amount.value ?? '0'),
      currency: currencyOfIso(capture?.amount.currency_code),
    };
  }
}
