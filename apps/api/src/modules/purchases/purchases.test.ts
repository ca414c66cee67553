import { fillMessage, messages } from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sendCardEvent } from '../../../test/card-webhook';
import {
  codeIn,
  createMember,
  createPaintingForSale,
  fundWallet,
  lastMessageTo,
  userRow,
} from '../../../test/factories';
import { raceTitle } from '../../../test/race';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SANDBOX_CARD_DECLINED, SANDBOX_CARD_OK, type SandboxCardPayments } from '../../adapters/payments/sandbox-card';
import { paintings, purchases } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { checkInvariants } from '../ledger/invariants';
import { accountFor, balanceOf } from '../ledger/ledger';
import { memberHolding } from '../parts/register';
import { releaseExpired } from './release-reservation';

let t: TestApp;
let buyer: Awaited<ReturnType<typeof createMember>>;
let buyerId: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  buyer = await createMember(t, { verified: true });
  buyerId = (await userRow(t, buyer.email))?.id ?? '';
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
});

const card = () => t.ctx.payments.card as SandboxCardPayments;

function buy(token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.call('POST', '/api/paintings/purchase', { body, token, headers });
}

async function paintingRow(id: string) {
  const [row] = await t.ctx.database.db.select().from(paintings).where(eq(paintings.id, id));
  if (!row) throw new Error('no painting');
  return row;
}

async function purchaseRow(reference: string) {
  const [row] = await t.ctx.database.db.select().from(purchases).where(eq(purchases.reference, reference));
  if (!row) throw new Error('no purchase');
  return row;
}

describe('POST /api/paintings/validate', () => {
  it('prices a request in the asked currency without reserving anything', async () => {
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 250 });
    const response = await t.call('POST', '/api/paintings/validate', {
      token: buyer.accessToken,
      body: {
        total_part: 4,
        payment_method: 'card',
        painting_id: painting.id,
        owner: 'Jeanne Dupont',
        currency: 'EURO',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      total_part: 4,
      available_part: 18,
      price_per_part: { value: 2.5, curr: 'EURO' },
      total: { value: 10, curr: 'EURO' },
    });
    expect((await paintingRow(painting.id)).soldParts).toBe(0);
  });

  it('refuses with the spec messages, in both languages, and never a 500', async () => {
    const painting = await createPaintingForSale(t);
    const base = { total_part: 1, payment_method: 'card', painting_id: painting.id, owner: 'J. D.' };
    const cases: [Record<string, unknown>, number, keyof typeof messages][] = [
      [{ ...base, total_part: 0 }, 400, 'SelectShares'],
      [{ ...base, total_part: 1.5 }, 400, 'SelectShares'],
      [{ ...base, payment_method: 'cash' }, 400, 'SelectPaymentMethod'],
      [{ ...base, payment_method: undefined }, 400, 'SelectPaymentMethod'],
      [{ ...base, owner: '   ' }, 400, 'OwnerNameRequired'],
      [{ ...base, total_part: 19 }, 400, 'NotEnoughParts'],
      [{ ...base, painting_id: '00000000-0000-4000-8000-000000000000' }, 404, 'PaintingNotFound'],
    ];
    for (const [body, status, key] of cases) {
      const response = await t.call('POST', '/api/paintings/validate', { token: buyer.accessToken, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().error).toEqual(messages[key]);
    }
    const [notForSale] = await t.ctx.database.db.select().from(paintings).where(eq(paintings.market, 1)).limit(1);
    const closed = await t.call('POST', '/api/paintings/validate', {
      token: buyer.accessToken,
      body: { ...base, painting_id: notForSale?.id },
    });
    expect(closed.json().error).toEqual(messages.PaintingNotOnSale);
    expect((await t.call('POST', '/api/paintings/validate', { body: base })).statusCode).toBe(401);
  });
});

