import {
  type ComplaintState,
  isPastDue,
  parisDay,
  type TAdminComplaint,
  type TAdminComplaintRow,
  type TAdminSort,
  type TMemberComplaint,
} from '@parcelle/shared';
import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sortedBy } from '../../db/sort';
import { notFound } from '../../http/errors';
import { operatorEmails } from '../admin/operator-emails';
import { complaintEvents, complaints } from './schema';

/** The reads of complaints (issue 30): the member's own, the console's queue and one case. */

type Complaint = typeof complaints.$inferSelect;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
const iso = (at: Date | null) => at?.toISOString() ?? null;

/** Whether the acknowledgement is late: neither acknowledged nor answered, and its day has passed. */
export const acknowledgeOverdue = (c: Complaint, now: Date) =>
  c.acknowledgedAt === null && c.answeredAt === null && isPastDue(c.acknowledgeDueOn, now);
/** Whether the answer is late: not answered, and its day has passed. */
export const answerOverdue = (c: Complaint, now: Date) => c.answeredAt === null && isPastDue(c.answerDueOn, now);

/** GET /user/complaints: the member's complaints, newest first, with what was sent to them (never the notes). */
export async function memberComplaints(db: Executor, memberId: string): Promise<TMemberComplaint[]> {
  const rows = await db
    .select()
    .from(complaints)
    .where(eq(complaints.userId, memberId))
    .orderBy(desc(complaints.receivedAt), desc(complaints.id));
  const events =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(complaintEvents)
          .where(
            inArray(
              complaintEvents.complaintId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(complaintEvents.seq));
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    category: row.category as TMemberComplaint['category'],
    subject: row.subject,
    body: row.body,
    state: row.state,
    outcome: row.outcome,
    received_at: row.receivedAt.toISOString(),
    acknowledge_due_on: row.acknowledgeDueOn,
    answer_due_on: row.answerDueOn,
    answered_at: iso(row.answeredAt),
    events: events
      .filter((event) => event.complaintId === row.id && event.kind !== 'note' && event.kind !== 'escalated')
      .map((event) => ({
        kind: event.kind,
        to_state: event.toState,
        message: event.message,
        at: event.createdAt.toISOString(),
      })),
  }));
}

function rowData(c: Complaint, now: Date): TAdminComplaintRow {
  return {
    id: c.id,
    reference: c.reference,
    state: c.state,
    category: c.category as TAdminComplaintRow['category'],
    subject: c.subject,
    complainant: { member_id: c.userId, name: c.name, email: c.email, language: c.language },
    received_at: c.receivedAt.toISOString(),
    acknowledged_at: iso(c.acknowledgedAt),
    answered_at: iso(c.answeredAt),
    acknowledge_due_on: c.acknowledgeDueOn,
    answer_due_on: c.answerDueOn,
    acknowledge_overdue: acknowledgeOverdue(c, now),
    answer_overdue: answerOverdue(c, now),
    outcome: c.outcome,
  };
}

export type ComplaintsQuery = {
  state?: ComplaintState | undefined;
  overdue?: 'true' | 'false' | undefined;
  q?: string | undefined;
  limit: number;
  offset: number;
} & TAdminSort<'complaints'>;

/** The SQL twin of acknowledgeOverdue || answerOverdue at `now`. */
function overdueSql(now: Date): SQL | undefined {
  const today = parisDay(now);
  return or(
    and(isNull(complaints.acknowledgedAt), isNull(complaints.answeredAt), lt(complaints.acknowledgeDueOn, today)),
    and(isNull(complaints.answeredAt), lt(complaints.answerDueOn, today)),
  );
}

/** GET /admin/complaints: filtered, sorted (oldest first by default: the queue's order) and paged in the database. */
export async function listComplaints(db: Executor, query: ComplaintsQuery, now = new Date()) {
  const conditions: (SQL | undefined)[] = [
    query.state ? eq(complaints.state, query.state) : undefined,
    query.overdue === 'true' ? overdueSql(now) : undefined,
    query.overdue === 'false' ? sql`NOT (${overdueSql(now)})` : undefined,
  ];
  if (query.q) {
    const pattern = `%${likeEscaped(query.q)}%`;
    conditions.push(
      or(
        ilike(complaints.reference, pattern),
        ilike(complaints.email, pattern),
        ilike(complaints.name, pattern),
        ilike(complaints.subject, pattern),
        UUID.test(query.q) ? or(eq(complaints.id, query.q), eq(complaints.userId, query.q)) : undefined,
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(complaints)
      .where(where)
      .orderBy(
        ...sortedBy(
          query,
          {
            received_at: complaints.receivedAt,
            acknowledge_due_on: complaints.acknowledgeDueOn,
            answer_due_on: complaints.answerDueOn,
            state: complaints.state,
            reference: complaints.reference,
          },
          complaints.id,
        ),
      )
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(complaints).where(where),
  ]);
  return { complaints: rows.map((row) => rowData(row, now)), total: total?.total ?? 0 };
}

/** GET /admin/complaints/:id: the case with its whole history (notes included), oldest first. */
export async function complaintCase(db: Executor, id: string, now = new Date()): Promise<TAdminComplaint> {
  if (!UUID.test(id)) throw notFound();
  const [row] = await db.select().from(complaints).where(eq(complaints.id, id));
  if (!row) throw notFound();
  const events = await db
    .select()
    .from(complaintEvents)
    .where(eq(complaintEvents.complaintId, id))
    .orderBy(asc(complaintEvents.seq));
  const emailOf = await operatorEmails(
    db,
    events.map((event) => event.actorId),
  );
  return {
    ...rowData(row, now),
    body: row.body,
    events: events.map((event) => ({
      id: event.id,
      kind: event.kind,
      from_state: event.fromState,
      to_state: event.toState,
      actor: event.actor,
      actor_email: event.actor === 'operator' ? emailOf(event.actorId) : null,
      message: event.message,
      note: event.note,
      outcome: event.outcome,
      at: event.createdAt.toISOString(),
    })),
  };
}
