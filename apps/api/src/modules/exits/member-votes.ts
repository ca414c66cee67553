import { allocate, divideRounded, toMajor } from '@parcelle/shared';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { exitOffers, exitVotes, listings, paintings, partEntries } from '../../db/schema';
import { Rates } from '../fx/rates';
import { workCostBasis } from '../member/cost-basis';
import { partsMovements } from '../member/parts-movements';
import { memberHolding } from '../parts/register';
import { tallyOf, votesOf } from './offers';

/**
 * The open votes a member may cast: offers being voted on, whose window has not closed, on works the member held
 * when the vote opened (they have a vote row). Narrowed to one work (its page) or one offer. Each with the current
 * tally, the member's weight and choice, and what the member's parts would receive of the net amount.
 */
export async function memberExitVotes(
  db: Executor,
  userId: string,
  filter: { paintingId?: string | undefined; offerId?: string | undefined } = {},
) {
  const rows = await db
    .select({
      offer: exitOffers,
      titleEn: paintings.titleEn,
      titleFr: paintings.titleFr,
      img: paintings.coverKey,
      myParts: exitVotes.parts,
      myChoice: exitVotes.choice,
    })
    .from(exitVotes)
    .innerJoin(exitOffers, eq(exitOffers.id, exitVotes.offerId))
    .innerJoin(paintings, eq(paintings.id, exitOffers.paintingId))
    .where(
      and(
        eq(exitVotes.userId, userId),
        eq(exitOffers.status, 'voting'),
        gt(exitOffers.voteClosesAt, new Date()),
        filter.paintingId ? eq(exitOffers.paintingId, filter.paintingId) : undefined,
        filter.offerId ? eq(exitOffers.id, filter.offerId) : undefined,
      ),
    )
    .orderBy(asc(exitOffers.voteClosesAt), asc(exitOffers.id));
  const votes = await votesOf(
    db,
    rows.map(({ offer }) => offer.id),
  );
  // What the member's parts cost them (issue 31): the one cost basis, in each offer's currency; null when some of
  // the parts they hold have no recorded cost.
  const rates = rows.length > 0 ? await Rates.load(db) : null;
  const costs = new Map<string, number | null>();
  for (const { offer } of rows) {
    if (!rates) break;
    const [movements, held] = await Promise.all([
      partsMovements(db, userId, [offer.paintingId]),
      memberHolding(db, userId, offer.paintingId),
    ]);
    const lots = workCostBasis(movements, offer.paintingId, rates, offer.currency);
    const listed = await listedParts(db, userId, offer.paintingId);
    const parts = held.primary + held.secondary + listed;
    costs.set(offer.id, lots.remainingQuantity >= parts ? lots.remainingCostMinor : null);
  }
  return rows.map(({ offer, titleEn, titleFr, img, myParts, myChoice }) => {
    const own = votes.filter((vote) => vote.offerId === offer.id);
    const net = offer.amountMinor - offer.feeMinor;
    const shares = allocate(
      net,
      own.map((vote) => vote.parts),
    );
    const index = own.findIndex((vote) => vote.userId === userId);
    // Every part of the work had a voter when the vote opened: their parts are the whole work.
    const eligible = own.reduce((sum, vote) => sum + vote.parts, 0);
    return {
      id: offer.id,
      reference: offer.reference,
      painting: { id: offer.paintingId, title: { en: titleEn, fr: titleFr }, img },
      buyer_name: offer.buyerName,
      amount: { value: toMajor(offer.amountMinor), curr: offer.currency },
      amount_minor: offer.amountMinor,
      currency: offer.currency,
      net_minor: net,
      my_share_minor: shares[index] ?? 0,
      my_cost_minor: costs.get(offer.id) ?? null,
      /** The work's latest appraisal when the offer was recorded, and the member's parts' share of it. */
      appraisal_minor: offer.appraisalMinor,
      my_appraisal_share_minor:
        offer.appraisalMinor === null || eligible === 0
          ? null
          : Number(divideRounded(BigInt(offer.appraisalMinor) * BigInt(myParts), BigInt(eligible))),
      quorum_bps: offer.quorumBps,
      majority_bps: offer.majorityBps,
      vote_opens_at: offer.openedAt?.toISOString() ?? null,
      vote_closes_at: offer.voteClosesAt.toISOString(),
      my_parts: myParts,
      my_choice: myChoice,
      tally: tallyOf(offer, own),
    };
  });
}

/** Parts the member has listed for sale on the work (still theirs). */
async function listedParts(db: Executor, userId: string, paintingId: string): Promise<number> {
  const [row] = await db
    .select({ parts: sql<string>`coalesce(sum(${partEntries.quantity}), 0)::text` })
    .from(partEntries)
    .innerJoin(listings, eq(listings.id, partEntries.listingId))
    .where(
      and(eq(listings.sellerId, userId), eq(partEntries.paintingId, paintingId), eq(partEntries.holderKind, 'listed')),
    );
  return Number(row?.parts ?? 0);
}
