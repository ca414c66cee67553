import { allocate, toMajor } from '@parcelle/shared';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { exitOffers, exitVotes, paintings } from '../../db/schema';
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
  return rows.map(({ offer, titleEn, titleFr, img, myParts, myChoice }) => {
    const own = votes.filter((vote) => vote.offerId === offer.id);
    const net = offer.amountMinor - offer.feeMinor;
    const shares = allocate(
      net,
      own.map((vote) => vote.parts),
    );
    const index = own.findIndex((vote) => vote.userId === userId);
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
