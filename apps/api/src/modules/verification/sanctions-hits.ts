import { type TSanctionsHit, VerificationState } from '@parcelle/shared';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { Member } from '../../http/authenticate';
import { AppError, conflict, notFound } from '../../http/errors';
import { audit } from '../admin/audit';
import { operatorEmails } from '../admin/operator-emails';
import { notifyMember } from '../notifications/notify';
import { decideHit, exportHitsForAuthority, type MemberHit, memberHits, SanctionsDecisionError } from '../sanctions';
import { lockCase, transition, type VerificationCase } from './state';

/**
 * The compliance side of sanctions hits (issue 29): what the case page shows of a member's screening hits, the
 * operator's decision on one (a namesake dismissed, or the listed person confirmed and the case frozen), and the export
 * for the authority. The hits, their decisions and the export are the sanctions module's (called through its exports
 * only); what a decision does to the member's case is this module's.
 */

/** A member's hits as the case answer carries them, with the deciding operators' emails. */
export async function caseHits(db: Executor, memberId: string): Promise<TSanctionsHit[]> {
  const hits = await memberHits(db, memberId);
  const emailOf = await operatorEmails(
    db,
    hits.flatMap((hit) => hit.decisions.map((decision) => decision.operatorId)),
  );
  return hits.map((hit) => ({
    id: hit.hitId,
    state: hit.state,
    score: hit.score,
    matched_fields: hit.matchedFields,
    matched_name: hit.matchedName,
    entry_logical_id: hit.entryLogicalId,
    eu_reference_number: hit.euReferenceNumber,
    entry_names: hit.entryNames,
    regulation: hit.regulation,
    programme: hit.programme,
    list_version_id: hit.listVersionId,
    list_generated_at: hit.listGeneratedAt.toISOString(),
    screening_reason: hit.screeningReason,
    screened_at: hit.screenedAt.toISOString(),
    carried_from: hit.carriedFrom,
    decisions: hit.decisions.map((decision) => ({
      state: decision.state,
      operator_id: decision.operatorId,
      operator_email: emailOf(decision.operatorId),
      reason: decision.reason,
      decided_at: decision.decidedAt.toISOString(),
    })),
  }));
}

/**
 * The hits that stand in the way of an approval: for each listed entry, the newest hit (the latest screening against
 * it) decides; undecided or confirmed, it stands. Older hits of the same entry were superseded by a later screening.
 */
export function standingHits(hits: readonly MemberHit[]): { open: MemberHit[]; confirmed: MemberHit[] } {
  const newest = new Map<string, MemberHit>();
  for (const hit of hits) if (!newest.has(hit.entryLogicalId)) newest.set(hit.entryLogicalId, hit);
  const latest = [...newest.values()];
  return {
    open: latest.filter((hit) => hit.state === 'open'),
    confirmed: hits.filter((hit) => hit.state === 'confirmed'),
  };
}

/**
 * An approval (or a reinstatement) waits until every hit is decided, and never stands over a confirmed one: a
 * confirmed match freezes the member for good (a later decision may correct it, with its reason, and then approval is
 * possible again).
 */
export async function assertNoStandingHits(tx: Executor, memberId: string): Promise<void> {
  const { open, confirmed } = standingHits(await memberHits(tx, memberId));
  if (confirmed.length > 0) throw conflict('VerificationSanctionsConfirmed');
  if (open.length > 0) throw conflict('VerificationSanctionsHitOpen');
}

async function hitOfCase(tx: Executor, row: VerificationCase, hitId: string): Promise<MemberHit> {
  const hit = (await memberHits(tx, row.userId)).find((candidate) => candidate.hitId === hitId);
  if (!hit) throw notFound();
  return hit;
}

async function decide(
  tx: Executor,
  hitId: string,
  operatorId: string,
  state: 'confirmed' | 'dismissed',
  reason: string,
) {
  try {
    await decideHit(tx, { hitId, operatorId, state, reason });
  } catch (error) {
    if (!(error instanceof SanctionsDecisionError)) throw error;
    if (error.code === 'same_state') throw conflict('SanctionsHitAlreadyDecided');
    if (error.code === 'reason_missing') throw new AppError(400, 'SanctionsHitReasonRequired', 'reason');
    throw notFound();
  }
}

