import { messages } from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createPaintingForSale, walletCode } from '../../../test/factories';
import { raceTitle } from '../../../test/race';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SANDBOX_CARD_DECLINED, SANDBOX_CARD_OK } from '../../adapters/payments/sandbox-card';
import { paintings, purchases } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { checkInvariants } from '../ledger/invariants';
import { CANCELLED_BY_MEMBER } from './cancel';

/** Issue 31: a declined card no longer holds the work for the reservation's 15 minutes; the member gives it up. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
});

const order = (paintingId: string, parts: number, method = 'card') => ({
  total_part: parts,
  payment_method: method,
  painting_id: paintingId,
  owner: 'Jeanne Dupont',
  currency: 'EURO',
});
const buy = (token: string, body: ReturnType<typeof order>) =>
  t.call('POST', '/api/paintings/purchase', { body, token });
const cancel = (token: string, reference: string) =>
  t.call('POST', `/api/paintings/purchase/${reference}/cancel`, { token });
const confirmCard = (token: string, secret: string, card: string) =>
  t.call('POST', '/api/payments/sandbox/card/confirm', {
    token,
    body: { client_secret: secret, card_number: card },
  });

async function soldParts(paintingId: string) {
  const [row] = await t.ctx.database.db.select().from(paintings).where(eq(paintings.id, paintingId));
  return row?.soldParts;
}

describe('cancelling a purchase awaiting payment', () => {
  it('after a declined card: the parts come back at once, and the member pays another way', async () => {
    const member = await createMember(t, { verified: true });
    const painting = await createPaintingForSale(t, { widthCm: 2, heightCm: 2, pricePerPartMinor: 1000 });
    const reserved = await buy(member.accessToken, order(painting.id, 9));
    expect(reserved.statusCode).toBe(200);
    const { reference_id: reference, payment_client_secret: secret } = reserved.json().data;
    await confirmCard(member.accessToken, secret, SANDBOX_CARD_DECLINED);
    expect(await soldParts(painting.id)).toBe(9);
    // Still held: a second card purchase of the work is refused until it is given up.
    expect((await buy(member.accessToken, order(painting.id, 9, 'paypal'))).statusCode).toBe(409);

    const cancelled = await cancel(member.accessToken, reference);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe('failed');
    expect(cancelled.json().message).toEqual(messages.PurchaseCancelled);
    expect(await soldParts(painting.id)).toBe(0);
    const [row] = await t.ctx.database.db.select().from(purchases).where(eq(purchases.reference, reference));
    expect(row?.failureReason).toBe(CANCELLED_BY_MEMBER);
    // Twice: the same answer, nothing released twice.
    expect((await cancel(member.accessToken, reference)).statusCode).toBe(200);
    expect(await soldParts(painting.id)).toBe(0);

    // Another way to pay at once: from the wallet (funded by the development tools).
    await t.call('POST', '/api/dev/wallet/credit', {
      body: { email: member.email, currency: 'EURO', amount_minor: 100_000 },
    });
    const wallet = await buy(member.accessToken, {
      ...order(painting.id, 9, 'smart_amount'),
      ...(await walletCode(t, member.accessToken)),
    });
    expect(wallet.statusCode, wallet.body).toBe(200);
    expect(wallet.json().data.status).toBe('paid');
    expect(await soldParts(painting.id)).toBe(9);
  });

  it('refuses a paid purchase (409), and another member’s (404), in both languages', async () => {
    const member = await createMember(t, { verified: true });
    const other = await createMember(t, { verified: true });
    const painting = await createPaintingForSale(t, { widthCm: 2, heightCm: 2, pricePerPartMinor: 1000 });
    const reserved = await buy(member.accessToken, order(painting.id, 9));
    const { reference_id: reference, payment_client_secret: secret } = reserved.json().data;

    const foreign = await cancel(other.accessToken, reference);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toEqual(messages.PurchaseNotFound);
    expect(await soldParts(painting.id)).toBe(9);

    await confirmCard(member.accessToken, secret, SANDBOX_CARD_OK);
    const paid = await cancel(member.accessToken, reference);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toEqual(messages.PurchaseNotCancellable);
    expect(await soldParts(painting.id)).toBe(9);
  });
});

describe(raceTitle('cancelling while the payment succeeds'), () => {
  it('either the payment settles and the cancel is refused, or the cancel wins and the late payment is handled', async () => {
    const member = await createMember(t, { verified: true });
    const painting = await createPaintingForSale(t, { widthCm: 2, heightCm: 2, pricePerPartMinor: 1000 });
    const reserved = await buy(member.accessToken, order(painting.id, 9));
    const { reference_id: reference, payment_client_secret: secret } = reserved.json().data;
    const [cancelled, paid] = await Promise.all([
      cancel(member.accessToken, reference),
      confirmCard(member.accessToken, secret, SANDBOX_CARD_OK),
    ]);
    expect(paid.statusCode).toBe(200);
    const [row] = await t.ctx.database.db.select().from(purchases).where(eq(purchases.reference, reference));
    // The payment went through either way: settled (cancel refused), or taken again after the cancel released it.
    expect(row?.status).toBe('paid');
    expect([200, 409]).toContain(cancelled.statusCode);
    expect(await soldParts(painting.id)).toBe(9);
  });
});
