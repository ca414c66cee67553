import { messages } from '@parcelle/shared';
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendCardEvent } from '../../../test/card-webhook';
import {
  createMember,
  createPaintingForSale,
  lastMessageTo,
  pastReflectionPeriod,
  userRow,
  walletCode,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { PaymentProviderError } from '../../adapters/payments/payments';
import { SANDBOX_CARD_OK, type SandboxCardPayments } from '../../adapters/payments/sandbox-card';
import type { SandboxPaypalPayments } from '../../adapters/payments/sandbox-paypal';
import { ledgerTransactions, paintings, purchases, refunds } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { checkInvariants } from '../ledger/invariants';
import { accountFor, balanceOf } from '../ledger/ledger';
import { memberHolding } from '../parts/register';
import { retryDueRefunds } from './refund-late-payment';
import { releaseExpired } from './release-reservation';

/**
 * A payment that completes after its reservation was released: settled when the same parts are still there at the
 * same price, otherwise refunded through the provider it came from (never credited to the wallet), once.
 */
let t: TestApp;
let buyer: Awaited<ReturnType<typeof createMember>>;
let buyerId: string;
let other: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  buyer = await createMember(t, { verified: true });
  buyerId = (await userRow(t, buyer.email))?.id ?? '';
  other = await createMember(t, { verified: true });
});
afterAll(() => t.close());
afterEach(async () => {
  vi.restoreAllMocks();
  expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
});

const db = () => t.ctx.database.db;
const card = () => t.ctx.payments.card as SandboxCardPayments;
const paypal = () => t.ctx.payments.paypal as SandboxPaypalPayments;
const later = () => new Date(Date.now() + 60 * 60_000);

function reserve(token: string, body: Record<string, unknown>) {
  return t.call('POST', '/api/paintings/purchase', { token, body: { owner: 'J. D.', currency: 'EURO', ...body } });
}

function sendWebhook(event: { body: string; signature: string }) {
  return sendCardEvent(t.app, event);
}

async function purchaseRow(reference: string) {
  const [row] = await db().select().from(purchases).where(eq(purchases.reference, reference));
  if (!row) throw new Error('no purchase');
  return row;
}

async function walletBalance(currency: 'EURO' | 'USD' = 'EURO') {
  return balanceOf(db(), await accountFor(db(), 'member_wallet', currency, buyerId));
}

async function ledgerRefs(reference: string) {
  const rows = await db()
    .select({ reference: ledgerTransactions.reference })
    .from(ledgerTransactions)
    .where(like(ledgerTransactions.reference, `${reference}%`));
  return rows.map((row) => row.reference).sort();
}

/** A card purchase of `parts` whose reservation then expires; the buyer's card event is returned for later. */
async function expiredCardPurchase(paintingId: string, parts: number) {
  const data = (
    await reserve(buyer.accessToken, { total_part: parts, payment_method: 'card', painting_id: paintingId })
  ).json().data;
  expect(await releaseExpired(db(), later())).toBeGreaterThanOrEqual(1);
  expect((await purchaseRow(data.reference_id)).status).toBe('expired');
  const event = card().confirm(data.payment_client_secret, SANDBOX_CARD_OK);
  if (!event) throw new Error('no event');
  return { reference: data.reference_id as string, event, clientSecret: data.payment_client_secret as string };
}

