import { DEFAULT_PRICE_BOUNDS, priceRange } from '@parcelle/shared/orderbook';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkInvariants } from '../modules/ledger/invariants';
import { listings, paintings } from './schema';
import { seedCatalogue } from './seed-catalogue';
import { seedSecondaryAsks } from './seed-market';

/** Issue 17: the seeded secondary market has asks from the first start, and the registers still balance. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
});
afterAll(() => t.close());

describe('the seeded secondary market', () => {
  it('offers parts of every sold-out seeded work, within the bounds, with the parts moved to the listings', async () => {
    const db = t.ctx.database.db;
    const works = await db.select().from(paintings).where(eq(paintings.market, 3));
    expect(works.length).toBeGreaterThan(0);
    for (const work of works) {
      const asks = await db.select().from(listings).where(eq(listings.paintingId, work.id));
      expect(asks.length, work.slug).toBeGreaterThanOrEqual(1);
      expect(asks.length).toBeLessThanOrEqual(3);
      const range = priceRange(work.pricePerPartMinor, DEFAULT_PRICE_BOUNDS);
      for (const ask of asks) {
        expect(ask).toMatchObject({ status: 'open', remaining: ask.quantity });
        expect(ask.unitPriceMinor).toBeGreaterThanOrEqual(range.min);
        expect(ask.unitPriceMinor).toBeLessThanOrEqual(range.max);
      }
      const book = (await t.call('GET', `/api/paintings/order-book?painting_id=${work.id}`)).json().data;
      expect(book.asks.reduce((sum: number, level: { quantity: number }) => sum + level.quantity, 0)).toBe(
        asks.reduce((sum, ask) => sum + ask.quantity, 0),
      );
    }
    expect(await checkInvariants(db)).toEqual([]);
  });

  it('adds nothing when run again', async () => {
    const db = t.ctx.database.db;
    const before = await db.select({ id: listings.id }).from(listings);
    await seedSecondaryAsks(db);
    await seedCatalogue(db, t.ctx.storage, { media: false });
    expect(await db.select({ id: listings.id }).from(listings)).toHaveLength(before.length);
  });
});
