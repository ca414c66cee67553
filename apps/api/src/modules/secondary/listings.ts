import { randomBytes } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type Executor, queryRows } from '../../db/client';
import { inTransaction } from '../../db/retry';
import { listings, users } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError, badRequest, notFound } from '../../http/errors';
import { checkStepUp, type StepUpProof, TRADE_CODE } from '../auth/step-up';
import { requireInvestorReady } from '../investor/gate';
import { moveParts, type PartLine } from '../parts/register';
import { sellableHolding } from '../purchases/reflection';
import { requireVerified } from '../verification/gate';
import { checkPriceBounds, matchesAutomatically, readMarketSettings } from './market-settings';
import { notifyOrderEvents, publishOrderEvents } from './order-events';
import { lockBook, matchAsk, type Trade } from './orders';

export type Listing = typeof listings.$inferSelect;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A listing's public reference (LS- and 10 Crockford base-32 characters), as members and operators quote it. */
export function newListingReference(): string {
  let text = '';
  for (const byte of randomBytes(10)) text += CROCKFORD[byte % 32];
  return `LS-${text}`;
}

/**
 * Serialises a member's changes to their own parts (listing, withdrawing): the member's row is locked for the rest
 * of the transaction, so two listings at once cannot both take the same parts. NO KEY UPDATE: it does not hold up
 * another transaction that merely references the member (a purchase, a part entry returning parts to them).
 */
async function lockMember(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/**
 * POST /paintings/sale: lists owned parts on the secondary market, at the work's current part price or at the price
 * asked (issue 17, within the operators' bounds). Only for works in market 3; the parts move to the listing (locked:
 * they cannot be listed twice or sold elsewhere), taken from the primary lot first, then the secondary lot. In the
 * matching mode the new ask then meets the open bids (orders.ts).
 */
export async function listParts(
  ctx: AppContext,
  member: Member,
  request: { painting_id: string; total_part: number; price_per_part_minor?: number | undefined } & StepUpProof,
  now = new Date(),
): Promise<{ listing: Listing; trades: Trade[] }> {
  // Identity verification first (issue 29): nothing moves for a member not approved, and no code is spent.
  await requireVerified(ctx.database.db, member.id);
  // Selling is never held back by the investor's protections (decision 304): the gate lets an ask through.
  await requireInvestorReady(ctx.database.db, member.id, { action: 'ask', rules: ctx.config.investor });
  // Parts leave the member: the wallet code, and the app's code when on (issue 26, auth/step-up.ts).
  const stepUp = await checkStepUp(ctx, member, request, TRADE_CODE);
  const result = await inTransaction(ctx.database.db, async (tx) => {
    const painting = await lockBook(tx, request.painting_id);
    const settings = await readMarketSettings(tx);
    const unitPriceMinor = request.price_per_part_minor ?? painting.pricePerPartMinor;
    if (request.price_per_part_minor !== undefined) {
      checkPriceBounds(settings, painting.pricePerPartMinor, unitPriceMinor, 'price_per_part_minor');
    }
    await lockMember(tx, member.id);
    // Issue 30: parts still in their reflection period stay in the primary lot (they may be revoked).
    const held = await sellableHolding(tx, member.id, painting.id, now);
    if (request.total_part > held.primary + held.secondary) {
      throw badRequest(held.provisional > 0 ? 'PartsProvisional' : 'NotEnoughPartsOwned', 'total_part');
    }
    const fromPrimary = Math.min(held.primary, request.total_part);
    const fromSecondary = request.total_part - fromPrimary;
    const [listing] = await tx
      .insert(listings)
      .values({
        reference: newListingReference(),
        sellerId: member.id,
        paintingId: painting.id,
        quantity: request.total_part,
        remaining: request.total_part,
        unitPriceMinor,
      })
      .returning();
    if (!listing) throw new Error('listing not recorded');
    const lines: PartLine[] = [{ holder: { kind: 'listed', listingId: listing.id }, quantity: request.total_part }];
    if (fromPrimary > 0)
      lines.push({ holder: { kind: 'member', userId: member.id, lot: 'primary' }, quantity: -fromPrimary });
    if (fromSecondary > 0) {
      lines.push({ holder: { kind: 'member', userId: member.id, lot: 'secondary' }, quantity: -fromSecondary });
    }
    await moveParts(tx, { paintingId: painting.id, reason: 'list', reference: listing.reference, lines });
    const matched = matchesAutomatically(settings) ? await matchAsk(tx, listing) : { trades: [], events: [] };
    await stepUp.spend(tx);
    await notifyOrderEvents(ctx, tx, matched.events);
    const [current] = await tx.select().from(listings).where(eq(listings.id, listing.id));
    return { listing: current ?? listing, ...matched };
  });
  // Parts offered on the secondary market are what its public list shows: kept reads of the work are stale now.
  publishOrderEvents(ctx, result.listing.paintingId, result.events);
  return { listing: result.listing, trades: result.trades };
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

/** Withdraws what is left of one of the member's open listings; parts reserved by a pending purchase stay with it. */
export async function withdrawListing(ctx: AppContext, member: Member, reference: string): Promise<Listing> {
  const withdrawn = await inTransaction(ctx.database.db, async (tx) => {
    const [listing] = await tx
      .select()
      .from(listings)
      .where(and(eq(listings.reference, reference), eq(listings.sellerId, member.id)))
      .for('update');
    if (!listing) throw notFound('ListingNotFound');
    if (listing.status !== 'open') throw new AppError(409, 'ListingClosed');
    return withdrawOpenListing(tx, listing, listing.reference);
  });
  ctx.catalogueChanges.changed({ kind: 'sale', paintingId: withdrawn.paintingId });
  return withdrawn;
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

/** The same, locked for the rest of the transaction (a secondary reservation). */
export function openListingsForUpdate(tx: Executor, paintingId: string, buyerId: string) {
  return tx
    .select()
    .from(listings)
    .where(openOf(paintingId, buyerId))
    .orderBy(asc(listings.unitPriceMinor), asc(listings.createdAt), asc(listings.id))
    .for('update');
}