describe('card payment (offline sandbox, same webhook path as Stripe)', () => {
  it('reserves, pays with the test card, settles the parts, issues the certificate and emails the buyer', async () => {
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 300 });
    const response = await buy(buyer.accessToken, {
      total_part: 9,
      payment_method: 'card',
      painting_id: painting.id,
      owner: 'Jeanne Dupont',
      currency: 'EURO',
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ status: 'pending', total: { value: 27, curr: 'EURO' }, card_provider: 'sandbox' });
    expect(data.stripe_publishable_key).toBe('pk_sandbox_parcelle');
    expect((await paintingRow(painting.id)).soldParts).toBe(9);

    const paid = await t.call('POST', '/api/payments/sandbox/card/confirm', {
      token: buyer.accessToken,
      body: { client_secret: data.payment_client_secret, card_number: '4242 4242 4242 4242' },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().message).toEqual(messages.PaymentSuccessful);

    const state = (
      await t.call('GET', `/api/paintings/purchase/${data.reference_id}`, { token: buyer.accessToken })
    ).json().data;
    expect(state.status).toBe('paid');
    expect(state.certificate_number).toMatch(/^PCL-\d{4}-[0-9A-Z]{10}$/);
    expect(await memberHolding(t.ctx.database.db, buyerId, painting.id)).toEqual({ primary: 9, secondary: 0 });
    const mail = await lastMessageTo(t, buyer.email);
    expect(mail?.subject).toContain(painting.titleEn);
    expect(mail?.text).toContain('9 parts (1 cm²)');
    expect(mail?.text).toContain(state.certificate_number);
  });

  it("does not confirm another member's payment, nor one whose client secret was altered (decision 590)", async () => {
    const painting = await createPaintingForSale(t);
    const data = (
      await buy(buyer.accessToken, { total_part: 1, payment_method: 'card', painting_id: painting.id, owner: 'J. D.' })
    ).json().data;
    const other = await createMember(t, { verified: true });
    const theirs = await t.call('POST', '/api/payments/sandbox/card/confirm', {
      token: other.accessToken,
      body: { client_secret: data.payment_client_secret, card_number: SANDBOX_CARD_OK },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toEqual(messages.PurchaseNotFound);
    // The payer named in the secret changed to the other member: the signature no longer matches.
    const [encoded, mac] = String(data.payment_client_secret).split('_secret_');
    const signed = JSON.parse(Buffer.from(encoded ?? '', 'base64url').toString()) as unknown[];
    signed[6] = (await userRow(t, other.email))?.id;
    const altered = `${Buffer.from(JSON.stringify(signed)).toString('base64url')}_secret_${mac}`;
    const forged = await t.call('POST', '/api/payments/sandbox/card/confirm', {
      token: other.accessToken,
      body: { client_secret: altered, card_number: SANDBOX_CARD_OK },
    });
    expect(forged.statusCode).toBe(404);
    expect((await purchaseRow(data.reference_id)).status).toBe('pending');
  });

  it('shows a declined card, keeps the reservation, and accepts another card', async () => {
    const painting = await createPaintingForSale(t);
    const data = (
      await buy(buyer.accessToken, { total_part: 2, payment_method: 'card', painting_id: painting.id, owner: 'J. D.' })
    ).json().data;
    const declined = await t.call('POST', '/api/payments/sandbox/card/confirm', {
      token: buyer.accessToken,
      body: { client_secret: data.payment_client_secret, card_number: SANDBOX_CARD_DECLINED },
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toEqual(messages.CardDeclined);
    expect((await purchaseRow(data.reference_id)).status).toBe('pending');
    const paid = await t.call('POST', '/api/payments/sandbox/card/confirm', {
      token: buyer.accessToken,
      body: { client_secret: data.payment_client_secret, card_number: SANDBOX_CARD_OK },
    });
    expect(paid.statusCode).toBe(200);
    expect((await purchaseRow(data.reference_id)).status).toBe('paid');
  });

  it('handles a duplicated webhook once and ignores a failure that arrives after the success', async () => {
    const painting = await createPaintingForSale(t);
    const data = (
      await buy(buyer.accessToken, { total_part: 3, payment_method: 'card', painting_id: painting.id, owner: 'J. D.' })
    ).json().data;
    const success = card().confirm(data.payment_client_secret, SANDBOX_CARD_OK);
    const failure = card().confirm(data.payment_client_secret, SANDBOX_CARD_DECLINED);
    if (!success || !failure) throw new Error('sandbox refused its own secret');
    const send = (event: { body: string; signature: string }) => sendCardEvent(t.app, event);
    for (const event of [success, success, failure, success]) expect((await send(event)).statusCode).toBe(200);
    expect((await purchaseRow(data.reference_id)).status).toBe('paid');
    expect(await memberHolding(t.ctx.database.db, buyerId, painting.id)).toEqual({ primary: 3, secondary: 0 });
    const forged = await send({ body: success.body.replace('"amount":', '"amount":1'), signature: success.signature });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toEqual(messages.WebhookSignatureInvalid);
  });

  it('releases an unpaid reservation when it expires; a payment arriving later settles once if the parts are still there', async () => {
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 500 });
    const data = (
      await buy(buyer.accessToken, {
        total_part: 5,
        payment_method: 'card',
        painting_id: painting.id,
        owner: 'J. D.',
        currency: 'USD',
      })
    ).json().data;
    expect((await paintingRow(painting.id)).soldParts).toBe(5);
    expect(await releaseExpired(t.ctx.database.db, new Date(Date.now() + 60 * 60_000))).toBeGreaterThanOrEqual(1);
    expect((await purchaseRow(data.reference_id)).status).toBe('expired');
    expect((await paintingRow(painting.id)).soldParts).toBe(0);

    const wallet = await accountFor(t.ctx.database.db, 'member_wallet', 'USD', buyerId);
    const before = await balanceOf(t.ctx.database.db, wallet);
    const late = card().confirm(data.payment_client_secret, SANDBOX_CARD_OK);
    const again = card().confirm(data.payment_client_secret, SANDBOX_CARD_OK);
    for (const event of [late, again]) {
      if (!event) throw new Error('no event');
      await sendCardEvent(t.app, event);
    }
    // The same parts were still available at the same price: taken again and settled, never credited to the wallet.
    const purchase = await purchaseRow(data.reference_id);
    expect(purchase.status).toBe('paid');
    expect(await balanceOf(t.ctx.database.db, wallet)).toBe(before);
    expect(await memberHolding(t.ctx.database.db, buyerId, painting.id)).toEqual({ primary: 5, secondary: 0 });
    expect((await paintingRow(painting.id)).soldParts).toBe(5);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, refuses the key with another body', async () => {
    const painting = await createPaintingForSale(t);
    const body = { total_part: 2, payment_method: 'card', painting_id: painting.id, owner: 'J. D.' };
    const first = await buy(buyer.accessToken, body, { 'idempotency-key': 'purchase-key-0001' });
    const retry = await buy(buyer.accessToken, body, { 'idempotency-key': 'purchase-key-0001' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.reference_id).toBe(first.json().data.reference_id);
    expect((await paintingRow(painting.id)).soldParts).toBe(2);
    const other = await buy(buyer.accessToken, { ...body, total_part: 3 }, { 'idempotency-key': 'purchase-key-0001' });
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toEqual(messages.IdempotencyKeyReused);
    const bad = await buy(buyer.accessToken, body, { 'idempotency-key': 'bad key!' });
    expect(bad.statusCode).toBe(400);
    // A refusal is replayed too.
    const tooMany = { ...body, painting_id: (await createPaintingForSale(t)).id, total_part: 50 };
    const refused = await buy(buyer.accessToken, tooMany, { 'idempotency-key': 'purchase-key-0002' });
    const replayed = await buy(buyer.accessToken, tooMany, { 'idempotency-key': 'purchase-key-0002' });
    expect([refused.statusCode, replayed.statusCode]).toEqual([400, 400]);
    // The member is told how many parts are left (the code stays NotEnoughParts).
    expect(replayed.json().error).toEqual(fillMessage('NotEnoughPartsLeft', { available: { en: '18', fr: '18' } }));
  });
});

describe(raceTitle('concurrency'), () => {
  it('20 buyers at once for the last 10 parts: exactly 10 parts are sold, never more', async () => {
    const painting = await createPaintingForSale(t, { widthCm: 2, heightCm: 1 });
    // One unpaid purchase per member and work (decision 84): each request comes from its own member.
    const buyers = await Promise.all(Array.from({ length: 20 }, () => createMember(t, { verified: true })));
    // 8 of 18 parts go first, leaving 10.
    const first = await buy(buyer.accessToken, {
      total_part: 8,
      payment_method: 'card',
      painting_id: painting.id,
      owner: 'J. D.',
    });
    expect(first.statusCode).toBe(200);
    const responses = await Promise.all(
      buyers.map((one) =>
        buy(one.accessToken, { total_part: 1, payment_method: 'card', painting_id: painting.id, owner: 'J. D.' }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 400)).toHaveLength(10);
    for (const response of responses.filter((r) => r.statusCode === 400)) {
      expect(response.json().error).toEqual(messages.PartsSoldOut);
    }
    expect((await paintingRow(painting.id)).soldParts).toBe(18);
  });

  it('the last part paid moves the work to the secondary market', async () => {
    const painting = await createPaintingForSale(t, { widthCm: 1, heightCm: 1 });
    const data = (
      await buy(buyer.accessToken, { total_part: 9, payment_method: 'card', painting_id: painting.id, owner: 'J. D.' })
    ).json().data;
    expect((await paintingRow(painting.id)).market).toBe(2);
    await t.call('POST', '/api/payments/sandbox/card/confirm', {
      token: buyer.accessToken,
      body: { client_secret: data.payment_client_secret, card_number: SANDBOX_CARD_OK },
    });
    expect((await paintingRow(painting.id)).market).toBe(3);
  });
});

describe('smart account (wallet)', () => {
  async function walletBuyer(phone: string) {
    const member = await createMember(t, { verified: true, overrides: { number: phone } });
    const id = (await userRow(t, member.email))?.id ?? '';
    return { ...member, id };
  }

  async function code(token: string, phone: string) {
    const sent = await t.call('POST', '/api/paintings/purchase/code', { token });
    expect(sent.json().data).toEqual({ sent_to: 'phone' });
    return codeIn((await lastMessageTo(t, `+33${phone}`))?.text);
  }

  it('pays from the wallet after the code; an insufficient balance changes nothing', async () => {
    const member = await walletBuyer('611111111');
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 1000 });
    const body = {
      total_part: 3,
      payment_method: 'smart_amount',
      painting_id: painting.id,
      owner: 'A. B.',
      currency: 'EURO',
    };
    const poor = await buy(member.accessToken, { ...body, verification_code: '123456' });
    expect(poor.statusCode).toBe(400);
    expect(poor.json().error).toEqual(messages.InsufficientBalance);
    expect((await paintingRow(painting.id)).soldParts).toBe(0);

    await fundWallet(t, member.id, 'EURO', 5000);
    const missing = await buy(member.accessToken, body);
    expect(missing.json().error).toEqual(messages.OtpRequired);
    // Shown in dollars, paid from the euro wallet: a wallet payment is in the wallet's currency.
    const response = await buy(member.accessToken, {
      ...body,
      currency: 'USD',
      verification_code: await code(member.accessToken, '611111111'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.total).toEqual({ value: 30, curr: 'EURO' });
    expect(response.json().message).toEqual(messages.PurchaseComplete);
    expect(response.json().data.status).toBe('paid');
    const wallet = await accountFor(t.ctx.database.db, 'member_wallet', 'EURO', member.id);
    expect(await balanceOf(t.ctx.database.db, wallet)).toBe(2000);
    expect(await memberHolding(t.ctx.database.db, member.id, painting.id)).toEqual({ primary: 3, secondary: 0 });
  });

  it(raceTitle('concurrent wallet purchases with one code never overdraw the wallet'), async () => {
    const member = await walletBuyer('622222222');
    const painting = await createPaintingForSale(t, { widthCm: 3, heightCm: 3, pricePerPartMinor: 1000 });
    await fundWallet(t, member.id, 'EURO', 3500);
    // Each purchase needs its own code: issue one, then race the purchases with it (one consumes it) and retry.
    const results: number[] = [];
    for (let round = 0; round < 5; round++) {
      const verification = await code(member.accessToken, '622222222');
      const body = {
        total_part: 1,
        payment_method: 'smart_amount',
        painting_id: painting.id,
        owner: 'A. B.',
        currency: 'EURO',
        verification_code: verification,
      };
      const batch = await Promise.all(Array.from({ length: 4 }, () => buy(member.accessToken, body)));
      results.push(...batch.map((r) => r.statusCode));
    }
    const wallet = await accountFor(t.ctx.database.db, 'member_wallet', 'EURO', member.id);
    const balance = await balanceOf(t.ctx.database.db, wallet);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(results.filter((c) => c === 200)).toHaveLength(3);
    expect(balance).toBe(500);
  });
});

describe('PayPal (offline sandbox through the same capture path)', () => {
  it('creates the order, captures it on approval and settles; a forged order is refused', async () => {
    const painting = await createPaintingForSale(t);
    const data = (
      await buy(buyer.accessToken, {
        total_part: 4,
        payment_method: 'paypal',
        painting_id: painting.id,
        owner: 'J. D.',
      })
    ).json().data;
    expect(data.paypal_provider).toBe('sandbox');
    const order = { order_id: data.paypal_order_id, payment_method: 'paypal', paypal_object: { status: 'COMPLETED' } };
    const approved = await t.call('POST', '/api/paintings/order', { token: buyer.accessToken, body: order });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().message).toEqual(messages.PaymentSuccessful);
    expect(approved.json().data.status).toBe('paid');
    const again = await t.call('POST', '/api/paintings/order', { token: buyer.accessToken, body: order });
    expect(again.statusCode).toBe(200);
    expect(await memberHolding(t.ctx.database.db, buyerId, painting.id)).toEqual({ primary: 4, secondary: 0 });
    const forged = await t.call('POST', '/api/paintings/order', {
      token: buyer.accessToken,
      body: { ...order, order_id: `${data.paypal_order_id}x` },
    });
    expect(forged.statusCode).toBe(404);
  });
});
