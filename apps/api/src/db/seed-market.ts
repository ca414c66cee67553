import { asc, eq } from 'drizzle-orm';
import { openListing } from '../modules/market/listings';
import { MARKET } from '../modules/market/state';
import { memberHolding } from '../modules/parts/register';
import type { Database } from './client';
import { listings, paintings } from './schema';
import { collectorId, SEED_COLLECTORS } from './seed-holdings';

/** The demo asks of each seeded work on the secondary market: share of the holder's parts, price as % of reference. */
const SEED_ASKS = [
  { sharePercent: 4, pricePercent: 100, daysAgo: 21 },
  { sharePercent: 3, pricePercent: 104, daysAgo: 9 },
  { sharePercent: 2, pricePercent: 112, daysAgo: 2 },
] as const;

/**
 * A secondary market that lives from the first start: on each seeded work that is sold out (market 3), up to three
 * of its fictional co-owners offer some of their parts, at the part price and a little above (within the default
 * bounds of 50–200 %), placed over the last weeks. Each ask is a listing like a member's, opened by the market module
 * (`openListing`), its parts moved from the holder's primary lot to the listing in the register. Idempotent: a work
 * that already has a listing is left alone.
 */
export async function seedSecondaryAsks(db: Database): Promise<void> {
  const collectors = SEED_COLLECTORS.map((collector) => collectorId(collector.slug));
  const works = await db
    .select()
    .from(paintings)
    .where(eq(paintings.market, MARKET.secondary))
    .orderBy(asc(paintings.slug));
  for (const work of works) {
    await db.transaction(async (tx) => {
      const [listed] = await tx
        .select({ id: listings.id })
        .from(listings)
        .where(eq(listings.paintingId, work.id))
        .limit(1);
      if (listed) return;
      let ask = 0;
      for (const userId of collectors) {
        const plan = SEED_ASKS[ask];
        if (!plan) break;
        const held = await memberHolding(tx, userId, work.id);
        const quantity = Math.floor((held.primary * plan.sharePercent) / 100);
        if (quantity < 1) continue;
        await openListing(tx, {
          sellerId: userId,
          paintingId: work.id,
          fromPrimary: quantity,
          fromSecondary: 0,
          unitPriceMinor: Math.round((work.pricePerPartMinor * plan.pricePercent) / 100),
          createdAt: new Date(Date.now() - plan.daysAgo * 86_400_000),
        });
        ask++;
      }
    });
  }
}
