import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { inTransaction } from '../../db/retry';
import { exitOffers, exitPayouts } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError, notFound } from '../../http/errors';
import { audit } from '../admin/audit';
import { refuseInterestedOperator } from '../admin/interest';
import { accountFor, postTransaction } from '../ledger/ledger';
import { notifyMember, notifyMembers } from '../notifications/notify';
import { type ExitOffer, exitOfferDetail, tallyOf, votesOf } from './offers';
import { settleExit } from './settle-exit';

/** A rejected offer's received funds go back to the buyer: out of the exit escrow to the outside world. */
async function returnFunds(tx: Executor, offer: ExitOffer) {
  const currency = offer.currency;
  await postTransaction(tx, {
    reference: `${offer.reference}:funds-returned`,
    description: `exit ${offer.reference}: buyer's funds returned`,
    lines: [
      { accountId: await accountFor(tx, 'exit_escrow', currency), amountMinor: -offer.fundsReceivedMinor, currency },
      { accountId: await accountFor(tx, 'external', currency), amountMinor: offer.fundsReceivedMinor, currency },
    ],
  });
}

/**
 * An operator closes a vote once its window has closed: the tally decides. Accepted (quorum and majority met): the
 * offer must have a second operator's approval (409 ExitApprovalRequired) and the buyer's funds received must cover
 * it (409 ExitFundsNotReceived); then the work is sold and its holders paid from those funds (`settleExit`), in the
 * same transaction. Rejected: the offer is closed, the buyer's funds received go back; nothing else moves. The offer's row lock, and the status the update requires (`voting`), make a second resolution, at the same
 * time or later, find it resolved (409 ExitAlreadyResolved): a sale is paid once.
 */
export async function resolveExitOffer(ctx: AppContext, operator: Member, offerId: string) {
  const outcome = await inTransaction(ctx.database.db, async (tx) => {
    const [before] = await tx.select().from(exitOffers).where(eq(exitOffers.id, offerId)).for('update');
    if (!before) throw notFound('ExitOfferNotFound');
    if (before.status === 'accepted' || before.status === 'rejected') throw new AppError(409, 'ExitAlreadyResolved');
    if (before.status !== 'voting') throw new AppError(409, 'ExitVoteClosed');
    if (Date.now() < before.voteClosesAt.getTime()) throw new AppError(409, 'ExitVoteStillOpen');
    const votes = await votesOf(tx, [offerId]);
    await refuseInterestedOperator(
      tx,
      operator.id,
      before.paintingId,
      votes.map((vote) => vote.userId),
    );
    const tally = tallyOf(before, votes);
    if (tally.accepted && !before.approvedBy) throw new AppError(409, 'ExitApprovalRequired');
    if (tally.accepted && before.fundsReceivedMinor < before.amountMinor)
      throw new AppError(409, 'ExitFundsNotReceived');
    const now = new Date();
    const settled = tally.accepted ? await settleExit(tx, before) : null;
    if (!tally.accepted && before.fundsReceivedMinor > 0) await returnFunds(tx, before);
    const [after] = await tx
      .update(exitOffers)
      .set({
        status: tally.accepted ? 'accepted' : 'rejected',
        resolvedAt: now,
        resolvedBy: operator.id,
        firstSaleMinor: settled?.firstSaleMinor ?? null,
      })
      .where(and(eq(exitOffers.id, offerId), eq(exitOffers.status, 'voting')))
      .returning();
    if (!after) throw new AppError(409, 'ExitAlreadyResolved');
    // Issue 31: every voter is told how the vote ended, and every holder paid what they were paid, in this
    // transaction (the outcome and its notices commit together).
    await notifyMembers(
      ctx,
      tx,
      votes.map((vote) => vote.userId),
      'vote_closed',
      { vote_id: after.id, painting_id: after.paintingId, outcome: tally.accepted ? 'accepted' : 'rejected' },
    );
    if (tally.accepted) {
      const paid = await tx.select().from(exitPayouts).where(eq(exitPayouts.offerId, after.id));
      for (const payout of paid) {
        await notifyMember(ctx, tx, payout.userId, 'exit_paid', {
          vote_id: after.id,
          painting_id: after.paintingId,
          parts: payout.parts,
          amount_minor: payout.amountMinor,
          currency: after.currency,
        });
      }
    }
    await audit(tx, {
      actorId: operator.id,
      action: tally.accepted ? 'exit.accept' : 'exit.reject',
      targetType: 'exit_offer',
      targetId: offerId,
      details: { reference: after.reference, painting_id: after.paintingId, tally, ...(settled ?? {}) },
      before: { status: before.status },
      after: { status: after.status, resolved_at: now.toISOString() },
    });
    return { accepted: tally.accepted, paintingId: after.paintingId };
  });
  // A sold work leaves the market: its public pages, lists and the secondary market must not serve it as buyable.
  // Either way its page stops showing the vote (issue 31).
  ctx.catalogueChanges.changed({ kind: 'work', paintingId: outcome.paintingId });
  return { accepted: outcome.accepted, offer: await exitOfferDetail(ctx.database.db, offerId) };
}
