import { messages } from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createPaintingForSale, userRow } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SANDBOX_CARD_OK } from '../../adapters/payments/sandbox-card';
import { listings, paintings } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { checkInvariants } from '../ledger/invariants';
import { accountFor, balanceOf } from '../ledger/ledger';
import { memberHolding } from '../parts/register';
import { releaseExpired } from '../purchases/reserve';

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
  return purchase;
}

const sell = (seller: Buyer, paintingId: string, parts: number) =>
  t.call('POST', '/api/paintings/sale', {
    token: seller.accessToken,
    body: { total_part: parts, painting_id: paintingId },
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

  it('concurrent buyers for the last 2 listed parts: exactly 2 are sold', async () => {
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