describe('a card payment after the reservation expired', () => {
  it('is refunded through the card provider when the parts are gone: wallet unchanged, ledger balanced, email', async () => {
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 500 }); // 18 parts
    const { reference, event } = await expiredCardPurchase(painting.id, 6);
    // Meanwhile another member takes 15 of the 18 parts: 3 are left, fewer than the 6 paid for.
    expect(
      (await reserve(other.accessToken, { total_part: 15, payment_method: 'card', painting_id: painting.id }))
        .statusCode,
    ).toBe(200);
    const walletBefore = await walletBalance();

    expect((await sendWebhook(event)).statusCode).toBe(200);

    const purchase = await purchaseRow(reference);
    expect(purchase.status).toBe('refunded');
    expect(await walletBalance()).toBe(walletBefore);
    expect(await memberHolding(db(), buyerId, painting.id)).toEqual({ primary: 0, secondary: 0 });
    const [refund] = await db().select().from(refunds).where(eq(refunds.purchaseId, purchase.id));
    expect(refund).toMatchObject({ status: 'succeeded', provider: 'sandbox', amountMinor: 3000, currency: 'EURO' });
    expect(refund?.paymentRef).toBe(purchase.providerRef);
    expect(card().refunds.get(purchase.providerRef ?? '')).toMatchObject({ amountMinor: 3000, currency: 'EURO' });
    expect(await ledgerRefs(reference)).toEqual([`${reference}:late-payment`, `${reference}:refund`]);
    const external = await accountFor(db(), 'external', 'EURO');
    const payable = await accountFor(db(), 'refunds_payable', 'EURO');
    expect(await balanceOf(db(), payable)).toBe(0);
    expect(external).not.toBe(payable);
    const mail = await lastMessageTo(t, buyer.email);
    expect(mail?.subject).toBe(`Your payment was refunded: ${painting.titleEn}`);
    expect(mail?.text).toContain('€30.00');
    expect(mail?.text).toContain('refunded it to your card');

    const state = await t.call('GET', `/api/paintings/purchase/${reference}`, { token: buyer.accessToken });
    expect(state.json().data.status).toBe('refunded');
  });

  it('a replayed webhook (and a second event for the same payment) refunds once', async () => {
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 400 });
    const { reference, event, clientSecret } = await expiredCardPurchase(painting.id, 5);
    await reserve(other.accessToken, { total_part: 18, payment_method: 'card', painting_id: painting.id });
    const refundCalls = vi.spyOn(card(), 'refund');
    // Another event id for the same payment (a provider may resend it as a new event): the same refund.
    const resent = card().confirm(clientSecret, SANDBOX_CARD_OK);
    if (!resent) throw new Error('no event');
    expect((await sendWebhook(resent)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 3; attempt++) expect((await sendWebhook(event)).statusCode).toBe(200);

    const purchase = await purchaseRow(reference);
    expect(purchase.status).toBe('refunded');
    expect(refundCalls).toHaveBeenCalledTimes(1);
    expect(await ledgerRefs(reference)).toEqual([`${reference}:late-payment`, `${reference}:refund`]);
    expect(await db().select().from(refunds).where(eq(refunds.purchaseId, purchase.id))).toHaveLength(1);
  });

  it('settles normally when the same parts are still available at the same price', async () => {
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 300 });
    const { reference, event } = await expiredCardPurchase(painting.id, 4);
    const walletBefore = await walletBalance();
    expect((await sendWebhook(event)).statusCode).toBe(200);

    const purchase = await purchaseRow(reference);
    expect(purchase.status).toBe('paid');
    expect(await memberHolding(db(), buyerId, painting.id)).toEqual({ primary: 4, secondary: 0 });
    const [row] = await db().select().from(paintings).where(eq(paintings.id, painting.id));
    expect(row?.soldParts).toBe(4);
    expect(await walletBalance()).toBe(walletBefore);
    expect(await ledgerRefs(reference)).toEqual([reference]);
    expect(await db().select().from(refunds).where(eq(refunds.purchaseId, purchase.id))).toHaveLength(0);
    expect((await lastMessageTo(t, buyer.email))?.subject).toContain(painting.titleEn);
  });

  it('is refunded when the part price changed since the reservation', async () => {
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 300 });
    const { reference, event } = await expiredCardPurchase(painting.id, 2);
    await db().update(paintings).set({ pricePerPartMinor: 350 }).where(eq(paintings.id, painting.id));
    await sendWebhook(event);
    expect((await purchaseRow(reference)).status).toBe('refunded');
  });

  it('keeps a refund the provider refused pending, and the reservation sweep retries it', async () => {
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 250 });
    const { reference, event } = await expiredCardPurchase(painting.id, 8);
    await reserve(other.accessToken, { total_part: 12, payment_method: 'card', painting_id: painting.id });
    const walletBefore = await walletBalance();
    vi.spyOn(card(), 'refund').mockRejectedValueOnce(new PaymentProviderError('provider unreachable'));

    expect((await sendWebhook(event)).statusCode).toBe(200);
    const purchase = await purchaseRow(reference);
    expect(purchase.status).toBe('refund_pending');
    const [pending] = await db().select().from(refunds).where(eq(refunds.purchaseId, purchase.id));
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, lastError: 'provider unreachable' });
    expect(await balanceOf(db(), await accountFor(db(), 'refunds_payable', 'EURO'))).toBe(2000);
    expect(await walletBalance()).toBe(walletBefore);
    const state = await t.call('GET', `/api/paintings/purchase/${reference}`, { token: buyer.accessToken });
    expect(state.json().data.status).toBe('refund_pending');
    expect(await checkInvariants(db())).toEqual([]);

    // Not due yet: nothing happens; once due, the sweep refunds it.
    expect(await retryDueRefunds(t.ctx, undefined, new Date())).toBe(0);
    expect(await retryDueRefunds(t.ctx, undefined, later())).toBe(1);
    expect((await purchaseRow(reference)).status).toBe('refunded');
    expect(await balanceOf(db(), await accountFor(db(), 'refunds_payable', 'EURO'))).toBe(0);
    expect(await walletBalance()).toBe(walletBefore);
    expect(await ledgerRefs(reference)).toEqual([`${reference}:late-payment`, `${reference}:refund`]);
  });
});

