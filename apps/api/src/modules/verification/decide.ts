import {
  requiredDocuments,
  type VerificationDocumentKind,
  type VerificationReasonCode,
  VerificationState,
} from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { verifications } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { badRequest, conflict } from '../../http/errors';
import { audit } from '../admin/audit';
import { type NotifyContext, notifyMember } from '../notifications/notify';
import { declarationOf } from './case-data';
import { assertNoStandingHits } from './sanctions-hits';
import { type Actor, lockCase, lockCaseOfMember, recordStep, transition, type VerificationCase } from './state';

/**
 * The compliance decisions on a case (issue 29), each in one transaction: the case locked, the move checked against
 * the transition table, the event appended, the operator's action in the audit log, and the member told in the app and
 * by email (in their language; the operator writes the message in it).
 */
export type Decision = 'approve' | 'reject' | 'request_resubmission' | 'suspend' | 'close';

type DecisionInput = {
  reason_code: VerificationReasonCode;
  message: string;
  /** A request for new documents: the kinds to send again (decision 411; the contract asks for at least one). */
  document_kinds?: VerificationDocumentKind[];
};

const TOLD: Record<Exclude<Decision, 'approve'>, 'rejected' | 'resubmission_requested' | 'suspended' | 'closed'> = {
  reject: 'rejected',
  request_resubmission: 'resubmission_requested',
  suspend: 'suspended',
  close: 'closed',
};

const TARGET: Record<Exclude<Decision, 'approve'>, VerificationState> = {
  reject: VerificationState.Rejected,
  request_resubmission: VerificationState.ResubmissionRequested,
  suspend: VerificationState.Suspended,
  close: VerificationState.Closed,
};

export type DecisionResult = { case: VerificationCase; awaitingSecondApproval: boolean };

function snapshot(row: VerificationCase) {
  return {
    state: row.state,
    risk_level: row.riskLevel,
    first_approved_by: row.firstApprovedBy,
    approved_by: row.approvedBy,
  };
}

async function tell(
  ctx: NotifyContext,
  tx: Executor,
  row: VerificationCase,
  decision: 'approved' | (typeof TOLD)[keyof typeof TOLD],
  input: DecisionInput,
) {
  await notifyMember(ctx, tx, row.userId, 'verification_decided', {
    decision,
    reason_code: input.reason_code,
    message: input.message,
    ...(input.document_kinds?.length ? { document_kinds: input.document_kinds } : {}),
  });
}

/**
 * Approves a case in review, or reinstates a suspended one. High risk needs two different operators: the first approval
 * is recorded (the case stays where it is, awaiting the second); the same operator again is a 409, and the database
 * refuses it too (verifications_four_eyes).
 */
export async function approveVerification(
  ctx: AppContext,
  operator: Pick<Member, 'id'>,
  caseId: string,
  input: DecisionInput,
): Promise<DecisionResult> {
  return ctx.database.db.transaction(async (tx) => {
    const locked = await lockCase(tx, caseId);
    if (locked.userId === operator.id) throw conflict('VerificationOwnCase');
    if (locked.state !== VerificationState.InReview && locked.state !== VerificationState.Suspended) {
      throw conflict('VerificationTransitionRefused');
    }
    await assertNoStandingHits(tx, locked.userId);
    const actor: Actor = { kind: 'operator', id: operator.id };
    if (locked.riskLevel === 'high' && locked.firstApprovedBy === null) {
      const [firstApproved] = await tx
        .update(verifications)
        .set({ firstApprovedBy: operator.id, updatedAt: new Date() })
        .where(eq(verifications.id, locked.id))
        .returning();
      if (!firstApproved) throw new Error('verification case vanished under its lock');
      await recordStep(tx, locked, { actor, reason: 'first_approval', message: input.message });
      await audit(tx, {
        actorId: operator.id,
        action: 'verification.first_approval',
        targetType: 'verification',
        targetId: locked.id,
        details: { reason_code: input.reason_code },
        before: snapshot(locked),
        after: snapshot(firstApproved),
      });
      return { case: firstApproved, awaitingSecondApproval: true };
    }
    if (locked.riskLevel === 'high' && locked.firstApprovedBy === operator.id) {
      throw conflict('VerificationSecondApproverRequired');
    }
    const approved = await transition(tx, locked, {
      to: VerificationState.Approved,
      actor,
      reason: input.reason_code,
      message: input.message,
      set: {
        approvedBy: operator.id,
        firstApprovedBy: locked.riskLevel === 'high' ? locked.firstApprovedBy : null,
        decidedAt: new Date(),
      },
    });
    await audit(tx, {
      actorId: operator.id,
      action: 'verification.approve',
      targetType: 'verification',
      targetId: locked.id,
      details: { reason_code: input.reason_code },
      before: snapshot(locked),
      after: snapshot(approved),
    });
    await tell(ctx, tx, approved, 'approved', input);
    return { case: approved, awaitingSecondApproval: false };
  });
}

