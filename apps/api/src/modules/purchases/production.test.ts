import { messages } from '@parcelle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createPaintingForSale } from '../../../test/factories';
import { createProductionTestApp, type TestApp } from '../../../test/test-app';
import { SANDBOX_CARD_OK } from '../../adapters/payments/sandbox-card';
import { seedCatalogue } from '../../db/seed-catalogue';

/** Production: the offline sandboxes run only with PAYMENTS_SANDBOX=true; switched-off methods are refused. */

const NO_PROVIDER_KEYS = {
  STRIPE_SECRET_KEY: undefined,
  STRIPE_PUBLISHABLE_KEY: undefined,
  STRIPE_WEBHOOK_SECRET: undefined,
  PAYPAL_CLIENT_ID: undefined,
  PAYPAL_CLIENT_SECRET: undefined,
};

async function memberAndPainting(t: TestApp) {
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  const member = await createMember(t, { verified: true });
  const painting = await createPaintingForSale(t, { pricePerPartMinor: 300 });
  const order = (payment_method: string) => ({
    total_part: 9,
    payment_method,
    painting_id: painting.id,
    owner: 'Jeanne Dupont',
    currency: 'EURO',
  });
  return { member, order };
}

describe('production with real providers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createProductionTestApp();
  });
  afterAll(() => t.close());

  it('has no sandbox route at all, and says it is not in test mode', async () => {
    const member = await createMember(t, { verified: true });
    const confirm = await t.call('POST', '/api/payments/sandbox/card/confirm', {
      token: member.accessToken,
      body: { client_secret: 'sbpi_anything_at_all', card_number: SANDBOX_CARD_OK },
    });
    expect(confirm.statusCode).toBe(404);
    expect(confirm.json().error).toEqual(messages.NotFound);
    const config = await t.call('GET', '/api/payments/config');
    expect(config.statusCode).toBe(200);
    expect(config.json().data).toEqual({ test_mode: false, methods: ['card', 'paypal', 'smart_amount'] });
    expect(t.ctx.payments.card.name).toBe('stripe');
    expect(t.ctx.payments.paypal.name).toBe('paypal');
  });
});

describe('production with PAYMENTS_SANDBOX=true and no provider keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createProductionTestApp({ ...NO_PROVIDER_KEYS, PAYMENTS_SANDBOX: 'true' });
  });
  afterAll(() => t.close());

  it('says test mode and pays through the card sandbox', async () => {
    expect((await t.call('GET', '/api/payments/config')).json().data).toEqual({
      test_mode: true,
      methods: ['card', 'paypal', 'smart_amount'],
    });
    const { member, order } = await memberAndPainting(t);
    const purchase = await t.call('POST', '/api/paintings/purchase', {
      token: member.accessToken,
      body: order('card'),
    });
    expect(purchase.statusCode).toBe(200);
    const data = purchase.json().data;
    expect(data.card_provider).toBe('sandbox');
    const paid = await t.call('POST', '/api/payments/sandbox/card/confirm', {
      token: member.accessToken,
      body: { client_secret: data.payment_client_secret, card_number: SANDBOX_CARD_OK },
    });
    expect(paid.statusCode).toBe(200);
    const paypal = await t.call('POST', '/api/paintings/purchase', {
      token: member.accessToken,
      body: order('paypal'),
    });
    expect(paypal.json().data.paypal_provider).toBe('sandbox');
  });
});

describe('production with only the card offered (PAYMENT_METHODS=card)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createProductionTestApp({
      PAYMENT_METHODS: 'card',
      PAYPAL_CLIENT_ID: undefined,
      PAYPAL_CLIENT_SECRET: undefined,
    });
  });
  afterAll(() => t.close());

  it('refuses PayPal and the wallet before anything is reserved, and tells the web', async () => {
    expect((await t.call('GET', '/api/payments/config')).json().data).toEqual({ test_mode: false, methods: ['card'] });
    const { member, order } = await memberAndPainting(t);
    for (const method of ['paypal', 'smart_amount']) {
      for (const path of ['/api/paintings/validate', '/api/paintings/purchase']) {
        const refused = await t.call('POST', path, { token: member.accessToken, body: order(method) });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({
          error: messages.PaymentMethodUnavailable,
          field: 'payment_method',
        });
      }
    }
    const code = await t.call('POST', '/api/paintings/purchase/code', { token: member.accessToken });
    expect(code.statusCode).toBe(400);
    expect(code.json().error).toEqual(messages.PaymentMethodUnavailable);
    expect(t.ctx.payments.paypal.name).toBe('paypal');
    expect(await t.ctx.payments.paypal.captureOrder('SBPP-forged')).toMatchObject({ completed: false });
  });
});
