import type { ExitVoteChoice } from '@parcelle/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/retry';
import { exitOffers, exitVotes } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError, notFound } from '../../http/errors';
import { memberExitVotes } from './member-votes';

/**
 * A co-owner casts or changes their vote while the vote is open (until its window closes). The offer is read under
 * a share lock, so a vote waits for a resolution in progress and then finds the vote closed: no vote lands after the
 * tally that decided. Only the member's own vote row is written (their weight was frozen when the vote opened).
 */
export async function castExitVote(ctx: AppContext, member: Member, offerId: string, choice: ExitVoteChoice) {
  await inTransaction(ctx.database.db, async (tx) => {
    const [offer] = await tx.select().from(exitOffers).where(eq(exitOffers.id, offerId)).for('share');
    if (!offer) throw notFound('ExitOfferNotFound');
    if (offer.status !== 'voting' || Date.now() >= offer.voteClosesAt.getTime())
      throw new AppError(409, 'ExitVoteClosed');
    const [vote] = await tx
      .update(exitVotes)
      .set({ choice, votedAt: new Date() })
      .where(and(eq(exitVotes.offerId, offerId), eq(exitVotes.userId, member.id)))
      .returning({ id: exitVotes.id });
    if (!vote) throw new AppError(403, 'ExitNotEligible');
  });
  const [view] = await memberExitVotes(ctx.database.db, member.id, { offerId });
  if (!view) throw notFound('ExitOfferNotFound');
  return view;
}
