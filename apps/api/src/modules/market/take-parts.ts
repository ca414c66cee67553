import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bids, listings } from '../../db/schema';
import { AppError } from '../../http/errors';

/** The two kinds of resting order parts are taken from: their table, status enum and closed error. */
const ORDER_SIDES = {
  listing: { table: listings, statusType: 'listing_status', closed: 'ListingClosed' },
  bid: { table: bids, statusType: 'bid_status', closed: 'BidClosed' },
} as const;

export type OrderSide = keyof typeof ORDER_SIDES;

/**
 * Takes `quantity` parts off the secondary market: off an open listing (a secondary purchase's reservation, a late
 * payment taking them again, a trade) or an open bid (a trade). The order is `filled`, and closed now, when none is
 * left; answers what is left. One conditional UPDATE: it fails with the side's closed error (409) when the order is
 * no longer open or has fewer parts left, so a caller that did not lock the order first still never oversells.
 * Moving the parts in the register is the caller's (the lines differ: to a reservation, to a buyer's lot).
 */
export async function takeParts(tx: Executor, side: OrderSide, orderId: string, quantity: number): Promise<number> {
  const { table, statusType, closed } = ORDER_SIDES[side];
  const status = sql.raw(statusType);
  const [row] = await tx
    .update(table)
    .set({
      remaining: sql`${table.remaining} - ${quantity}`,
      status: sql`CASE WHEN ${table.remaining} - ${quantity} = 0 THEN 'filled'::${status} ELSE 'open'::${status} END`,
      closedAt: sql`CASE WHEN ${table.remaining} - ${quantity} = 0 THEN now() ELSE NULL END`,
    })
    .where(and(eq(table.id, orderId), eq(table.status, 'open'), gte(table.remaining, quantity)))
    .returning({ remaining: table.remaining });
  if (!row) throw new AppError(409, closed);
  return row.remaining;
}

/**
 * Takes parts off several open listings in one UPDATE (a batch of secondary reservations, whose listings are locked
 * and counted by the caller): the same conditions as `takeParts`, per listing; a listing no longer open or with fewer
 * parts left refuses the whole statement (409 ListingClosed), which the caller's transaction rolls back.
 */
export async function takeListingParts(
  tx: Executor,
  takes: readonly { listingId: string; quantity: number }[],
): Promise<void> {
  const perListing = new Map<string, number>();
  for (const take of takes) perListing.set(take.listingId, (perListing.get(take.listingId) ?? 0) + take.quantity);
  if (perListing.size === 0) return;
  const values = sql.join(
    [...perListing].map(([id, quantity]) => sql`(${id}::uuid, ${quantity}::int)`),
    sql`, `,
  );
  const result = (await tx.execute(sql`UPDATE listings l SET remaining = l.remaining - v.quantity,
      status = CASE WHEN l.remaining - v.quantity = 0 THEN 'filled'::listing_status ELSE 'open'::listing_status END,
      closed_at = CASE WHEN l.remaining - v.quantity = 0 THEN now() ELSE NULL END
    FROM (VALUES ${values}) AS v(id, quantity)
    WHERE l.id = v.id AND l.status = 'open' AND l.remaining >= v.quantity
    RETURNING l.id`)) as unknown as { rows: unknown[] };
  if (result.rows.length !== perListing.size) throw new AppError(409, 'ListingClosed');
}

/**
 * Puts parts back on a listing they were taken from (a secondary reservation released: expired, failed, cancelled):
 * `quantity` more, open again. The caller holds the listing's lock and has checked it was not withdrawn meanwhile
 * (a withdrawn listing's parts go back to its seller instead). The register's lines are the caller's.
 */
export async function putBackParts(tx: Executor, listingId: string, quantity: number): Promise<void> {
  await tx
    .update(listings)
    .set({ remaining: sql`${listings.remaining} + ${quantity}`, status: 'open', closedAt: null })
    .where(eq(listings.id, listingId));
}
