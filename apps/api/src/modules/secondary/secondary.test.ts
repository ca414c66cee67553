import { messages } from '@parcelle/shared';
import { formatMoney } from '@parcelle/shared/money';
import { stepsTotalMinor } from '@parcelle/shared/secondary';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createMember,
  createPaintingForSale,
  pastReflectionPeriod,
  userRow,
  walletCode,
} from '../../../test/factories';
import { raceTitle } from '../../../test/race';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SANDBOX_CARD_OK } from '../../adapters/payments/sandbox-card';
import { listings, paintings, users } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { Rates } from '../fx/rates';
import { checkInvariants } from '../ledger/invariants';
import { accountFor, balanceOf } from '../ledger/ledger';
import { DELIVERY_JOBS } from '../notifications/delivery-jobs';
import { memberHolding } from '../parts/register';
import { releaseExpired } from '../purchases/release-reservation';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
});

type Buyer = { accessToken: string; id: string; email: string };

async function member(): Promise<Buyer> {
  const created = await createMember(t, { verified: true });
  return { ...created, id: (await userRow(t, created.email))?.id ?? '' };
}

/** Buys by card (sandbox) and pays at once; returns the answer of the purchase call. */
async function buyAndPay(buyer: Buyer, paintingId: string, parts: number) {
  const purchase = await t.call('POST', '/api/paintings/purchase', {
    token: buyer.accessToken,
    body: { total_part: parts, payment_method: 'card', painting_id: paintingId, owner: 'Holder', currency: 'EURO' },
  });
  if (purchase.statusCode !== 200) return purchase;
  await t.call('POST', '/api/payments/sandbox/card/confirm', {
    token: buyer.accessToken,
    body: { client_secret: purchase.json().data.payment_client_secret, card_number: SANDBOX_CARD_OK },
  });
  // Issue 30: parts are provisional for their reflection period; this story sells them after it.
  await pastReflectionPeriod(t);
  return purchase;
}

const sell = async (seller: Buyer, paintingId: string, parts: number) =>
  t.call('POST', '/api/paintings/sale', {
    token: seller.accessToken,
    body: { ...(await walletCode(t, seller.accessToken)), total_part: parts, painting_id: paintingId },
  });

async function wallet(userId: string) {
  return balanceOf(t.ctx.database.db, await accountFor(t.ctx.database.db, 'member_wallet', 'EURO', userId));
}

