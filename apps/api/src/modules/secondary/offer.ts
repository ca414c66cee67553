import type { Currency } from '@parcelle/shared/constants';
import type { ListingStatus } from '@parcelle/shared/market';
import { toMajor } from '@parcelle/shared/money';
import { mergeSteps } from '@parcelle/shared/secondary';
import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { listings, paintings, purchaseFills, purchases } from '../../db/schema';
import { notFound } from '../../http/errors';
import { Rates } from '../fx/rates';
import { holdsPrimaryParts } from '../market/buyers';
import { type Listing, openListings } from '../market/listings';
import { onMarket } from '../market/state';

/**
 * GET /paintings/sale/offer: what a member could buy of a work on the secondary market right now, priced the way a
 * purchase would be (the other members' open listings, oldest first, each at its price in the asked currency).
 */
export async function secondaryOffer(db: Executor, buyerId: string, paintingId: string, currency: Currency) {
  const [painting] = await db
    .select({ id: paintings.id, market: paintings.market })
    .from(paintings)
    .where(eq(paintings.id, paintingId));
  if (!painting) throw notFound('PaintingNotFound');
  const empty = { painting_id: painting.id, market: painting.market, available_part: 0, steps: [] };
  const [eligible, ownListed] = await Promise.all([
    holdsPrimaryParts(db, buyerId),
    ownListedParts(db, buyerId, paintingId),
  ]);
  if (!onMarket(painting, 'secondary')) return { ...empty, eligible, own_listed_part: ownListed };
  const [open, rates] = await Promise.all([openListings(db, paintingId, buyerId), Rates.load(db)]);
  const steps = mergeSteps(
    open.map((listing) => ({
      quantity: listing.remaining,
      unitPriceMinor: currency === 'EURO' ? listing.unitPriceMinor : rates.convert(listing.unitPriceMinor, currency),
    })),
  );
  return {
    ...empty,
    eligible,
    own_listed_part: ownListed,
    available_part: steps.reduce((sum, step) => sum + step.quantity, 0),
    steps: steps.map((step) => ({
      quantity: step.quantity,
      price_per_part: { value: toMajor(step.unitPriceMinor), curr: currency },
    })),
  };
}

async function ownListedParts(db: Executor, sellerId: string, paintingId: string): Promise<number> {
  const [row] = await db
    .select({ parts: sql<string>`coalesce(sum(${listings.remaining}), 0)` })
    .from(listings)
    .where(and(eq(listings.sellerId, sellerId), eq(listings.paintingId, paintingId), eq(listings.status, 'open')));
  return Number(row?.parts ?? 0);
}

export type ListingStatusFilter = ListingStatus | 'all';

/** Parts of a listing held by buyers' purchases still being paid (they return to the listing if payment fails). */
const reservedParts = sql<string>`coalesce((
  SELECT sum(f.quantity) FROM ${purchaseFills} f JOIN ${purchases} p ON p.id = f.purchase_id
  WHERE f.listing_id = ${listings.id} AND p.status = 'pending'), 0)`;

function statusWhere(status: ListingStatusFilter): SQL | undefined {
  if (status === 'all') return undefined;
  // A listing emptied by a purchase still being paid is shown with the open ones: it may come back.
  if (status === 'open') return or(eq(listings.status, 'open'), sql`${reservedParts} > 0`);
  return eq(listings.status, status);
}

/** GET /paintings/sale: the member's own listings, newest first. */
export async function myListings(
  db: Executor,
  sellerId: string,
  query: { status: ListingStatusFilter; painting_id?: string; limit: number; offset: number },
) {
  const where = and(
    eq(listings.sellerId, sellerId),
    query.painting_id ? eq(listings.paintingId, query.painting_id) : undefined,
    statusWhere(query.status),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        listing: listings,
        reserved: reservedParts,
        titleEn: paintings.titleEn,
        titleFr: paintings.titleFr,
        cover: paintings.coverKey,
      })
      .from(listings)
      .innerJoin(paintings, eq(paintings.id, listings.paintingId))
      .where(where)
      .orderBy(desc(listings.createdAt), desc(listings.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(listings).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      listing: row.listing as Listing,
      reserved: Number(row.reserved),
      title: { en: row.titleEn, fr: row.titleFr },
      cover_img: row.cover,
    })),
    total: Number(total?.total ?? 0),
  };
}
