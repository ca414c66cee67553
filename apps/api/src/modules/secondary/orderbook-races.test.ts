import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buyByCard,
  createMember,
  createPaintingForSale,
  fundWallet,
  userRow,
  walletCode,
} from '../../../test/factories';
import { raceBehindLock, raceTitle } from '../../../test/race';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { bids, listings, trades } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { checkInvariants } from '../ledger/invariants';
import { memberHolding } from '../parts/register';

/**
 * The order book's guard under real races (PostgreSQL): every change to a work's book locks the work's row first
 * (orders.ts `lockBook`). Each race is forced with `raceBehindLock` (the test holds the work's row): the racers all
 * stop on it, then go together. Without the guard, an ask and a crossing bid placed at once each miss the other's
 * uncommitted row and both rest, crossed: the first test fails (checked by removing the `.for('no key update')` of
 * `lockBook`: 0 parts traded instead of 3). The second race is also held by the listing row locks of the matching
 * (either guard alone keeps it right). Parts and cents are checked by the invariants after each test.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkInvariants(t.ctx.database.db)).toEqual([]);
});

type Who = { accessToken: string; id: string };
async function member(): Promise<Who> {
  const created = await createMember(t, { verified: true });
  return { ...created, id: (await userRow(t, created.email))?.id ?? '' };
}

const sell = async (seller: Who, paintingId: string, parts: number, price: number) =>
  t.call('POST', '/api/paintings/sale', {
    token: seller.accessToken,
    body: {
      ...(await walletCode(t, seller.accessToken)),
      total_part: parts,
      painting_id: paintingId,
      price_per_part_minor: price,
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

/** A market-3 work of 18 parts: the seller holds them all; `buyers` hold a primary part elsewhere and 100.00. */
async function market(buyerCount: number) {
  const seller = await member();
  const buyers = await Promise.all(Array.from({ length: buyerCount }, () => member()));
  const work = await createPaintingForSale(t, { widthCm: 2, heightCm: 1, pricePerPartMinor: 400 });
  const other = await createPaintingForSale(t, { widthCm: 4, heightCm: 4 });
  await buyByCard(t, seller, work.id, 18);
  for (const buyer of buyers) {
    await buyByCard(t, buyer, other.id, 1);
    await fundWallet(t, buyer.id, 'EURO', 10_000);
  }
  return { seller, buyers, work };
}

const lockWork = (paintingId: string) => sql`SELECT id FROM paintings WHERE id = ${paintingId} FOR UPDATE`;

describe('the order book under concurrency', () => {
  it(raceTitle('an ask and a crossing bid placed at once trade; the book is never left crossed'), async () => {
    const { seller, buyers, work } = await market(1);
    const [buyer] = buyers as [Who];
    const [ask, placed] = await raceBehindLock(t.ctx.database.db, { lock: lockWork(work.id), waiters: 2 }, [
      () => sell(seller, work.id, 3, 400),
      () => bid(buyer, work.id, 3, 450),
    ]);
    expect(ask?.statusCode).toBe(200);
    expect(placed?.statusCode).toBe(200);
    const made = await t.ctx.database.db.select().from(trades).where(eq(trades.paintingId, work.id));
    expect(made.reduce((sum, trade) => sum + trade.quantity, 0)).toBe(3);
    expect(await memberHolding(t.ctx.database.db, buyer.id, work.id)).toEqual({ primary: 0, secondary: 3 });
    const openAsks = await t.ctx.database.db
      .select()
      .from(listings)
      .where(and(eq(listings.paintingId, work.id), eq(listings.status, 'open'), gt(listings.remaining, 0)));
    const openBids = await t.ctx.database.db
      .select()
      .from(bids)
      .where(and(eq(bids.paintingId, work.id), eq(bids.status, 'open')));
    expect({ asks: openAsks.length, bids: openBids.length }).toEqual({ asks: 0, bids: 0 });
  });

  it(raceTitle('five bids at once for 4 listed parts: exactly 4 are sold, the rest stays held'), async () => {
    const { seller, buyers, work } = await market(5);
    expect((await sell(seller, work.id, 4, 400)).statusCode).toBe(200);
    const placed = await raceBehindLock(
      t.ctx.database.db,
      { lock: lockWork(work.id), waiters: 5 },
      buyers.map((buyer) => () => bid(buyer, work.id, 1, 500)),
    );
    expect(placed.every((response) => response.statusCode === 200)).toBe(true);
    const filled = placed.filter((response) => response.json().data.bid.status === 'filled');
    expect(filled).toHaveLength(4);
    const made = await t.ctx.database.db.select().from(trades).where(eq(trades.paintingId, work.id));
    expect(made.reduce((sum, trade) => sum + trade.quantity, 0)).toBe(4);
    const [listing] = await t.ctx.database.db.select().from(listings).where(eq(listings.paintingId, work.id));
    expect(listing).toMatchObject({ remaining: 0, status: 'filled' });
  });
});