describe('the secondary market', () => {
  let seller: Buyer;
  let work: typeof paintings.$inferSelect;

  beforeAll(async () => {
    seller = await member();
    work = await createPaintingForSale(t, { widthCm: 1, heightCm: 1, pricePerPartMinor: 400 });
    await buyAndPay(seller, work.id, 9);
  });

  it('opens once the primary parts are sold out; selling before is refused', async () => {
    const [row] = await t.ctx.database.db.select().from(paintings).where(eq(paintings.id, work.id));
    expect(row?.market).toBe(3);
    const open = await createPaintingForSale(t);
    await buyAndPay(seller, open.id, 2);
    const early = await sell(seller, open.id, 1);
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toEqual(messages.SaleNotOpen);
  });

  it('lists owned parts, locked: they cannot be listed twice', async () => {
    const listed = await sell(seller, work.id, 5);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().message).toEqual(messages.PartsListed);
    expect(listed.json().data).toMatchObject({
      quantity: 5,
      remaining: 5,
      status: 'open',
      price_per_part: { value: 4 },
    });
    const twice = await sell(seller, work.id, 5);
    expect(twice.json().error).toEqual(messages.NotEnoughPartsOwned);
    expect(await memberHolding(t.ctx.database.db, seller.id, work.id)).toEqual({ primary: 4, secondary: 0 });
  });

  it('is reserved to members holding primary parts; the seller cannot buy their own listing', async () => {
    const newcomer = await member();
    const refused = await buyAndPay(newcomer, work.id, 1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual(messages.SecondaryReserved);
    const own = await buyAndPay(seller, work.id, 1);
    expect(own.json().error).toEqual(messages.NotEnoughParts);
  });

  it('a primary holder buys listed parts: the seller is paid through the ledger, the buyer holds secondary parts', async () => {
    const buyer = await member();
    const other = await createPaintingForSale(t);
    await buyAndPay(buyer, other.id, 1);
    const before = await wallet(seller.id);
    const bought = await buyAndPay(buyer, work.id, 3);
    expect(bought.statusCode).toBe(200);
    expect(bought.json().data.total).toEqual({ value: 12, curr: 'EURO' });
    expect(await wallet(seller.id)).toBe(before + 1200);
    expect(await memberHolding(t.ctx.database.db, buyer.id, work.id)).toEqual({ primary: 0, secondary: 3 });
    const [listing] = await t.ctx.database.db.select().from(listings).where(eq(listings.sellerId, seller.id));
    expect(listing?.remaining).toBe(2);
    // Both sides are told.
    const sellerMail = (await t.call('GET', `/api/dev/outbox?to=${encodeURIComponent(seller.email)}`)).json().data[0];
    expect(sellerMail.subject).toContain('Your parts were sold');
    expect(sellerMail.text).toContain('€12.00');
  });

  it(raceTitle('concurrent buyers for the last 2 listed parts: exactly 2 are sold'), async () => {
    const buyers = await Promise.all(Array.from({ length: 5 }, () => member()));
    const eligible = await createPaintingForSale(t, { widthCm: 2, heightCm: 2 });
    for (const buyer of buyers) await buyAndPay(buyer, eligible.id, 1);
    const responses = await Promise.all(
      buyers.map((buyer) =>
        t.call('POST', '/api/paintings/purchase', {
          token: buyer.accessToken,
          body: { total_part: 1, payment_method: 'card', painting_id: work.id, owner: 'H', currency: 'EURO' },
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(2);
    for (const refused of responses.filter((r) => r.statusCode !== 200)) {
      expect(refused.json().error).toEqual(messages.NotEnoughParts);
    }
    // Unpaid, they expire: the parts go back to the listing.
    await releaseExpired(t.ctx.database.db, new Date(Date.now() + 3_600_000));
    const [listing] = await t.ctx.database.db.select().from(listings).where(eq(listings.sellerId, seller.id));
    expect(listing).toMatchObject({ remaining: 2, status: 'open' });
  });

  it('the seller withdraws what is left: the parts come back to the primary lot', async () => {
    const [listing] = await t.ctx.database.db.select().from(listings).where(eq(listings.sellerId, seller.id));
    const response = await t.call('POST', `/api/paintings/sale/${listing?.reference}/withdraw`, {
      token: seller.accessToken,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'withdrawn', remaining: 0 });
    expect(await memberHolding(t.ctx.database.db, seller.id, work.id)).toEqual({ primary: 6, secondary: 0 });
    const again = await t.call('POST', `/api/paintings/sale/${listing?.reference}/withdraw`, {
      token: seller.accessToken,
    });
    expect(again.statusCode).toBe(409);
    const stranger = await member();
    const notYours = await t.call('POST', `/api/paintings/sale/${listing?.reference}/withdraw`, {
      token: stranger.accessToken,
    });
    expect(notYours.statusCode).toBe(404);
  });
});

describe('a seller who displays dollars (issue 31, one currency per screen)', () => {
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
  it('is told what their wallet received, in dollars, with the book’s euros beside it, in their language', async () => {
    const seller = await member();
    const work = await createPaintingForSale(t, { widthCm: 1, heightCm: 1, pricePerPartMinor: 400 });
    await buyAndPay(seller, work.id, 9);
    expect((await sell(seller, work.id, 3)).statusCode).toBe(200);
    await t.ctx.database.db.update(users).set({ currency: 'USD', language: 'fr' }).where(eq(users.id, seller.id));
    const buyer = await member();
    await buyAndPay(buyer, (await createPaintingForSale(t)).id, 1);
    expect((await buyAndPay(buyer, work.id, 2)).statusCode).toBe(200);
    const dollars = (await Rates.load(t.ctx.database.db)).exchange(800, 'EURO', 'USD');
    const mail = (await t.call('GET', `/api/dev/outbox?to=${encodeURIComponent(seller.email)}`)).json().data[0];
    expect(mail.subject).toContain('Vos parts ont été vendues');
    expect(plain(mail.text)).toContain(
      `${plain(formatMoney(dollars, 'USD', 'fr'))} (8,00 € dans le carnet) ont été crédités sur votre compte Parcelle.`,
    );
    // The notice in the app carries the same figures: the dollars the wallet received, the book's euros.
    const inbox = (await t.call('GET', '/api/member/notifications', { token: seller.accessToken })).json().data;
    const sold = inbox.notifications.filter((notice: { kind: string }) => notice.kind === 'parts_sold');
    expect(sold.map((notice: { payload: unknown }) => notice.payload)).toEqual([
      expect.objectContaining({ parts: 2, amount_minor: dollars, currency: 'USD', book_amount_minor: 800 }),
    ]);
  });
});

describe('a seller is told in the app when their listed parts are bought (issue 31)', () => {
  const soldNotices = async (seller: Buyer) =>
    (await t.call('GET', '/api/member/notifications?limit=50', { token: seller.accessToken }))
      .json()
      .data.notifications.filter((notice: { kind: string }) => notice.kind === 'parts_sold');

  it('gets exactly one notice per sale, with what the wallet received, and its email once', async () => {
    const seller = await member();
    const work = await createPaintingForSale(t, { widthCm: 1, heightCm: 1, pricePerPartMinor: 400 });
    await buyAndPay(seller, work.id, 9);
    expect((await sell(seller, work.id, 5)).statusCode).toBe(200);
    const buyer = await member();
    await buyAndPay(buyer, (await createPaintingForSale(t)).id, 1);
    const before = await wallet(seller.id);
    const bought = await buyAndPay(buyer, work.id, 3);
    expect(bought.statusCode).toBe(200);
    // The confirmation job runs again (a retry): nothing is told twice.
    await t.ctx.jobs.drain(DELIVERY_JOBS);
    const [notice, ...others] = await soldNotices(seller);
    expect(others).toEqual([]);
    expect(notice.payload).toEqual({
      purchase_id: expect.any(String),
      painting_id: work.id,
      parts: 3,
      amount_minor: 1200,
      currency: 'EURO',
      book_amount_minor: 1200,
      book_currency: 'EURO',
    });
    expect(await wallet(seller.id)).toBe(before + notice.payload.amount_minor);
    expect(notice.work).toMatchObject({ slug: work.slug });
    const mails = (await t.call('GET', `/api/dev/outbox?to=${encodeURIComponent(seller.email)}`)).json().data;
    expect(mails.filter((mail: { subject: string }) => mail.subject.includes('Your parts were sold'))).toHaveLength(1);
    // The buyer is told of their purchase, not of a sale.
    expect(await soldNotices(buyer)).toEqual([]);

    // A second sale, a second notice.
    expect((await buyAndPay(buyer, work.id, 2)).statusCode).toBe(200);
    const notices = await soldNotices(seller);
    expect(notices.map((n: { payload: { parts: number } }) => n.payload.parts)).toEqual([2, 3]);
  });

  it('keeps the notice but sends no email when the seller switched the kind’s email off', async () => {
    const seller = await member();
    const work = await createPaintingForSale(t, { widthCm: 1, heightCm: 1, pricePerPartMinor: 400 });
    await buyAndPay(seller, work.id, 9);
    expect((await sell(seller, work.id, 2)).statusCode).toBe(200);
    const off = await t.call('PUT', '/api/member/notification-preferences', {
      token: seller.accessToken,
      body: { preferences: [{ kind: 'parts_sold', email: false }] },
    });
    expect(off.statusCode).toBe(200);
    const buyer = await member();
    await buyAndPay(buyer, (await createPaintingForSale(t)).id, 1);
    expect((await buyAndPay(buyer, work.id, 2)).statusCode).toBe(200);
    await t.ctx.jobs.drain(DELIVERY_JOBS);
    expect(await soldNotices(seller)).toHaveLength(1);
    const mails = (await t.call('GET', `/api/dev/outbox?to=${encodeURIComponent(seller.email)}`)).json().data;
    expect(mails.filter((mail: { subject: string }) => mail.subject.includes('Your parts were sold'))).toEqual([]);
  });
});

describe('the offer a buyer sees and the listings a seller sees', () => {
  let seller: Buyer;
  let buyer: Buyer;
  let work: typeof paintings.$inferSelect;
  const minor = (steps: { quantity: number; price_per_part: { value: number } }[]) =>
    steps.map((step) => ({ quantity: step.quantity, unitPriceMinor: Math.round(step.price_per_part.value * 100) }));
  const offer = (who: Buyer, paintingId: string, currency = 'EURO') =>
    t.call('GET', `/api/paintings/sale/offer?painting_id=${paintingId}&currency=${currency}`, {
      token: who.accessToken,
    });
  const mine = (who: Buyer, query = '') => t.call('GET', `/api/paintings/sale${query}`, { token: who.accessToken });

  beforeAll(async () => {
    seller = await member();
    buyer = await member();
    work = await createPaintingForSale(t, { widthCm: 1, heightCm: 1, pricePerPartMinor: 1000 });
    await buyAndPay(seller, work.id, 9);
    await buyAndPay(buyer, (await createPaintingForSale(t)).id, 1);
    // Two listings at 10.00, then the part price moves to 12.00 and a third listing follows.
    expect((await sell(seller, work.id, 2)).statusCode).toBe(200);
    expect((await sell(seller, work.id, 1)).statusCode).toBe(200);
    await t.ctx.database.db.update(paintings).set({ pricePerPartMinor: 1200 }).where(eq(paintings.id, work.id));
    expect((await sell(seller, work.id, 3)).statusCode).toBe(200);
  });

  it('the public secondary list and detail count the parts members have listed as available', async () => {
    // 9 parts, all sold on the primary market; 6 of them listed by the seller.
    const list = (await t.call('GET', '/api/paintings/?type=secondary&limit=100&offset=0&currency=EURO')).json().data;
    const card = list.paintings.find((p: { id: string }) => p.id === work.id);
    expect(card).toMatchObject({ market: 3, total_part: 9, sold_out_part: 3, progress: 33, availability: 66.67 });
    const detail = (await t.call('GET', `/api/paintings/detail?painting_id=${work.id}`)).json().data.paintings;
    expect(detail).toMatchObject({ sold_out_part: 3, progress: 33, availability: 66.67 });
    // A purchase being paid holds 2 of them: they are not available while it lasts.
    const holder = await member();
    await buyAndPay(holder, (await createPaintingForSale(t)).id, 1);
    const pending = await t.call('POST', '/api/paintings/purchase', {
      token: holder.accessToken,
      body: { total_part: 2, payment_method: 'card', painting_id: work.id, owner: 'Holder', currency: 'EURO' },
    });
    expect(pending.statusCode).toBe(200);
    const held = (await t.call('GET', `/api/paintings/detail?painting_id=${work.id}`)).json().data.paintings;
    expect(held).toMatchObject({ sold_out_part: 5, availability: 44.44 });
    // Unpaid, it expires and the parts are available again.
    await releaseExpired(t.ctx.database.db, new Date(Date.now() + 3_600_000));
    const back = (await t.call('GET', `/api/paintings/detail?painting_id=${work.id}`)).json().data.paintings;
    expect(back.sold_out_part).toBe(3);
  });

  it('prices the listings oldest first, same prices merged, and matches what a purchase charges', async () => {
    const response = await offer(buyer, work.id);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toEqual({
      painting_id: work.id,
      market: 3,
      eligible: true,
      available_part: 6,
      own_listed_part: 0,
      steps: [
        { quantity: 3, price_per_part: { value: 10, curr: 'EURO' } },
        { quantity: 3, price_per_part: { value: 12, curr: 'EURO' } },
      ],
    });
    expect(stepsTotalMinor(minor(data.steps), 4)).toBe(4200);
    const usd = (await offer(buyer, work.id, 'USD')).json().data;
    expect(usd.steps.map((step: { price_per_part: { curr: string } }) => step.price_per_part.curr)).toEqual([
      'USD',
      'USD',
    ]);
    expect(usd.available_part).toBe(6);
  });

  it('tells a member without primary parts, and the seller, what they cannot buy', async () => {
    const newcomer = await member();
    expect((await offer(newcomer, work.id)).json().data).toMatchObject({ eligible: false, available_part: 6 });
    expect((await offer(seller, work.id)).json().data).toMatchObject({
      eligible: true,
      available_part: 0,
      own_listed_part: 6,
      steps: [],
    });
    const primary = await createPaintingForSale(t);
    expect((await offer(buyer, primary.id)).json().data).toMatchObject({ market: 2, available_part: 0, steps: [] });
  });

  it('refuses bad queries with a 4xx and a bilingual error', async () => {
    expect((await t.call('GET', `/api/paintings/sale/offer?painting_id=${work.id}`)).statusCode).toBe(401);
    const bad = await offer(buyer, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual(messages.PaintingNotFound);
    const missing = await offer(buyer, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect((await offer(buyer, work.id, 'YEN')).json().error).toEqual(messages.InvalidCurrency);
    expect((await mine(buyer, '?status=sold')).statusCode).toBe(400);
    expect((await mine(buyer, '?limit=0')).statusCode).toBe(400);
  });

  it('a purchase takes the oldest listings first at their own price', async () => {
    const bought = await buyAndPay(buyer, work.id, 4);
    expect(bought.statusCode).toBe(200);
    expect(bought.json().data.total).toEqual({ value: 42, curr: 'EURO' });
    expect((await offer(buyer, work.id)).json().data.steps).toEqual([
      { quantity: 2, price_per_part: { value: 12, curr: 'EURO' } },
    ]);
  });

  it('lists the seller’s own listings newest first, with parts held by a purchase being paid', async () => {
    // A buyer reserves one part and has not paid yet: the listing shows it as reserved.
    const pending = await t.call('POST', '/api/paintings/purchase', {
      token: buyer.accessToken,
      body: { total_part: 1, payment_method: 'card', painting_id: work.id, owner: 'Holder', currency: 'EURO' },
    });
    expect(pending.statusCode).toBe(200);
    const open = (await mine(seller)).json().data;
    expect(open.total).toBe(1);
    expect(open.listings[0]).toMatchObject({
      painting_id: work.id,
      quantity: 3,
      remaining: 1,
      reserved: 1,
      status: 'open',
      price_per_part: { value: 12, curr: 'EURO' },
      title: { en: work.titleEn, fr: work.titleFr },
    });
    expect(open.base_url).toMatch(/\/media\/$/);
    const all = (await mine(seller, '?status=all&limit=2')).json().data;
    expect(all.total).toBe(3);
    expect(all.listings.map((row: { quantity: number }) => row.quantity)).toEqual([3, 1]);
    const next = (await mine(seller, '?status=all&limit=2&offset=2')).json().data;
    expect(next.listings.map((row: { quantity: number }) => row.quantity)).toEqual([2]);
    expect((await mine(seller, '?status=filled')).json().data.total).toBe(2);
    expect((await mine(seller, `?status=all&painting_id=${buyer.id}`)).json().data.total).toBe(0);
    // Nobody else sees them.
    expect((await mine(buyer, '?status=all')).json().data).toMatchObject({ listings: [], total: 0 });
  });

  it('a listing emptied by a purchase still being paid stays among the open ones', async () => {
    // `buyer` already has an unpaid purchase of this work (one per member and work): another primary holder buys.
    const other = await member();
    await buyAndPay(other, (await createPaintingForSale(t)).id, 1);
    const pending = await t.call('POST', '/api/paintings/purchase', {
      token: other.accessToken,
      body: { total_part: 1, payment_method: 'card', painting_id: work.id, owner: 'Holder', currency: 'EURO' },
    });
    expect(pending.statusCode).toBe(200);
    const open = (await mine(seller)).json().data;
    expect(open.listings).toHaveLength(1);
    expect(open.listings[0]).toMatchObject({ remaining: 0, reserved: 2, status: 'filled' });
    expect((await offer(buyer, work.id)).json().data.available_part).toBe(0);
  });
});