describe('a PayPal payment captured after the reservation expired', () => {
  async function expiredPaypalPurchase(paintingId: string, parts: number) {
    const data = (
      await reserve(buyer.accessToken, { total_part: parts, payment_method: 'paypal', painting_id: paintingId })
    ).json().data;
    expect(await releaseExpired(db(), later())).toBeGreaterThanOrEqual(1);
    return {
      reference: data.reference_id as string,
      order: { order_id: data.paypal_order_id, payment_method: 'paypal', paypal_object: {} },
    };
  }

  it('is refunded to PayPal when the parts are gone, and says so; a second capture call refunds nothing more', async () => {
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 1000 });
    const { reference, order } = await expiredPaypalPurchase(painting.id, 3);
    await reserve(other.accessToken, { total_part: 17, payment_method: 'card', painting_id: painting.id });
    const walletBefore = await walletBalance();

    const answer = await t.call('POST', '/api/paintings/order', { token: buyer.accessToken, body: order });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toEqual(messages.LatePaymentRefunded);
    const again = await t.call('POST', '/api/paintings/order', { token: buyer.accessToken, body: order });
    expect(again.statusCode).toBe(409);

    const purchase = await purchaseRow(reference);
    expect(purchase.status).toBe('refunded');
    expect(await walletBalance()).toBe(walletBefore);
    const [refund] = await db().select().from(refunds).where(eq(refunds.purchaseId, purchase.id));
    expect(refund?.paymentRef).toMatch(/^SBCAP-/);
    expect(paypal().refunds.get(refund?.paymentRef ?? '')).toMatchObject({ amountMinor: 3000, currency: 'EURO' });
    expect(paypal().refunds.size).toBe(1);
    expect(await ledgerRefs(reference)).toEqual([`${reference}:late-payment`, `${reference}:refund`]);
    expect((await lastMessageTo(t, buyer.email))?.text).toContain('your PayPal account');
  });

  it('settles when the parts are still there', async () => {
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 1000 });
    const { reference, order } = await expiredPaypalPurchase(painting.id, 2);
    const answer = await t.call('POST', '/api/paintings/order', { token: buyer.accessToken, body: order });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.status).toBe('paid');
    expect((await purchaseRow(reference)).status).toBe('paid');
    expect(await memberHolding(db(), buyerId, painting.id)).toEqual({ primary: 2, secondary: 0 });
  });
});

