import { fillMessage, messages, toMajor } from '@parcelle/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buyByCard,
  createMember,
  createOperator,
  createPaintingForSale,
  fundWallet,
  userRow,
  walletCode,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Executor } from '../../db/client';
import { auditLog, bids, listings, type paintings, trades, users } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { Rates } from '../fx/rates';
import { checkInvariants } from '../ledger/invariants';
import { accountFor, balanceOf } from '../ledger/ledger';
import { takeParts } from '../market/take-parts';
import { memberHolding } from '../parts/register';
import { releaseExpiredBids } from './orders';

/**
 * The order book of the secondary market (issue 17): priced asks within bounds, bids holding their money, price-time
 * matching at the resting price, partial fills, cancellation and expiry, the bulletin-board mode, the public book.
 */
let t: TestApp;
let operator: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  operator = await createOperator(t, 'finance');
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
});

type Who = { accessToken: string; id: string; email: string };

async function member(): Promise<Who> {
  const created = await createMember(t, { verified: true });
  return { ...created, id: (await userRow(t, created.email))?.id ?? '' };
}

const sell = async (seller: Who, paintingId: string, parts: number, price?: number) =>
  t.call('POST', '/api/paintings/sale', {
    token: seller.accessToken,
    body: {
      ...(await walletCode(t, seller.accessToken)),
      total_part: parts,
      painting_id: paintingId,
      ...(price === undefined ? {} : { price_per_part_minor: price }),
    },
  });

const bid = async (buyer: Who, paintingId: string, parts: number, price: number) =>
  t.call('POST', '/api/paintings/bids', {
    token: buyer.accessToken,
    body: {
      ...(await walletCode(t, buyer.accessToken)),
      total_part: parts,
      painting_id: paintingId,
      price_per_part_minor: price,
    },
  });

const db = () => t.ctx.database.db;
const wallet = async (userId: string) => balanceOf(db(), await accountFor(db(), 'member_wallet', 'EURO', userId));
const held = async (userId: string) => balanceOf(db(), await accountFor(db(), 'bid_hold', 'EURO', userId));

/** The payloads of the member's notifications of one kind, newest first. */
const notified = async (who: Who, kind: string) =>
  (await t.call('GET', '/api/member/notifications', { token: who.accessToken }))
    .json()
    .data.notifications.filter((notification: { kind: string }) => notification.kind === kind)
    .map((notification: { payload: Record<string, unknown> }) => notification.payload);

const setMarket = (body: Record<string, unknown>) =>
  t.call('PATCH', '/api/admin/market-settings', { token: operator.accessToken, body });

/**
 * A market-3 work of 36 parts at 4.00 a part: `a` holds 20 and `b` 16 (primary), and `c`, `d` hold primary parts of
 * another work (eligible to buy on the secondary market), each with 500.00 in their EUR wallet.
 */
async function market() {
  const [a, b, c, d] = await Promise.all([member(), member(), member(), member()]);
  const work = await createPaintingForSale(t, { widthCm: 2, heightCm: 2, pricePerPartMinor: 400 });
  const other = await createPaintingForSale(t, { widthCm: 2, heightCm: 2, pricePerPartMinor: 400 });
  await buyByCard(t, a, work.id, 20);
  await buyByCard(t, b, work.id, 16);
  await buyByCard(t, c, other.id, 1);
  await buyByCard(t, d, other.id, 1);
  for (const who of [a, b, c, d]) await fundWallet(t, who.id, 'EURO', 50_000);
  return { a, b, c, d, work };
}