/**
 * The documents a request for new ones asks for (decision 411): at least one (the contract's rule, checked again for
 * callers that skip it), each among those the case's identity document uses (a passport has no back): 400 otherwise.
 */
function kindsAsked(locked: VerificationCase, input: DecisionInput): VerificationDocumentKind[] {
  const kinds = input.document_kinds ?? [];
  if (kinds.length === 0) throw badRequest('VerificationDocumentKindsRequired', 'document_kinds');
  const used = requiredDocuments(declarationOf(locked)?.identity_document_type ?? null);
  if (kinds.some((kind) => !used.includes(kind))) throw badRequest('VerificationDocumentKindNotUsed', 'document_kinds');
  return kinds;
}

/** Rejects, asks for more, suspends or closes a case (the table says from which states). */
export async function decideVerification(
  ctx: AppContext,
  operator: Pick<Member, 'id'>,
  caseId: string,
  decision: Exclude<Decision, 'approve'>,
  input: DecisionInput,
): Promise<DecisionResult> {
  return ctx.database.db.transaction(async (tx) => {
    const locked = await lockCase(tx, caseId);
    if (locked.userId === operator.id) throw conflict('VerificationOwnCase');
    const documentKinds = decision === 'request_resubmission' ? kindsAsked(locked, input) : [];
    const now = new Date();
    const moved = await transition(tx, locked, {
      to: TARGET[decision],
      actor: { kind: 'operator', id: operator.id },
      reason: input.reason_code,
      message: input.message,
      documentKinds,
      set: {
        firstApprovedBy: null,
        approvedBy: null,
        decidedAt: now,
        ...(decision === 'close' ? { closedAt: now } : {}),
      },
    });
    await audit(tx, {
      actorId: operator.id,
      action: `verification.${decision}`,
      targetType: 'verification',
      targetId: locked.id,
      details: { reason_code: input.reason_code, ...(documentKinds.length ? { document_kinds: documentKinds } : {}) },
      before: snapshot(locked),
      after: snapshot(moved),
    });
    await tell(ctx, tx, moved, TOLD[decision], { ...input, document_kinds: documentKinds });
    return { case: moved, awaitingSecondApproval: false };
  });
}

/**
 * The platform suspends an approved member (issue 29): a new sanctions hit when the list changes, or a provider's late
 * decision. Money stops moving at once (the gates read the state); a compliance operator then reinstates or closes.
 * A member who is not approved is left as they are (their case is already held before approval). Answers whether the
 * member was suspended.
 */
export async function suspendBySystem(
  ctx: NotifyContext,
  tx: Executor,
  memberId: string,
  reason: 'new_sanctions_hit' | 'provider_late_decision',
): Promise<boolean> {
  const locked = await lockCaseOfMember(tx, memberId);
  if (locked.state !== VerificationState.Approved) return false;
  const moved = await transition(tx, locked, {
    to: VerificationState.Suspended,
    actor: { kind: 'system' },
    reason,
    set: { firstApprovedBy: null, approvedBy: null, decidedAt: new Date() },
  });
  await tell(ctx, tx, moved, 'suspended', { reason_code: reason, message: '' });
  return true;
}