describe('a late payment on the secondary market', () => {
  type Member = Awaited<ReturnType<typeof createMember>> & { id: string };
  async function member(): Promise<Member> {
    const created = await createMember(t, { verified: true });
    return { ...created, id: (await userRow(t, created.email))?.id ?? '' };
  }
  async function payByCard(who: Member, paintingId: string, parts: number) {
    const data = (
      await reserve(who.accessToken, { total_part: parts, payment_method: 'card', painting_id: paintingId })
    ).json().data;
    const event = card().confirm(data.payment_client_secret, SANDBOX_CARD_OK);
    if (!event) throw new Error('no event');
    await sendWebhook(event);
    // Issue 30: parts are provisional for their reflection period; this story sells them after it.
    await pastReflectionPeriod(t);
  }
  async function sellerWallet(id: string) {
    return balanceOf(db(), await accountFor(db(), 'member_wallet', 'EURO', id));
  }

  /** A seller lists 5 parts of a sold-out work; a primary holder reserves 3 of them by card and lets it expire. */
  async function expiredSecondaryPurchase() {
    const seller = await member();
    const work = await createPaintingForSale(t, { widthCm: 1, heightCm: 1, pricePerPartMinor: 400 });
    await payByCard(seller, work.id, 9);
    const listed = await t.call('POST', '/api/paintings/sale', {
      token: seller.accessToken,
      body: { ...(await walletCode(t, seller.accessToken)), total_part: 5, painting_id: work.id },
    });
    expect(listed.statusCode).toBe(200);
    const holder = await member();
    await payByCard(holder, (await createPaintingForSale(t)).id, 1);
    const data = (
      await reserve(holder.accessToken, { total_part: 3, payment_method: 'card', painting_id: work.id })
    ).json().data;
    expect(await releaseExpired(db(), later())).toBeGreaterThanOrEqual(1);
    const event = card().confirm(data.payment_client_secret, SANDBOX_CARD_OK);
    if (!event) throw new Error('no event');
    return {
      seller,
      holder,
      work,
      listing: listed.json().data.reference as string,
      reference: data.reference_id,
      event,
    };
  }

  it('takes the same listings again and pays the seller when they are still open at the same price', async () => {
    const { seller, holder, work, reference, event } = await expiredSecondaryPurchase();
    const before = await sellerWallet(seller.id);
    await sendWebhook(event);
    expect((await purchaseRow(reference)).status).toBe('paid');
    expect(await memberHolding(db(), holder.id, work.id)).toEqual({ primary: 0, secondary: 3 });
    expect(await sellerWallet(seller.id)).toBe(before + 1200);
  });

  it('is refunded when the seller withdrew the listing meanwhile; nobody’s wallet moves', async () => {
    const { seller, holder, work, listing, reference, event } = await expiredSecondaryPurchase();
    const withdrawn = await t.call('POST', `/api/paintings/sale/${listing}/withdraw`, { token: seller.accessToken });
    expect(withdrawn.statusCode).toBe(200);
    const before = await sellerWallet(seller.id);
    await sendWebhook(event);
    expect((await purchaseRow(reference)).status).toBe('refunded');
    expect(await memberHolding(db(), holder.id, work.id)).toEqual({ primary: 0, secondary: 0 });
    expect(await sellerWallet(seller.id)).toBe(before);
    expect(await balanceOf(db(), await accountFor(db(), 'member_wallet', 'EURO', holder.id))).toBe(0);
  });
});

describe('refund emails', () => {
  it('are written in the member’s language', async () => {
    const french = await createMember(t, { verified: true, overrides: { lang: 'fr' } });
    const painting = await createPaintingForSale(t, { pricePerPartMinor: 123450 });
    const data = (
      await reserve(french.accessToken, { total_part: 1, payment_method: 'card', painting_id: painting.id })
    ).json().data;
    await releaseExpired(db(), later());
    await reserve(other.accessToken, { total_part: 18, payment_method: 'card', painting_id: painting.id });
    const event = card().confirm(data.payment_client_secret, SANDBOX_CARD_OK);
    if (!event) throw new Error('no event');
    await sendWebhook(event);
    const mail = await lastMessageTo(t, french.email);
    expect(mail?.subject).toBe(`Votre paiement a été remboursé\u00a0: ${painting.titleFr}`);
    expect(mail?.text).toContain('1\u202f234,50\u00a0€');
    expect(mail?.text).toContain('remboursé sur votre carte');
  });
});