describe('priced asks and their bounds', () => {
  let m: Awaited<ReturnType<typeof market>>;
  beforeAll(async () => {
    m = await market();
  });

  it('keeps the spec payload (the work’s part price) and takes a price per part within the bounds', async () => {
    const plain = await sell(m.a, m.work.id, 2);
    expect(plain.statusCode).toBe(200);
    expect(plain.json().data).toMatchObject({ price_per_part: { value: 4, curr: 'EURO' }, price_per_part_minor: 400 });
    const priced = await sell(m.a, m.work.id, 2, 650);
    expect(priced.statusCode).toBe(200);
    expect(priced.json().data).toMatchObject({ price_per_part: { value: 6.5 }, price_per_part_minor: 650 });
  });

  it('refuses a price outside the bounds (default 50 %–200 % of the reference), naming the range', async () => {
    const low = await sell(m.a, m.work.id, 1, 199);
    expect(low.statusCode).toBe(400);
    expect(low.json().error.en).toBe('The price per part must be between €2.00 and €8.00.');
    expect(low.json().error.fr).toContain('2,00');
    expect((await sell(m.a, m.work.id, 1, 801)).statusCode).toBe(400);
    expect((await sell(m.a, m.work.id, 1, 800)).statusCode).toBe(200);
    const bad = await sell(m.a, m.work.id, 1, 4.5 as number);
    expect(bad.json().error).toEqual(messages.InvalidPrice);
  });

  it('operators move the bounds (audited, role-checked); orders follow at once', async () => {
    const support = await createOperator(t, 'support');
    const refused = await t.call('PATCH', '/api/admin/market-settings', {
      token: support.accessToken,
      body: { max_percent: 300 },
    });
    expect(refused.statusCode).toBe(403);
    expect((await setMarket({ min_percent: 0 })).json().error).toEqual(messages.MarketBoundsInvalid);
    const saved = await setMarket({ min_percent: 90, max_percent: 300 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ min_percent: 90, max_percent: 300, mode: 'matching' });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'market_settings.update'));
    expect(entry).toMatchObject({ before: { min_percent: 50, max_percent: 200 }, after: { min_percent: 90 } });
    expect((await sell(m.a, m.work.id, 1, 1200)).statusCode).toBe(200);
    expect((await sell(m.a, m.work.id, 1, 359)).statusCode).toBe(400);
    expect((await bid(m.c, m.work.id, 1, 359)).json().error.en).toContain('€3.60 and €12.00');
    await setMarket({ min_percent: 50, max_percent: 200 });
  });

  it('a secondary purchase pays each listing’s own price, cheapest first', async () => {
    const offer = await t.call('GET', `/api/paintings/sale/offer?painting_id=${m.work.id}&currency=EURO`, {
      token: m.c.accessToken,
    });
    const prices = offer.json().data.steps.map((step: { price_per_part: { value: number } }) => step.price_per_part);
    expect(prices.map((price: { value: number }) => price.value)).toEqual([4, 6.5, 8, 12]);
  });
});

