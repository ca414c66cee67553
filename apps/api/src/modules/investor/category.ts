import { type TSophisticationDocument, type TSophisticationRequest, validUntil } from '@parcelle/shared';
import { and, count, desc, eq, gt, isNull, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { InvestorConfig } from '../../config';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError, badRequest, notFound } from '../../http/errors';
import { audit } from '../admin/audit';
import { documentsOfRequests } from './evidence';
import { investorEvents, type sophisticationRequests as Requests, sophisticationRequests } from './schema';

type RequestRow = typeof Requests.$inferSelect;

export function requestView(row: RequestRow, documents: TSophisticationDocument[] = []) {
  return {
    id: row.id,
    state: row.state,
    criteria: row.criteria as ('income_or_portfolio' | 'financial_sector_experience' | 'market_transactions')[],
    statement: row.statement,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    valid_until: row.validUntil?.toISOString() ?? null,
    reason: row.reason,
    documents,
  };
}

/**
 * A member asks to be treated as a sophisticated investor (Annex II): the criteria they meet and how, declared true.
 * One pending request at a time (a unique index); the compliance team decides in the console.
 */
export async function requestSophistication(
  tx: Executor,
  rules: InvestorConfig,
  memberId: string,
  request: TSophisticationRequest,
) {
  if (!rules.protections.category) throw new AppError(409, 'SophisticationUnavailable');
  const [pending] = await tx
    .select({ id: sophisticationRequests.id })
    .from(sophisticationRequests)
    .where(and(eq(sophisticationRequests.userId, memberId), eq(sophisticationRequests.state, 'pending')));
  if (pending) throw new AppError(409, 'SophisticationAlreadyPending');
  const [row] = await tx
    .insert(sophisticationRequests)
    .values({ userId: memberId, criteria: [...request.criteria], statement: request.statement })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError(409, 'SophisticationAlreadyPending');
  await tx
    .insert(investorEvents)
    .values({ userId: memberId, kind: 'category_requested', requestId: row.id, actorId: memberId });
  return row;
}

/**
 * A compliance operator approves (valid for the configured months from now) or rejects (with a reason the member
 * reads) a pending request, once: under the row's lock, with an event and an audit-log entry in the same transaction.
 */
export async function decideSophistication(
  tx: Executor,
  rules: InvestorConfig,
  operator: Member,
  requestId: string,
  decision: { decision: 'approve' | 'reject'; reason?: string | undefined },
) {
  const [row] = await tx
    .select()
    .from(sophisticationRequests)
    .where(eq(sophisticationRequests.id, requestId))
    .for('update');
  if (!row) throw notFound('SophisticationRequestNotFound');
  if (row.state !== 'pending') throw new AppError(409, 'SophisticationAlreadyDecided');
  if (decision.decision === 'reject' && !decision.reason?.trim())
    throw badRequest('SophisticationReasonRequired', 'reason');
  const now = new Date();
  const approved = decision.decision === 'approve';
  const [updated] = await tx
    .update(sophisticationRequests)
    .set({
      state: approved ? 'approved' : 'rejected',
      decidedBy: operator.id,
      decidedAt: now,
      validUntil: approved ? validUntil(now, rules.validityMonths) : null,
      reason: decision.reason?.trim() || null,
    })
    .where(eq(sophisticationRequests.id, requestId))
    .returning();
  if (!updated) throw new Error('request not updated');
  await tx.insert(investorEvents).values({
    userId: row.userId,
    kind: approved ? 'category_approved' : 'category_rejected',
    requestId,
    actorId: operator.id,
  });
  await audit(tx, {
    actorId: operator.id,
    action: approved ? 'investor_category.approve' : 'investor_category.reject',
    targetType: 'user',
    targetId: row.userId,
    details: { request_id: requestId, criteria: row.criteria, reason: updated.reason },
    before: { state: row.state },
    after: { state: updated.state, valid_until: updated.validUntil?.toISOString() ?? null },
  });
  return updated;
}

