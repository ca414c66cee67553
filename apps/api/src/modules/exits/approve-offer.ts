import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/retry';
import { exitOffers } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError, notFound } from '../../http/errors';
import { audit } from '../admin/audit';
import { refuseInterestedOperator } from '../admin/interest';
import { exitOfferDetail, votesOf } from './offers';

/**
 * The second operator's approval of an offer's terms (four eyes, issue 26): never its recorder (409 FourEyesRequired,
 * and the `exit_offers_four_eyes` constraint), once (409 ExitAlreadyApproved), while the offer is undecided. An offer
 * flagged against the latest appraisal is approved only when the approval says it saw the flag (409
 * ExitAppraisalFlagNotAcknowledged). Settling an accepted vote needs this approval (`resolveExitOffer`, and the
 * `exit_offers_settled_approved` constraint). Audited.
 */
export async function approveExitOffer(
  ctx: AppContext,
  operator: Member,
  offerId: string,
  input: { acknowledgeAppraisalFlag: boolean },
) {
  await inTransaction(ctx.database.db, async (tx) => {
    const [before] = await tx.select().from(exitOffers).where(eq(exitOffers.id, offerId)).for('update');
    if (!before) throw notFound('ExitOfferNotFound');
    if (before.status !== 'recorded' && before.status !== 'voting') throw new AppError(409, 'ExitAlreadyResolved');
    if (before.approvedBy) throw new AppError(409, 'ExitAlreadyApproved');
    if (before.recordedBy === operator.id) throw new AppError(409, 'FourEyesRequired');
    await refuseInterestedOperator(
      tx,
      operator.id,
      before.paintingId,
      (await votesOf(tx, [offerId])).map((vote) => vote.userId),
    );
    if (before.appraisalFlagged && !input.acknowledgeAppraisalFlag)
      throw new AppError(409, 'ExitAppraisalFlagNotAcknowledged');
    const now = new Date();
    const [after] = await tx
      .update(exitOffers)
      .set({ approvedBy: operator.id, approvedAt: now, flagAcknowledged: before.appraisalFlagged })
      .where(
        and(
          eq(exitOffers.id, offerId),
          isNull(exitOffers.approvedBy),
          inArray(exitOffers.status, ['recorded', 'voting']),
        ),
      )
      .returning();
    if (!after) throw new AppError(409, 'ExitAlreadyApproved');
    await audit(tx, {
      actorId: operator.id,
      action: 'exit.approve',
      targetType: 'exit_offer',
      targetId: offerId,
      details: {
        reference: after.reference,
        recorded_by: after.recordedBy,
        appraisal_minor: after.appraisalMinor,
        appraisal_flagged: after.appraisalFlagged,
      },
      before: { approved_by: null },
      after: { approved_by: operator.id, approved_at: now.toISOString(), flag_acknowledged: after.flagAcknowledged },
    });
  });
  return exitOfferDetail(ctx.database.db, offerId);
}