/** A namesake: the hit is dismissed with its reason (appended, audited); the case stays where it is. */
export async function dismissHit(
  ctx: AppContext,
  operator: Pick<Member, 'id'>,
  caseId: string,
  hitId: string,
  input: { reason: string },
): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const row = await lockCase(tx, caseId);
    if (row.userId === operator.id) throw conflict('VerificationOwnCase');
    await hitOfCase(tx, row, hitId);
    await decide(tx, hitId, operator.id, 'dismissed', input.reason);
  });
}

/** What a confirmed hit does to a case: in review it is rejected, approved it is suspended; otherwise it stays frozen. */
const FROZEN: Partial<Record<VerificationState, { to: VerificationState; told: 'rejected' | 'suspended' }>> = {
  [VerificationState.InReview]: { to: VerificationState.Rejected, told: 'rejected' },
  [VerificationState.Approved]: { to: VerificationState.Suspended, told: 'suspended' },
};

/**
 * The member is the listed person: the hit is confirmed (appended, audited) and the case frozen in the same
 * transaction — rejected with `sanctions_confirmed` if in review, suspended if approved — so that no money or part
 * moves (every gate reads the state) and no later approval stands (`assertNoStandingHits`). Nothing is deleted. A case
 * already suspended, rejected or closed stays as it is; one still being collected cannot be approved either.
 */
export async function confirmHit(
  ctx: AppContext,
  operator: Pick<Member, 'id'>,
  caseId: string,
  hitId: string,
  input: { reason: string; message: string },
): Promise<{ frozen: VerificationState }> {
  return ctx.database.db.transaction(async (tx) => {
    const row = await lockCase(tx, caseId);
    if (row.userId === operator.id) throw conflict('VerificationOwnCase');
    await hitOfCase(tx, row, hitId);
    await decide(tx, hitId, operator.id, 'confirmed', input.reason);
    const move = FROZEN[row.state];
    if (!move) return { frozen: row.state };
    const now = new Date();
    const moved = await transition(tx, row, {
      to: move.to,
      actor: { kind: 'operator', id: operator.id },
      reason: 'sanctions_confirmed',
      message: input.message,
      set: { firstApprovedBy: null, approvedBy: null, decidedAt: now },
    });
    await audit(tx, {
      actorId: operator.id,
      action: move.told === 'rejected' ? 'verification.reject' : 'verification.suspend',
      targetType: 'verification',
      targetId: row.id,
      details: { reason_code: 'sanctions_confirmed', hit_id: hitId },
      before: { state: row.state, first_approved_by: row.firstApprovedBy, approved_by: row.approvedBy },
      after: { state: moved.state, first_approved_by: null, approved_by: null },
    });
    await notifyMember(ctx, tx, row.userId, 'verification_decided', {
      decision: move.told,
      reason_code: 'sanctions_confirmed',
      message: input.message,
    });
    return { frozen: moved.state };
  });
}

/**
 * The member's confirmed hits for the authority (JSON or CSV), compliance only. The export is personal data leaving
 * the platform: it is written to the audit log (who, which case, how many hits, which format) before it is sent.
 */
export async function exportCaseHits(
  ctx: AppContext,
  operator: Pick<Member, 'id'>,
  caseId: string,
  format: 'csv' | 'json',
): Promise<{ body: string; memberId: string }> {
  const db = ctx.database.db;
  return db.transaction(async (tx) => {
    const row = await lockCase(tx, caseId);
    const exported = await exportHitsForAuthority(tx, row.userId);
    await audit(tx, {
      actorId: operator.id,
      action: 'sanctions_hit.export',
      targetType: 'verification',
      targetId: row.id,
      details: { member_id: row.userId, format, hits: exported.records.map((record) => record.hit_id) },
    });
    return { body: format === 'csv' ? exported.csv : exported.json, memberId: row.userId };
  });
}