/** The console's queue of requests, newest first, by state. */
export async function listSophisticationRequests(
  db: Executor,
  query: { state?: 'pending' | 'approved' | 'rejected' | undefined; limit: number; offset: number },
) {
  const where = query.state ? eq(sophisticationRequests.state, query.state) : undefined;
  const rows = await db
    .select({
      request: sophisticationRequests,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(sophisticationRequests)
    .innerJoin(users, eq(users.id, sophisticationRequests.userId))
    .where(where)
    .orderBy(desc(sophisticationRequests.createdAt))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(sophisticationRequests).where(where);
  const documents = await documentsOfRequests(
    db,
    rows.map((row) => row.request.id),
  );
  return {
    items: rows.map((row) => ({
      ...requestView(row.request, documents.get(row.request.id)),
      member_id: row.request.userId,
      member_email: row.email,
      member_name: `${row.firstName} ${row.lastName}`.trim(),
      decided_by: row.request.decidedBy,
    })),
    total: total?.n ?? 0,
  };
}

/**
 * The daily job (decision 302): records the expiry of every approval whose `valid_until` has passed, once (the
 * unique (request, kind) index). The category itself is computed from `valid_until` at read time, so a member is
 * downgraded at the second of expiry whether or not this job has run; the job leaves the event in the history.
 */
export async function recordExpiredCategories(db: Executor, now: Date = new Date()): Promise<number> {
  const expired = await db
    .select({ id: sophisticationRequests.id, userId: sophisticationRequests.userId })
    .from(sophisticationRequests)
    .leftJoin(
      investorEvents,
      and(eq(investorEvents.requestId, sophisticationRequests.id), eq(investorEvents.kind, 'category_expired')),
    )
    .where(
      and(
        eq(sophisticationRequests.state, 'approved'),
        lte(sophisticationRequests.validUntil, now),
        isNull(investorEvents.id),
      ),
    )
    .limit(1000);
  if (expired.length === 0) return 0;
  const inserted = await db
    .insert(investorEvents)
    .values(expired.map((row) => ({ userId: row.userId, kind: 'category_expired', requestId: row.id })))
    .onConflictDoNothing()
    .returning({ id: investorEvents.id });
  return inserted.length;
}

/** The history of a member's category (the console's view). */
export async function categoryEvents(db: Executor, memberId: string) {
  return db
    .select()
    .from(investorEvents)
    .where(eq(investorEvents.userId, memberId))
    .orderBy(desc(investorEvents.createdAt), sql`${investorEvents.id}`);
}

/**
 * The category a member had at a moment (the reflection period asks it at a purchase's settlement, decision 313):
 * sophisticated when an approval was decided before `at` and still valid then.
 */
export async function investorCategoryAt(
  db: Executor,
  memberId: string,
  at: Date,
): Promise<'sophisticated' | 'non_sophisticated'> {
  const [approved] = await db
    .select({ id: sophisticationRequests.id })
    .from(sophisticationRequests)
    .where(sophisticatedAt(memberId, at))
    .limit(1);
  return approved ? 'sophisticated' : 'non_sophisticated';
}

/**
 * The same category as a column of a larger read (decision 498: a batch of confirmations reads its buyers' categories
 * at their purchases' settlements in the read of the purchases): true when the member was sophisticated at `at`.
 */
export function sophisticatedAtColumn(memberId: SQLWrapper, at: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${sophisticationRequests} where ${sophisticatedAt(memberId, at)})`;
}

/** The rule of both: an approved request decided by `at` and still valid at it. */
function sophisticatedAt(memberId: SQLWrapper | string, at: SQLWrapper | Date): SQL {
  return and(
    eq(sophisticationRequests.userId, memberId),
    eq(sophisticationRequests.state, 'approved'),
    lte(sophisticationRequests.decidedAt, at),
    gt(sophisticationRequests.validUntil, at),
  ) as SQL;
}
