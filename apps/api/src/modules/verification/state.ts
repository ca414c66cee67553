import {
  canTransitionVerification,
  type VerificationActor,
  type VerificationDocumentKind,
  type VerificationReasonCode,
  VerificationState,
} from '@parcelle/shared';
import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { verificationEvents, verifications } from '../../db/schema';
import { AppError } from '../../http/errors';

/**
 * The one way a verification case changes state (issue 29): the case row is locked, the move is checked against the
 * transition table of packages/shared (verification.ts), the row is updated and the event appended in the caller's
 * transaction, so the state and its history commit together or not at all.
 */
export type VerificationCase = typeof verifications.$inferSelect;

/** Who acts: the member (their id), an operator (their id), or the platform (no id). */
export type Actor = { kind: 'member'; id: string } | { kind: 'operator'; id: string } | { kind: 'system' };

export function actorOf(actor: Actor): { actor: VerificationActor; actorId: string | null } {
  return actor.kind === 'system' ? { actor: 'system', actorId: null } : { actor: actor.kind, actorId: actor.id };
}

/** The member's case, locked for the transaction; created (not started) on first use. */
export async function lockCaseOfMember(tx: Executor, userId: string): Promise<VerificationCase> {
  await tx.insert(verifications).values({ userId }).onConflictDoNothing({ target: verifications.userId });
  const [row] = await tx.select().from(verifications).where(eq(verifications.userId, userId)).for('update');
  if (!row) throw new Error('verification case not created');
  return row;
}

/** A case by its id, locked for the transaction (404 when there is none). */
export async function lockCase(tx: Executor, caseId: string): Promise<VerificationCase> {
  const [row] = await tx.select().from(verifications).where(eq(verifications.id, caseId)).for('update');
  if (!row) throw new AppError(404, 'NotFound');
  return row;
}

/** The member's state without a lock (no case yet: not started). */
export async function stateOfMember(db: Executor, userId: string): Promise<VerificationState> {
  const [row] = await db
    .select({ state: verifications.state })
    .from(verifications)
    .where(eq(verifications.userId, userId));
  return row?.state ?? VerificationState.NotStarted;
}

/**
 * `stateOfMember` as one column of another statement (a purchase's one read of its gates, decision 487): the state,
 * or NULL without a case (`stateOf`). `userId` is a value or a prepared statement's placeholder.
 */
export const verificationStateColumn = (userId: string | Placeholder | SQL): SQL =>
  sql`(SELECT ${verifications.state} FROM ${verifications} WHERE ${verifications.userId} = ${userId})`;

/** What `verificationStateColumn` read: no case yet is not started. */
export const stateOf = (column: VerificationState | null | undefined): VerificationState =>
  column ?? VerificationState.NotStarted;

export type TransitionRequest = {
  to: VerificationState;
  actor: Actor;
  reason: VerificationReasonCode;
  message?: string;
  /** A request for new documents: the kinds to send again (decision 411). */
  documentKinds?: VerificationDocumentKind[];
  /** Other columns the move sets (approvals, risk, dates). */
  set?: Partial<Omit<typeof verifications.$inferInsert, 'id' | 'userId' | 'state'>>;
};

/**
 * Moves a locked case (`lockCase`/`lockCaseOfMember` in the same transaction) and appends its event. A move the table
 * does not allow is a 409: nothing is written.
 */
export async function transition(
  tx: Executor,
  locked: VerificationCase,
  request: TransitionRequest,
): Promise<VerificationCase> {
  const { actor, actorId } = actorOf(request.actor);
  if (!canTransitionVerification(locked.state, request.to, actor)) {
    throw new AppError(409, 'VerificationTransitionRefused');
  }
  const [updated] = await tx
    .update(verifications)
    .set({ ...request.set, state: request.to, updatedAt: new Date() })
    .where(eq(verifications.id, locked.id))
    .returning();
  if (!updated) throw new Error('verification case vanished under its lock');
  await tx.insert(verificationEvents).values({
    verificationId: locked.id,
    fromState: locked.state,
    toState: request.to,
    actor,
    actorId,
    reasonCode: request.reason,
    message: request.message ?? '',
    documentKinds: request.documentKinds ?? [],
  });
  return updated;
}

/** An event that is not a move (a first approval of a high-risk case): recorded in the same history. */
export async function recordStep(
  tx: Executor,
  locked: VerificationCase,
  step: { actor: Actor; reason: VerificationReasonCode; message?: string },
): Promise<void> {
  const { actor, actorId } = actorOf(step.actor);
  await tx.insert(verificationEvents).values({
    verificationId: locked.id,
    fromState: locked.state,
    toState: locked.state,
    actor,
    actorId,
    reasonCode: step.reason,
    message: step.message ?? '',
  });
}
