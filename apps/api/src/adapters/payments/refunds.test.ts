import { afterEach, describe, expect, it } from 'vitest';
import { type StubAnswer, type StubRequest, startHttpStub } from '../../../test/http-stub';
import { PaymentProviderError, type RefundRequest } from './payments';
import { PaypalOrdersPayments } from './paypal-orders';
import { StripeCardPayments } from './stripe-card';

/** The real adapters' refund calls, against a local stub playing Stripe's and PayPal's APIs. */
let stub: Awaited<ReturnType<typeof startHttpStub>> | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
});

async function start(answer: (request: StubRequest) => StubAnswer) {
  stub = await startHttpStub(answer);
  return stub;
}

const request: RefundRequest = {
  paymentRef: 'pi_123',
  amountMinor: 123450,
  currency: 'EURO',
  reference: 'PA-ABCDEFGHJK',
  idempotencyKey: 'refund-purchase-1',
};

describe('Stripe refunds (POST /v1/refunds)', () => {
  const stripeOn = (url: string) => new StripeCardPayments('sk_test_refunds', 'pk_test_refunds', 'whsec_x', url);

  it('refunds the PaymentIntent in full with the idempotency key', async () => {
    const server = await start(() => ({
      status: 200,
      json: { id: 're_1', object: 'refund', status: 'succeeded', amount: 123450, currency: 'eur' },
    }));
    expect(await stripeOn(server.url).refund(request)).toEqual({ refundId: 're_1', status: 'succeeded' });
    expect(server.requests).toHaveLength(1);
    const [sent] = server.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v1/refunds');
    expect(sent?.headers.authorization).toBe('Bearer sk_test_refunds');
    expect(sent?.headers['idempotency-key']).toBe('refund-purchase-1');
    const form = new URLSearchParams(sent?.body);
    expect(form.get('payment_intent')).toBe('pi_123');
    expect(form.get('amount')).toBe('123450');
    expect(form.get('metadata[reference]')).toBe('PA-ABCDEFGHJK');
  });

  it('finds the earlier refund when Stripe says the charge was already refunded', async () => {
    const server = await start((sent) =>
      sent.method === 'POST'
        ? {
            status: 400,
            json: { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'refunded' } },
          }
        : { status: 200, json: { object: 'list', data: [{ id: 're_old', object: 'refund', status: 'succeeded' }] } },
    );
    expect(await stripeOn(server.url).refund(request)).toEqual({ refundId: 're_old', status: 'succeeded' });
    expect(server.requests.at(-1)?.path).toBe('/v1/refunds?payment_intent=pi_123&limit=10');
  });

  it('throws PaymentProviderError when Stripe refuses or the refund failed', async () => {
    const refused = await start(() => ({
      status: 400,
      json: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } },
    }));
    await expect(stripeOn(refused.url).refund(request)).rejects.toBeInstanceOf(PaymentProviderError);
    await refused.close();
    stub = await startHttpStub(() => ({ status: 200, json: { id: 're_2', object: 'refund', status: 'failed' } }));
    await expect(stripeOn(stub.url).refund(request)).rejects.toThrow('re_2 is failed');
  });
});

describe('PayPal refunds (POST /v2/payments/captures/{id}/refund)', () => {
  const token = { status: 200, json: { access_token: 'A21-token', expires_in: 3600 } };
  const paypalOn = (url: string) => new PaypalOrdersPayments('client-id', 'client-secret', url);
  const captureRequest = { ...request, paymentRef: 'CAP-9' };

  it('refunds the capture with its amount, PayPal-Request-Id and the bearer token', async () => {
    const server = await start((sent) =>
      sent.path === '/v1/oauth2/token' ? token : { status: 201, json: { id: 'REF-1', status: 'COMPLETED' } },
    );
    expect(await paypalOn(server.url).refund(captureRequest)).toEqual({ refundId: 'REF-1', status: 'succeeded' });
    const sent = server.requests.find((item) => item.path === '/v2/payments/captures/CAP-9/refund');
    expect(sent?.method).toBe('POST');
    expect(sent?.headers.authorization).toBe('Bearer A21-token');
    expect(sent?.headers['paypal-request-id']).toBe('refund-purchase-1');
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
      amount: { currency_code: 'EUR', value: '1234.50' },
      invoice_id: 'PA-ABCDEFGHJK-refund',
    });
  });

  it('accepts a pending refund, and a capture already refunded in full', async () => {
    const pending = await start((sent) =>
      sent.path === '/v1/oauth2/token' ? token : { status: 201, json: { id: 'REF-2', status: 'PENDING' } },
    );
    expect(await paypalOn(pending.url).refund(captureRequest)).toEqual({ refundId: 'REF-2', status: 'pending' });
    await pending.close();
    stub = await startHttpStub((sent) => {
      if (sent.path === '/v1/oauth2/token') return token;
      if (sent.method === 'GET') return { status: 200, json: { id: 'CAP-9', status: 'REFUNDED' } };
      return { status: 422, json: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'CAPTURE_FULLY_REFUNDED' }] } };
    });
    expect(await paypalOn(stub.url).refund(captureRequest)).toEqual({
      refundId: 'refunded:CAP-9',
      status: 'succeeded',
    });
  });

  it('throws PaymentProviderError on a refusal or a server error', async () => {
    const refused = await start((sent) =>
      sent.path === '/v1/oauth2/token'
        ? token
        : { status: 422, json: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'REFUND_NOT_ALLOWED' }] } },
    );
    await expect(paypalOn(refused.url).refund(captureRequest)).rejects.toThrow('REFUND_NOT_ALLOWED');
    await refused.close();
    stub = await startHttpStub((sent) => (sent.path === '/v1/oauth2/token' ? token : { status: 500, json: {} }));
    await expect(paypalOn(stub.url).refund(captureRequest)).rejects.toBeInstanceOf(PaymentProviderError);
  });
});
