import { type RiskLevel, VerificationState } from '@parcelle/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { verificationEvents, verificationProviderCases } from '../../../db/schema';
import { notifyMember } from '../../notifications/notify';
import { suspendBySystem } from '../decide';
import { lockCase, recordStep, transition, type VerificationCase } from '../state';
import type { SumsubReview } from './sumsub-client';

/**
 * A provider's review applied to a case (issue 29, decision 292): the review is the one read from the provider's API
 * (the webhook only said "look"), and the module's rules decide what it does:
 * - GREEN on a case in review: approved by the platform when the risk is low or standard and screening found no
 *   possible sanctions hit; otherwise recorded, and the case stays in the compliance queue (high risk still needs two
 *   operators, a hit a human's clearance);
 * - RED on a case in review: rejected (FINAL) or sent back for more (RETRY);
 * - RED on an approved member (a later review): suspended (`provider_late_decision`);
 * - anything else (not completed yet, a case elsewhere): nothing but the record of what was read.
 */
export type ProviderOutcome = 'none' | 'approve' | 'needs_review' | 'reject' | 'resubmit' | 'suspend';

export function providerOutcome(
  state: VerificationState,
  review: Pick<SumsubReview, 'reviewStatus' | 'reviewAnswer' | 'reviewRejectType'>,
  facts: { risk: RiskLevel | null; sanctionsHit: boolean },
): ProviderOutcome {
  if (review.reviewStatus !== 'completed' || review.reviewAnswer === null) return 'none';
  if (review.reviewAnswer === 'GREEN') {
    if (state !== VerificationState.InReview) return 'none';
    return facts.risk === 'high' || facts.risk === null || facts.sanctionsHit ? 'needs_review' : 'approve';
  }
  if (state === VerificationState.InReview) return review.reviewRejectType === 'RETRY' ? 'resubmit' : 'reject';
  if (state === VerificationState.Approved) return 'suspend';
  return 'none';
}

/** Whether the case's last submission went to review because screening found a possible sanctions hit. */
async function hadSanctionsHit(tx: Executor, caseId: string): Promise<boolean> {
  const [routed] = await tx
    .select({ reason: verificationEvents.reasonCode })
    .from(verificationEvents)
    .where(
      and(
        eq(verificationEvents.verificationId, caseId),
        eq(verificationEvents.fromState, VerificationState.Submitted),
        eq(verificationEvents.toState, VerificationState.InReview),
      ),
    )
    .orderBy(desc(verificationEvents.seq))
    .limit(1);
  return routed?.reason === 'sanctions_hit';
}

const MESSAGE = 'Sumsub';

/**
 * Applies a review read from the provider's API to the case of `applicantId`, in one transaction (the case locked).
 * A review acts once (`applied_review_id`): the webhook, its retries and the poll may all report it. Answers what it did.
 */
export async function applyProviderReview(
  ctx: AppContext,
  provider: string,
  review: SumsubReview,
): Promise<ProviderOutcome | 'unknown_applicant'> {
  return ctx.database.db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(verificationProviderCases)
      .where(
        and(
          eq(verificationProviderCases.provider, provider),
          eq(verificationProviderCases.applicantId, review.applicantId),
        ),
      );
    // An applicant of another member (the API's externalUserId must be the member's id) is never applied.
    if (!link || (review.externalUserId !== null && review.externalUserId !== link.externalUserId)) {
      return 'unknown_applicant';
    }
    const locked = await lockCase(tx, link.verificationId);
    const now = new Date();
    const fresh = review.reviewId === null || review.reviewId !== link.appliedReviewId;
    const outcome = fresh
      ? providerOutcome(locked.state, review, {
          risk: locked.riskLevel,
          sanctionsHit: locked.state === VerificationState.InReview && (await hadSanctionsHit(tx, locked.id)),
        })
      : 'none';
    const completed = review.reviewStatus === 'completed' && review.reviewAnswer !== null;
    await tx
      .update(verificationProviderCases)
      .set({
        reviewStatus: review.reviewStatus,
        reviewAnswer: review.reviewAnswer,
        rejectType: review.reviewRejectType,
        checkedAt: now,
        ...(completed && fresh ? { appliedReviewId: review.reviewId, decidedAt: now } : {}),
      })
      .where(eq(verificationProviderCases.verificationId, link.verificationId));
    await act(ctx, tx, locked, outcome, now);
    return outcome;
  });
}

async function act(ctx: AppContext, tx: Executor, locked: VerificationCase, outcome: ProviderOutcome, now: Date) {
  const system = { kind: 'system' } as const;
  const cleared = { firstApprovedBy: null, approvedBy: null, decidedAt: now };
  switch (outcome) {
    case 'none':
      return;
    case 'needs_review':
      await recordStep(tx, locked, { actor: system, reason: 'provider_approved_needs_review', message: MESSAGE });
      return;
    case 'approve': {
      const moved = await transition(tx, locked, {
        to: VerificationState.Approved,
        actor: system,
        reason: 'provider_approved',
        message: MESSAGE,
        set: cleared,
      });
      await tellMember(ctx, tx, moved, 'approved', 'provider_approved');
      return;
    }
    case 'reject':
    case 'resubmit': {
      const rejected = outcome === 'reject';
      const moved = await transition(tx, locked, {
        to: rejected ? VerificationState.Rejected : VerificationState.ResubmissionRequested,
        actor: system,
        reason: rejected ? 'provider_rejected' : 'provider_resubmission',
        message: MESSAGE,
        set: cleared,
      });
      await tellMember(
        ctx,
        tx,
        moved,
        rejected ? 'rejected' : 'resubmission_requested',
        rejected ? 'provider_rejected' : 'provider_resubmission',
      );
      return;
    }
    case 'suspend':
      await suspendBySystem(ctx, tx, locked.userId, 'provider_late_decision');
      return;
  }
}

async function tellMember(
  ctx: AppContext,
  tx: Executor,
  row: VerificationCase,
  decision: 'approved' | 'rejected' | 'resubmission_requested',
  reason: string,
) {
  await notifyMember(ctx, tx, row.userId, 'verification_decided', { decision, reason_code: reason, message: '' });
}
