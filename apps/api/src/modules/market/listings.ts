import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { listings } from '../../db/schema';
import { moveParts, type PartLine } from '../parts/register';
import { newReference } from '../references/references';

/**
 * A member's asks on the secondary market (decision 396): the market module is the only writer of `listings`. A
 * listing is opened here (its parts moved to it in the register), parts leave it through `takeParts` and come back
 * through `putBackParts` (take-parts.ts), and it is withdrawn here. The member's requests (secondary/listings.ts),
 * the order book (secondary/orders.ts), secondary reservations (purchases/reserve.ts), an exit's settlement and the
 * seed call these functions.
 */
export type Listing = typeof listings.$inferSelect;

/**
 * Opens a listing of `fromPrimary + fromSecondary` parts of a work at `unitPriceMinor` (EUR minor units) and moves
 * those parts from the seller's lots to it in the register (they cannot be listed twice or sold elsewhere). The caller
 * holds the book's and the seller's locks and has checked the seller holds them (and that none is provisional).
 * `createdAt` is the seed's, placing its demo asks in the past.
 */
export async function openListing(
  tx: Executor,
  ask: {
    sellerId: string;
    paintingId: string;
    fromPrimary: number;
    fromSecondary: number;
    unitPriceMinor: number;
    createdAt?: Date;
  },
): Promise<Listing> {
  const quantity = ask.fromPrimary + ask.fromSecondary;
  const [listing] = await tx
    .insert(listings)
    .values({
      reference: newReference('listing'),
      sellerId: ask.sellerId,
      paintingId: ask.paintingId,
      quantity,
      remaining: quantity,
      unitPriceMinor: ask.unitPriceMinor,
      ...(ask.createdAt ? { createdAt: ask.createdAt } : {}),
    })
    .returning();
  if (!listing) throw new Error('listing not recorded');
  const lines: PartLine[] = [{ holder: { kind: 'listed', listingId: listing.id }, quantity }];
  if (ask.fromPrimary > 0) {
    lines.push({ holder: { kind: 'member', userId: ask.sellerId, lot: 'primary' }, quantity: -ask.fromPrimary });
  }
  if (ask.fromSecondary > 0) {
    lines.push({ holder: { kind: 'member', userId: ask.sellerId, lot: 'secondary' }, quantity: -ask.fromSecondary });
  }
  await moveParts(tx, { paintingId: ask.paintingId, reason: 'list', reference: listing.reference, lines });
  return listing;
}

/**
 * How many of a listing's parts came from the seller's primary lot (from the listing's own movement): parts given
 * back go to the primary lot up to that number, then to the secondary lot.
 */
async function primaryShareOf(tx: Executor, listing: Listing): Promise<number> {
  const [row] = await queryRows<{ parts: number }>(
    tx,
    sql`SELECT coalesce(-sum(e.quantity), 0)::int AS parts FROM part_entries e
      JOIN part_movements m ON m.id = e.movement_id
      WHERE m.reference = ${listing.reference} AND m.reason = 'list'
        AND e.holder_kind = 'member' AND e.lot = 'primary'`,
  );
  return Number(row?.parts ?? 0);
}

/** Returns parts of a listing to its seller (withdrawal, or a reservation released after the listing closed). */
export async function returnToSeller(
  tx: Executor,
  listing: Listing,
  quantity: number,
  reference: string,
  from: PartLine['holder'],
) {
  const primary = Math.min(quantity, await primaryShareOf(tx, listing));
  const lines: PartLine[] = [{ holder: from, quantity: -quantity }];
  if (primary > 0)
    lines.push({ holder: { kind: 'member', userId: listing.sellerId, lot: 'primary' }, quantity: primary });
  if (quantity - primary > 0) {
    lines.push({
      holder: { kind: 'member', userId: listing.sellerId, lot: 'secondary' },
      quantity: quantity - primary,
    });
  }
  await moveParts(tx, { paintingId: listing.paintingId, reason: 'unlist', reference, lines });
}

/**
 * Closes an open listing, locked by the caller, as withdrawn: what is left of it goes back to its seller (`reference`
 * names the register's movement). The member's withdrawal and an exit's settlement (every open listing of the work)
 * both close listings this way.
 */
export async function withdrawOpenListing(tx: Executor, listing: Listing, reference: string): Promise<Listing> {
  const [closed] = await tx
    .update(listings)
    .set({ status: 'withdrawn', remaining: 0, closedAt: new Date() })
    .where(eq(listings.id, listing.id))
    .returning();
  if (!closed) throw new Error('listing not closed');
  if (listing.remaining > 0) {
    await returnToSeller(tx, listing, listing.remaining, reference, { kind: 'listed', listingId: listing.id });
  }
  return closed;
}

const openOf = (paintingId: string, buyerId: string) =>
  and(eq(listings.paintingId, paintingId), eq(listings.status, 'open'), ne(listings.sellerId, buyerId));

/** Open listings of a painting, cheapest then oldest first (price-time: the order buyers take them in), without the buyer's own. */
export function openListings(tx: Executor, paintingId: string, buyerId: string) {
  return tx
    .select()
    .from(listings)
    .where(openOf(paintingId, buyerId))
    .orderBy(asc(listings.unitPriceMinor), asc(listings.createdAt), asc(listings.id));
}

/**
 * Every open listing of a painting, in the order buyers take them, locked for the rest of the transaction: a batch
 * of secondary reservations reads them once and leaves out each buyer's own in memory (`openListings`' rule).
 */
export function openListingsOfWorkForUpdate(tx: Executor, paintingId: string) {
  return tx
    .select()
    .from(listings)
    .where(and(eq(listings.paintingId, paintingId), eq(listings.status, 'open')))
    .orderBy(asc(listings.unitPriceMinor), asc(listings.createdAt), asc(listings.id))
    .for('update');
}

/** The same, locked for the rest of the transaction (a secondary reservation). */
export function openListingsForUpdate(tx: Executor, paintingId: string, buyerId: string) {
  return tx
    .select()
    .from(listings)
    .where(openOf(paintingId, buyerId))
    .orderBy(asc(listings.unitPriceMinor), asc(listings.createdAt), asc(listings.id))
    .for('update');
}
