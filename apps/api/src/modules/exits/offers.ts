import { type ExitVoteChoice, tallyExitVote, toMajor } from '@parcelle/shared';
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { exitOffers, exitPayouts, exitVotes, paintings, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { operatorEmails } from '../admin/operator-emails';

/** Exit offers and their votes as stored, and the shapes operators read (issue 17). */
export type ExitOffer = typeof exitOffers.$inferSelect;

/** The weights and choices of an offer's votes (empty before the vote opens). */
export async function votesOf(db: Executor, offerIds: readonly string[]) {
  if (offerIds.length === 0) return [];
  return db
    .select({ offerId: exitVotes.offerId, userId: exitVotes.userId, parts: exitVotes.parts, choice: exitVotes.choice })
    .from(exitVotes)
    .where(inArray(exitVotes.offerId, [...offerIds]))
    .orderBy(asc(exitVotes.userId));
}

export function tallyOf(offer: ExitOffer, votes: readonly { parts: number; choice: ExitVoteChoice | null }[]) {
  const tally = tallyExitVote(votes, { quorumBps: offer.quorumBps, majorityBps: offer.majorityBps });
  return {
    eligible_parts: tally.eligibleParts,
    accept_parts: tally.acceptParts,
    reject_parts: tally.rejectParts,
    cast_parts: tally.castParts,
    quorum_met: tally.quorumMet,
    majority_met: tally.majorityMet,
    accepted: tally.accepted,
  };
}

function offerView(
  offer: ExitOffer,
  title: string,
  votes: readonly { parts: number; choice: ExitVoteChoice | null }[],
  emailOf: (id: string | null) => string | null,
) {
  return {
    id: offer.id,
    reference: offer.reference,
    painting: { id: offer.paintingId, title },
    buyer_name: offer.buyerName,
    amount: { value: toMajor(offer.amountMinor), curr: offer.currency },
    amount_minor: offer.amountMinor,
    currency: offer.currency,
    fee_minor: offer.feeMinor,
    net_minor: offer.amountMinor - offer.feeMinor,
    quorum_bps: offer.quorumBps,
    majority_bps: offer.majorityBps,
    status: offer.status,
    vote_opens_at: offer.voteOpensAt?.toISOString() ?? null,
    vote_closes_at: offer.voteClosesAt.toISOString(),
    opened_at: offer.openedAt?.toISOString() ?? null,
    resolved_at: offer.resolvedAt?.toISOString() ?? null,
    recorded_by_email: emailOf(offer.recordedBy),
    appraisal_minor: offer.appraisalMinor,
    appraisal_flagged: offer.appraisalFlagged,
    funds_received_minor: offer.fundsReceivedMinor,
    approved_by_email: emailOf(offer.approvedBy),
    approved_at: offer.approvedAt?.toISOString() ?? null,
    flag_acknowledged: offer.flagAcknowledged,
    created_at: offer.createdAt.toISOString(),
    tally: tallyOf(offer, votes),
  };
}

/** Offers for operators, newest first, optionally of one state, each with its current tally. */
export async function listExitOffers(
  db: Executor,
  query: { status?: ExitOffer['status'] | undefined; limit: number; offset: number },
) {
  const where = query.status ? eq(exitOffers.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ offer: exitOffers, title: paintings.titleEn })
      .from(exitOffers)
      .innerJoin(paintings, eq(paintings.id, exitOffers.paintingId))
      .where(where)
      .orderBy(desc(exitOffers.createdAt), desc(exitOffers.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(exitOffers).where(where),
  ]);
  const votes = await votesOf(
    db,
    rows.map(({ offer }) => offer.id),
  );
  const emailOf = await operatorEmails(
    db,
    rows.flatMap(({ offer }) => [offer.recordedBy, offer.approvedBy]),
  );
  return {
    offers: rows.map(({ offer, title }) =>
      offerView(
        offer,
        title,
        votes.filter((vote) => vote.offerId === offer.id),
        emailOf,
      ),
    ),
    total: Number(total?.total ?? 0),
  };
}

/** One offer for operators: its tally, every voter's weight and choice, and after a sale what each holder got. */
export async function exitOfferDetail(db: Executor, offerId: string) {
  const [row] = await db
    .select({ offer: exitOffers, title: paintings.titleEn })
    .from(exitOffers)
    .innerJoin(paintings, eq(paintings.id, exitOffers.paintingId))
    .where(eq(exitOffers.id, offerId));
  if (!row) throw notFound('ExitOfferNotFound');
  const [votes, payouts, emailOf] = await Promise.all([
    votesOf(db, [offerId]),
    db.select().from(exitPayouts).where(eq(exitPayouts.offerId, offerId)),
    operatorEmails(db, [row.offer.recordedBy, row.offer.approvedBy]),
  ]);
  const people = new Set([...votes.map((vote) => vote.userId), ...payouts.map((payout) => payout.userId)]);
  const members =
    people.size === 0
      ? []
      : await db
          .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, [...people]));
  const byId = new Map(members.map((member) => [member.id, member]));
  const paid = new Map(payouts.map((payout) => [payout.userId, payout]));
  const voted = new Map(votes.map((vote) => [vote.userId, vote]));
  return {
    ...offerView(row.offer, row.title, votes, emailOf),
    voters: [...people].sort().map((userId) => {
      const member = byId.get(userId);
      const payout = paid.get(userId);
      const vote = voted.get(userId);
      return {
        user_id: userId,
        email: member?.email ?? '',
        name: member ? `${member.firstName} ${member.lastName}` : '',
        parts: vote?.parts ?? payout?.parts ?? 0,
        choice: vote?.choice ?? null,
        payout_minor: payout?.amountMinor ?? null,
        cost_basis_minor: payout?.costBasisMinor ?? null,
      };
    }),
  };
}
