import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/retry';
import { exitOffers, exitVotes } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError, notFound } from '../../http/errors';
import { audit } from '../admin/audit';
import { holdersAt } from '../dividends/service';
import { notifyMembers } from '../notifications/notify';
import { exitOfferDetail } from './offers';

/**
 * An operator opens the vote on a recorded offer: the co-owners at this instant, with the parts they hold (their own
 * and those they have listed, as for dividends: `holdersAt`), become its voters, their weights frozen. Not before
 * the window's start, nor after its end, nor with less than the platform's minimum window left.
 */
export async function openExitVote(ctx: AppContext, operator: Member, offerId: string) {
  const opened = await inTransaction(ctx.database.db, async (tx) => {
    const [before] = await tx.select().from(exitOffers).where(eq(exitOffers.id, offerId)).for('update');
    if (!before) throw notFound('ExitOfferNotFound');
    if (before.status !== 'recorded') throw new AppError(409, 'ExitAlreadyOpen');
    const now = new Date();
    if (before.voteOpensAt && now.getTime() < before.voteOpensAt.getTime())
      throw new AppError(409, 'ExitVoteNotOpenYet');
    if (now.getTime() >= before.voteClosesAt.getTime()) throw new AppError(409, 'ExitWindowInvalid');
    // The members get the platform's minimum window from the opening on, however late it is opened (issue 26).
    if (before.voteClosesAt.getTime() - now.getTime() < ctx.config.exits.minWindowMs)
      throw new AppError(409, 'ExitWindowTooShort');
    const holders = await holdersAt(tx, before.paintingId, now);
    if (holders.length === 0) throw new AppError(409, 'ExitNoHolders');
    const [offer] = await tx
      .update(exitOffers)
      .set({ status: 'voting', openedAt: now })
      .where(and(eq(exitOffers.id, offerId), eq(exitOffers.status, 'recorded')))
      .returning();
    if (!offer) throw new AppError(409, 'ExitAlreadyOpen');
    await tx
      .insert(exitVotes)
      .values(holders.map((holder) => ({ offerId, userId: holder.userId, parts: holder.parts })));
    await audit(tx, {
      actorId: operator.id,
      action: 'exit.open',
      targetType: 'exit_offer',
      targetId: offerId,
      details: { reference: offer.reference, painting_id: offer.paintingId, voters: holders.length },
      before: { status: before.status },
      after: { status: offer.status, opened_at: now.toISOString() },
    });
    // Every voter is told, in this transaction: the vote and its notifications commit together.
    await notifyMembers(
      ctx,
      tx,
      holders.map((holder) => holder.userId),
      'vote_opened',
      { vote_id: offer.id, painting_id: offer.paintingId, closes_at: offer.voteClosesAt.toISOString() },
    );
    return { offer };
  });
  // The work's public page shows the vote under way (issue 31).
  ctx.catalogueChanges.changed({ kind: 'work', paintingId: opened.offer.paintingId });
  return exitOfferDetail(ctx.database.db, opened.offer.id);
}
