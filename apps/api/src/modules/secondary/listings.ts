import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { inTransaction } from '../../db/retry';
import { listings, users } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError, badRequest, notFound } from '../../http/errors';
import { checkStepUp, type StepUpProof, TRADE_CODE } from '../auth/step-up';
import { requireInvestorReady } from '../investor/gate';
import { type Listing, openListing, withdrawOpenListing } from '../market/listings';
import type { Trade } from '../market/trades';
import { sellableHolding } from '../purchases/reflection';
import { requireVerified } from '../verification/gate';
import { checkPriceBounds, matchesAutomatically, readMarketSettings } from './market-settings';
import { notifyOrderEvents, publishOrderEvents } from './order-events';
import { lockBook, matchAsk } from './orders';

/*
 * A member's asks (issue 6, issue 17): the requests to list and to withdraw. The `listings` rows and the parts they
 * hold are the market module's (market/listings.ts, decision 396); this file checks the member and calls it.
 */

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
    const listing = await openListing(tx, {
      sellerId: member.id,
      paintingId: painting.id,
      fromPrimary,
      fromSecondary,
      unitPriceMinor,
    });
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