describe('bids and matching (price-time priority)', () => {
  let m: Awaited<ReturnType<typeof market>>;
  beforeEach(async () => {
    m = await market();
  });

  it('a bid holds price × parts from the wallet; refused without funds, without primary parts, or out of bounds', async () => {
    const placed = await bid(m.c, m.work.id, 10, 500);
    expect(placed.statusCode).toBe(200);
    expect(placed.json().message).toEqual(messages.BidPlaced);
    expect(placed.json().data.bid).toMatchObject({ remaining: 10, status: 'open', price_per_part_minor: 500 });
    expect(placed.json().data.trades).toEqual([]);
    expect(await wallet(m.c.id)).toBe(50_000 - 5_000);
    expect(await held(m.c.id)).toBe(5_000);

    expect((await bid(m.c, m.work.id, 100, 800)).json().error).toEqual(messages.InsufficientBalance);
    const newcomer = await member();
    await fundWallet(t, newcomer.id, 'EURO', 10_000);
    const reserved = await bid(newcomer, m.work.id, 1, 400);
    expect(reserved.statusCode).toBe(403);
    expect(reserved.json().error).toEqual(messages.SecondaryReserved);
    expect((await bid(m.c, m.work.id, 1, 801)).statusCode).toBe(400);
    expect(await held(m.c.id)).toBe(5_000);
  });

  it('a bid takes the cheapest asks first, then the oldest, at each ask’s price; the difference goes back', async () => {
    const older = (await sell(m.a, m.work.id, 3, 500)).json().data.reference;
    const cheaper = (await sell(m.b, m.work.id, 2, 450)).json().data.reference;
    const newer = (await sell(m.b, m.work.id, 4, 500)).json().data.reference;
    const aWallet = await wallet(m.a.id);
    const bWallet = await wallet(m.b.id);

    const placed = await bid(m.c, m.work.id, 6, 520);
    expect(placed.statusCode).toBe(200);
    const { bid: order, trades: made } = placed.json().data;
    expect(made.map((trade: { quantity: number; price_per_part_minor: number }) => trade)).toMatchObject([
      { quantity: 2, price_per_part_minor: 450 },
      { quantity: 3, price_per_part_minor: 500 },
      { quantity: 1, price_per_part_minor: 500 },
    ]);
    expect(order).toMatchObject({ remaining: 0, status: 'filled' });
    const rows = await db().select().from(listings).where(eq(listings.paintingId, m.work.id));
    const byRef = new Map(rows.map((row) => [row.reference, row]));
    expect(byRef.get(cheaper)).toMatchObject({ remaining: 0, status: 'filled' });
    expect(byRef.get(older)).toMatchObject({ remaining: 0, status: 'filled' });
    expect(byRef.get(newer)).toMatchObject({ remaining: 3, status: 'open' });

    // Paid 2 × 4.50 + 4 × 5.00 = 29.00 of the 31.20 held; 2.20 back; nothing left held.
    expect(await wallet(m.c.id)).toBe(50_000 - 2_900);
    expect(await held(m.c.id)).toBe(0);
    expect(await wallet(m.a.id)).toBe(aWallet + 1_500);
    expect(await wallet(m.b.id)).toBe(bWallet + 900 + 500);
    expect(await memberHolding(db(), m.c.id, m.work.id)).toEqual({ primary: 0, secondary: 6 });

    // The portfolios count the trades (member/parts-movements.ts): `a` sold 3 parts bought at 4.00 for 5.00 each
    // (first in, first out: 3.00 realised); `c` holds them at what they cost (29.00, with the other work's 4.00).
    const portfolio = async (who: Who) =>
      (await t.call('GET', '/api/member/portfolio?currency=EURO', { token: who.accessToken })).json().data[0];
    expect(await portfolio(m.a)).toMatchObject({ realised_gain_minor: 300, cost_basis_minor: 17 * 400 });
    expect(await portfolio(m.c)).toMatchObject({ realised_gain_minor: 0, cost_basis_minor: 2_900 + 400 });

    // The trades are rows of both histories: purchases for `c` (newest first, merged with the card purchase, paged),
    // sales for `a` with the ask they came from; and both works appear in the by-work tab.
    const history = async (who: Who, tab: string, query = '') =>
      (await t.call('GET', `/api/member/history/${tab}?currency=EURO${query}`, { token: who.accessToken })).json().data;
    const bought = await history(m.c, 'purchase', '&limit=10&offset=0');
    expect(bought.total).toBe(4);
    expect(
      bought.purchaseHistory.map((row: { quantity: number; part_price: { value: number } }) => [
        row.quantity,
        row.part_price.value,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [2, 4.5],
        [3, 5],
        [1, 5],
        [1, 4],
      ]),
    );
    const tradeRow = bought.purchaseHistory.find((row: { quantity: number }) => row.quantity === 2);
    expect(tradeRow).toMatchObject({
      market: 3,
      payment_method: 'smart_amount',
      total_amount: { value: 9, curr: 'EURO' },
    });
    const oldest = bought.purchaseHistory.at(-1);
    expect(oldest).toMatchObject({ quantity: 1, market: 2 });
    const second = await history(m.c, 'purchase', '&limit=1&offset=3');
    expect(second.purchaseHistory.map((row: { reference_id: string }) => row.reference_id)).toEqual([
      oldest.reference_id,
    ]);
    const sold = await history(m.a, 'sale', '&limit=10&offset=0');
    expect(sold.saleHistory).toEqual([
      expect.objectContaining({ listing_reference: older, part_sold: 3, selling_amount: { value: 15, curr: 'EURO' } }),
    ]);
    expect(sold.total).toBe(1);
    // Issue 31: a dollar reader gets the trade's day's dollars, and the book's euros to show beside them.
    const rates = await Rates.load(db());
    const soldInDollars = (
      await t.call('GET', '/api/member/history/sale?currency=USD&limit=10&offset=0', { token: m.a.accessToken })
    ).json().data;
    expect(soldInDollars.saleHistory).toEqual([
      expect.objectContaining({
        part_price: { value: toMajor(rates.convert(500, 'USD')), curr: 'USD' },
        selling_amount: { value: toMajor(rates.convert(1500, 'USD')), curr: 'USD' },
        book_part_price_minor: 500,
        book_selling_amount_minor: 1500,
      }),
    ]);
    const soldWorks = (
      await t.call('GET', '/api/member/history/artwork?currency=USD&limit=10&offset=0', { token: m.a.accessToken })
    ).json().data.artworkHistory;
    const saleEvents = soldWorks.flatMap((work: { salePurchase: { type: string }[] }) =>
      work.salePurchase.filter((event) => event.type === 'SALE'),
    );
    expect(saleEvents).toEqual([
      expect.objectContaining({
        part_price: { value: toMajor(rates.convert(500, 'USD')), curr: 'USD' },
        book_part_price_minor: 500,
        book_full_amount_minor: 1500,
      }),
    ]);
    const works = await history(m.c, 'artwork', '&limit=10&offset=0');
    expect(works.total).toBe(2);

    // Each fill told both sides, in the trade's transaction (secondary/order-events.ts).
    const buyer = await notified(m.c, 'order_filled');
    expect(buyer).toHaveLength(3);
    expect(buyer.every((payload: { side: string }) => payload.side === 'buy')).toBe(true);
    expect(await notified(m.a, 'order_filled')).toEqual([
      expect.objectContaining({ side: 'sell', painting_id: m.work.id, quantity: 3, unit_price_minor: 500 }),
    ]);
    expect(await notified(m.b, 'order_filled')).toHaveLength(2);
  });

  it('partial fill: what the book lacks rests, still held; an ask then meets the highest bid first, at its price', async () => {
    await sell(m.a, m.work.id, 2, 400);
    const partial = (await bid(m.c, m.work.id, 5, 450)).json().data;
    expect(partial.bid).toMatchObject({ remaining: 3, status: 'open' });
    expect(await held(m.c.id)).toBe(3 * 450);
    await bid(m.d, m.work.id, 2, 480);
    // Issue 31: D now displays dollars; the notice of D's fill gives the price in dollars beside the book's euros.
    await db().update(users).set({ currency: 'USD' }).where(eq(users.id, m.d.id));

    const aWallet = await wallet(m.a.id);
    const ask = await sell(m.a, m.work.id, 4, 440);
    expect(ask.json().data).toMatchObject({ remaining: 0, status: 'filled' });
    // Issue 31: the answer says what the ask did at once (the screen's "filled" with parts, prices and amount).
    expect(
      ask
        .json()
        .data.trades.map((trade: { quantity: number; price_per_part_minor: number }) => [
          trade.quantity,
          trade.price_per_part_minor,
        ]),
    ).toEqual([
      [2, 480],
      [2, 450],
    ]);
    // …and the finance table names those proceeds a sale of parts of the work, not "other".
    const finance = (await t.call('GET', '/api/member/finance/history?currency=EURO', { token: m.a.accessToken }))
      .json()
      .data.purchaseHistory.filter((row: { reference_id: string }) =>
        ask.json().data.trades.some((trade: { reference: string }) => trade.reference === row.reference_id),
      );
    expect(finance).toHaveLength(2);
    for (const row of finance) {
      expect(row).toMatchObject({ type: 2, direction: 'in', work: { en: m.work.titleEn, fr: m.work.titleFr } });
    }
    const made = await db().select().from(trades).where(eq(trades.paintingId, m.work.id));
    expect(made.map((trade) => [trade.quantity, trade.unitPriceMinor]).slice(-2)).toEqual([
      [2, 480],
      [2, 450],
    ]);
    expect(await wallet(m.a.id)).toBe(aWallet + 960 + 900);
    expect(await held(m.d.id)).toBe(0);
    expect(await held(m.c.id)).toBe(450);
    expect(await notified(m.d, 'order_filled')).toEqual([
      expect.objectContaining({
        side: 'buy',
        unit_price_minor: 480,
        currency: 'EURO',
        display_unit_price_minor: (await Rates.load(db())).convert(480, 'USD'),
        display_currency: 'USD',
      }),
    ]);
    expect(await memberHolding(db(), m.d.id, m.work.id)).toEqual({ primary: 0, secondary: 2 });
  });

  it('never matches a member’s own orders', async () => {
    await bid(m.a, m.work.id, 2, 500);
    const ask = await sell(m.a, m.work.id, 2, 450);
    expect(ask.json().data).toMatchObject({ remaining: 2, status: 'open' });
  });

  it('a member lists and cancels their own bids; the funds come back; nobody else may cancel', async () => {
    const order = (await bid(m.c, m.work.id, 4, 400)).json().data.bid;
    const mine = await t.call('GET', '/api/paintings/bids', { token: m.c.accessToken });
    expect(mine.json().data.bids).toMatchObject([{ reference: order.reference, remaining: 4 }]);
    expect((await t.call('GET', '/api/paintings/bids', { token: m.d.accessToken })).json().data.total).toBe(0);
    const stranger = await t.call('POST', `/api/paintings/bids/${order.reference}/cancel`, { token: m.d.accessToken });
    expect(stranger.statusCode).toBe(404);
    const cancelled = await t.call('POST', `/api/paintings/bids/${order.reference}/cancel`, {
      token: m.c.accessToken,
    });
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', remaining: 0 });
    expect(await wallet(m.c.id)).toBe(50_000);
    expect(await held(m.c.id)).toBe(0);
    const again = await t.call('POST', `/api/paintings/bids/${order.reference}/cancel`, { token: m.c.accessToken });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual(messages.BidClosed);
  });

  it('an expired bid never trades, and the sweep gives its funds back', async () => {
    const order = (await bid(m.c, m.work.id, 3, 450)).json().data.bid;
    // Issue 31: D, who displays dollars, is told of their expired bid in dollars beside the book's euros.
    const inDollars = (await bid(m.d, m.work.id, 1, 420)).json().data.bid;
    await db().update(users).set({ currency: 'USD' }).where(eq(users.id, m.d.id));
    await db()
      .update(bids)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(inArray(bids.reference, [order.reference, inDollars.reference]));
    const ask = await sell(m.a, m.work.id, 3, 400);
    expect(ask.json().data.remaining).toBe(3);
    expect(await releaseExpiredBids(t.ctx)).toBeGreaterThanOrEqual(1);
    const [row] = await db().select().from(bids).where(eq(bids.reference, order.reference));
    expect(row).toMatchObject({ status: 'expired', remaining: 0 });
    expect(await wallet(m.c.id)).toBe(50_000);
    expect(await held(m.c.id)).toBe(0);
    expect(await notified(m.c, 'bid_expired')).toEqual([
      { bid_id: row?.id, painting_id: m.work.id, quantity: 3, unit_price_minor: 450, currency: 'EURO' },
    ]);
    expect(await notified(m.c, 'order_filled')).toEqual([]);
    expect(await notified(m.d, 'bid_expired')).toEqual([
      expect.objectContaining({
        quantity: 1,
        unit_price_minor: 420,
        currency: 'EURO',
        display_unit_price_minor: (await Rates.load(db())).convert(420, 'USD'),
        display_currency: 'USD',
      }),
    ]);
  });
});

