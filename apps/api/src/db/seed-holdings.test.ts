import { purchaseTotalMinor } from '@parcelle/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkInvariants } from '../modules/ledger/invariants';
import { listHoldings, portfolioSummary } from '../modules/member/holdings';
import { paintings, purchases } from './schema';
import { seedCatalogue } from './seed-catalogue';
import { collectorId, SEED_COLLECTORS } from './seed-holdings';

/**
 * Issue 31: the seeded co-owners paid for their parts. Each holding has its paid purchase (at the work's part price,
 * with its certificate and ledger transaction), so their cost basis is what they paid, never 0.00 with a gain of
 * the whole value at 0 %.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
});
afterAll(() => t.close());

describe('the seeded co-owners', () => {
  it('have a paid purchase for every seeded holding, so their cost basis is what they paid', async () => {
    const db = t.ctx.database.db;
    let checked = 0;
    for (const collector of SEED_COLLECTORS) {
      const userId = collectorId(collector.slug);
      const bought = await db
        .select()
        .from(purchases)
        .where(and(eq(purchases.userId, userId), eq(purchases.status, 'paid')));
      const { getParts } = await listHoldings(db, userId, { limit: 100, offset: 0, currency: 'EURO' });
      for (const row of getParts) {
        const mine = bought.filter((purchase) => purchase.paintingId === row._id);
        expect(mine.length, `${collector.slug} ${row._id}`).toBeGreaterThan(0);
        const [work] = await db.select().from(paintings).where(eq(paintings.id, row._id));
        const parts = mine.reduce((sum, purchase) => sum + purchase.quantity, 0);
        expect(mine.every((purchase) => purchase.unitPriceMinor === work?.pricePerPartMinor)).toBe(true);
        // Every part held was bought (listed parts still count as the seller's).
        expect(parts).toBe(row.quantity);
        expect(row.cost_basis_minor).toBe(purchaseTotalMinor(work?.pricePerPartMinor ?? 0, parts));
        expect(row.cost_unknown_parts).toBe(0);
        checked += 1;
      }
      const [summary] = await portfolioSummary(db, userId, 'EURO');
      if (getParts.length > 0) expect(summary?.cost_basis_minor).toBeGreaterThan(0);
    }
    expect(checked).toBeGreaterThan(0);
    expect(await checkInvariants(db)).toEqual([]);
  });
});
