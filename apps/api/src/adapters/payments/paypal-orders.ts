import { fromMajorString, toMajorString } from '@parcelle/shared/money';
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

  /**
   * Refunds a capture in full (`POST /v2/payments/captures/{id}/refund`). PayPal-Request-Id makes a retried call
   * return the first refund; a capture already refunded in full (422 CAPTURE_FULLY_REFUNDED) is looked up instead.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const path = `/v2/payments/captures/${encodeURIComponent(request.paymentRef)}/refund`;
    const answer = await this.call(
      path,
      {
        amount: { currency_code: ISO_OF[request.currency], value: toMajorString(request.amountMinor) },
        invoice_id: `${request.reference}-refund`,
        note_to_payer: `Parcelle ${request.reference}`,
      },
      request.idempotencyKey,
    );
    const issue = (answer.details as { issue?: string }[] | undefined)?.[0]?.issue;
    if (issue === 'CAPTURE_FULLY_REFUNDED') return this.earlierRefund(request.paymentRef);
    if (typeof answer.id !== 'string') {
      throw new PaymentProviderError(`PayPal refund refused: ${issue ?? String(answer.name ?? 'no refund id')}`);
    }
    if (answer.status === 'COMPLETED') return { refundId: answer.id, status: 'succeeded' };
    if (answer.status === 'PENDING') return { refundId: answer.id, status: 'pending' };
    throw new PaymentProviderError(`PayPal refund ${answer.id} is ${String(answer.status)}`);
  }

  /**
   * A capture already refunded in full (PayPal forgot the request id, or an operator refunded it by hand): the
   * capture's own status is the proof. Its refund's id is not in the answer, so the capture id stands for it.
   */
  private async earlierRefund(captureId: string): Promise<RefundResult> {
    const response = await this.fetcher(`${this.apiUrl}/v2/payments/captures/${encodeURIComponent(captureId)}`, {
      headers: { Authorization: `Bearer ${await this.accessToken()}` },
    });
    if (!response.ok) throw new PaymentProviderError(`PayPal capture: HTTP ${response.status}`);
    const capture = (await response.json()) as { status?: string };
    if (capture.status !== 'REFUNDED') throw new PaymentProviderError(`PayPal capture is ${String(capture.status)}`);
    return { refundId: `refunded:${captureId}`, status: 'succeeded' };
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