describe('the bulletin-board mode (EU 2020/1503 art. 25)', () => {
  let m: Awaited<ReturnType<typeof market>>;
  beforeAll(async () => {
    m = await market();
    expect((await setMarket({ mode: 'bulletin_board' })).json().data.mode).toBe('bulletin_board');
  });
  afterAll(async () => {
    await setMarket({ mode: 'matching' });
  });

  it('crossing orders rest; a member accepts a specific ask, paid from the wallet', async () => {
    const ask = (await sell(m.a, m.work.id, 4, 400)).json().data;
    const order = (await bid(m.c, m.work.id, 3, 500)).json().data;
    expect(ask).toMatchObject({ remaining: 4, status: 'open' });
    expect(order).toMatchObject({ bid: { remaining: 3, status: 'open' }, trades: [] });

    const aWallet = await wallet(m.a.id);
    const own = await t.call('POST', `/api/paintings/sale/${ask.reference}/accept`, {
      token: m.a.accessToken,
      body: { ...(await walletCode(t, m.a.accessToken)), total_part: 1 },
    });
    expect(own.json().error).toEqual(messages.OwnOrder);
    const tooMany = await t.call('POST', `/api/paintings/sale/${ask.reference}/accept`, {
      token: m.d.accessToken,
      body: { ...(await walletCode(t, m.d.accessToken)), total_part: 5 },
    });
    expect(tooMany.json().error).toEqual(messages.NotEnoughParts);
    const accepted = await t.call('POST', `/api/paintings/sale/${ask.reference}/accept`, {
      token: m.d.accessToken,
      body: { ...(await walletCode(t, m.d.accessToken)), total_part: 3 },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.trades).toMatchObject([{ quantity: 3, price_per_part_minor: 400 }]);
    expect(await wallet(m.d.id)).toBe(50_000 - 1_200);
    expect(await wallet(m.a.id)).toBe(aWallet + 1_200);
    expect(await memberHolding(db(), m.d.id, m.work.id)).toEqual({ primary: 0, secondary: 3 });
  });

  it('the public book lists each open order, best price then oldest first, without its owner', async () => {
    const n = await market();
    const work = n.work;
    const cheap = (await sell(n.a, work.id, 2, 380)).json().data;
    const first = (await sell(n.b, work.id, 1, 420)).json().data;
    const second = (await sell(n.a, work.id, 3, 420)).json().data;
    const low = (await bid(n.c, work.id, 1, 300)).json().data.bid;
    const high = (await bid(n.d, work.id, 2, 350)).json().data.bid;
    const book = (await t.call('GET', `/api/paintings/order-book?painting_id=${work.id}`)).json().data;
    expect(book.mode).toBe('bulletin_board');
    expect(book.open_asks.map((order: { reference: string }) => order.reference)).toEqual([
      cheap.reference,
      first.reference,
      second.reference,
    ]);
    expect(book.open_asks[0]).toEqual({
      reference: cheap.reference,
      price_per_part: { value: 3.8, curr: 'EURO' },
      price_per_part_minor: 380,
      quantity: 2,
      placed_at: expect.any(String),
    });
    expect(book.open_bids.map((order: { reference: string }) => order.reference)).toEqual([
      high.reference,
      low.reference,
    ]);
    expect(JSON.stringify(book)).not.toContain(n.a.id);
    await setMarket({ mode: 'matching' });
    const matching = (await t.call('GET', `/api/paintings/order-book?painting_id=${work.id}`)).json().data;
    expect(matching).toMatchObject({ mode: 'matching', open_asks: [], open_bids: [] });
    await setMarket({ mode: 'bulletin_board' });
  });

  it('a holder accepts a specific bid from their parts, paid from the bid’s hold', async () => {
    const order = (await bid(m.c, m.work.id, 2, 450)).json().data.bid;
    const bWallet = await wallet(m.b.id);
    const accepted = await t.call('POST', `/api/paintings/bids/${order.reference}/accept`, {
      token: m.b.accessToken,
      body: { ...(await walletCode(t, m.b.accessToken)), total_part: 2 },
    });
    expect(accepted.statusCode).toBe(200);
    expect(await wallet(m.b.id)).toBe(bWallet + 900);
    expect(await memberHolding(db(), m.b.id, m.work.id)).toEqual({ primary: 14, secondary: 0 });
    expect(await memberHolding(db(), m.c.id, m.work.id)).toEqual({ primary: 0, secondary: 2 });
    const [row] = await db().select().from(bids).where(eq(bids.reference, order.reference));
    expect(row).toMatchObject({ status: 'filled', remaining: 0 });
    const notOwned = await t.call('POST', `/api/paintings/bids/${order.reference}/accept`, {
      token: m.b.accessToken,
      body: { ...(await walletCode(t, m.b.accessToken)), total_part: 1 },
    });
    expect(notOwned.statusCode).toBe(409);
  });

  it('in the matching mode, accepting is refused (orders meet by themselves)', async () => {
    const ask = (await sell(m.a, m.work.id, 1, 400)).json().data;
    await setMarket({ mode: 'matching' });
    const refused = await t.call('POST', `/api/paintings/sale/${ask.reference}/accept`, {
      token: m.d.accessToken,
      body: { ...(await walletCode(t, m.d.accessToken)), total_part: 1 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual(messages.AcceptNeedsBulletinBoard);
    await setMarket({ mode: 'bulletin_board' });
  });
});

describe('the public order book', () => {
  let m: Awaited<ReturnType<typeof market>>;
  let work: typeof paintings.$inferSelect;
  beforeAll(async () => {
    m = await market();
    work = m.work;
  });

  it('aggregates asks and bids by price level, shows the last trades and the reference price; kept reads follow', async () => {
    const read = async () => (await t.call('GET', `/api/paintings/order-book?painting_id=${work.id}`)).json().data;
    expect(await read()).toMatchObject({ asks: [], bids: [], last_trades: [], mode: 'matching' });
    await sell(m.a, work.id, 3, 500);
    await sell(m.b, work.id, 2, 500);
    await sell(m.b, work.id, 1, 600);
    await bid(m.c, work.id, 4, 450);
    await bid(m.d, work.id, 1, 450);
    await bid(m.d, work.id, 2, 420);
    await bid(m.c, work.id, 1, 600);
    const book = await read();
    expect(book.asks).toEqual([
      { price_per_part: { value: 5, curr: 'EURO' }, price_per_part_minor: 500, quantity: 4, orders: 2 },
      { price_per_part: { value: 6, curr: 'EURO' }, price_per_part_minor: 600, quantity: 1, orders: 1 },
    ]);
    expect(book.bids.map((level: { price_per_part_minor: number; quantity: number }) => level)).toMatchObject([
      { price_per_part_minor: 450, quantity: 5, orders: 2 },
      { price_per_part_minor: 420, quantity: 2, orders: 1 },
    ]);
    expect(book.last_trades).toMatchObject([{ quantity: 1, price_per_part_minor: 500 }]);
    expect(book).toMatchObject({
      reference_price: { value: 4, curr: 'EURO' },
      reference_price_minor: 400,
      min_price_minor: 200,
      max_price_minor: 800,
    });
    // Issue 31: the day's EUR→USD rate comes with the book, so a dollar member reads it in dollars.
    expect(book.eur_usd_rate).toMatch(/^\d+(\.\d+)?$/);
  });

  it('the public secondary list shows the parts offered, the best ask and the last trade', async () => {
    const list = await t.call('GET', '/api/paintings/?type=secondary&limit=100&currency=EURO');
    const card = list.json().data.paintings.find((p: { id: string }) => p.id === work.id);
    expect(card.secondary_market).toEqual({
      parts_offered: 5,
      best_ask: { value: 5, curr: 'EURO' },
      last_trade: { value: 5, curr: 'EURO' },
    });
    expect(card.total_part - card.sold_out_part).toBe(5);
    const open = await db()
      .select()
      .from(listings)
      .where(and(eq(listings.paintingId, work.id), eq(listings.status, 'open')));
    expect(open.reduce((sum, row) => sum + row.remaining, 0)).toBe(5);
    expect(fillMessage('PriceOutOfBounds', { min: 'a', max: 'b' }).en).toContain('a');
  });
});

describe('taking parts off a resting order', () => {
  let m: Awaited<ReturnType<typeof market>>;
  beforeAll(async () => {
    m = await market();
  });

  class RolledBack extends Error {}
  /** Runs `work` in a transaction rolled back at its end: the parts stay listed, the invariants untouched. */
  const rolledBack = (work: (tx: Executor) => Promise<void>) =>
    expect(
      db().transaction(async (tx) => {
        await work(tx as Executor);
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);

  it.each([
    ['listing', 'ListingClosed', listings],
    ['bid', 'BidClosed', bids],
  ] as const)(
    'a %s is open until its last part is taken, then filled and closed (%s after)',
    async (side, closed, table) => {
      // An ask above the bid: neither crosses the other, both rest.
      const reference: string =
        side === 'listing'
          ? (await sell(m.a, m.work.id, 4, 600)).json().data.reference
          : (await bid(m.c, m.work.id, 4, 300)).json().data.bid.reference;
      const row = async (tx: Executor) => (await tx.select().from(table).where(eq(table.reference, reference)))[0];
      const id = (await row(db()))?.id ?? '';
      await rolledBack(async (tx) => {
        expect(await takeParts(tx, side, id, 1)).toBe(3);
        expect(await row(tx)).toMatchObject({ remaining: 3, status: 'open', closedAt: null });
        await expect(takeParts(tx, side, id, 4)).rejects.toMatchObject({ status: 409, key: closed });
        expect(await takeParts(tx, side, id, 3)).toBe(0);
        expect(await row(tx)).toMatchObject({ remaining: 0, status: 'filled', closedAt: expect.any(Date) });
        await expect(takeParts(tx, side, id, 1)).rejects.toMatchObject({ status: 409, key: closed });
      });
      expect(await row(db())).toMatchObject({ remaining: 4, status: 'open' });
    },
  );
});
