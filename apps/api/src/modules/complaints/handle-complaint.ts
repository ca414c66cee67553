import { randomUUID } from 'node:crypto';
import {
  COMPLAINT_TRANSITIONS,
  type ComplaintAction,
  type ComplaintOutcome,
  type ComplaintState,
} from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { Member } from '../../http/authenticate';
import { conflict, notFound } from '../../http/errors';
import { audit } from '../admin/audit';
import { EMAIL_JOB } from '../notifications/delivery-jobs';
import { complaintMessageEmail } from './emails';
import { memberComplaintsLink } from './file-complaint';
import { complaintEvents, complaints } from './schema';

/**
 * An operator's handling of a complaint (issue 30), each action one transaction under the complaint's row lock: the
 * state checked against COMPLAINT_TRANSITIONS (else 409 ComplaintWrongState), the row changed, the event appended
 * (the message sent, the internal note), the audit entry written, and the message emailed to the complainant in
 * their language (enqueued in the transaction). Escalating and notes are internal: nothing is sent.
 */

type Input = { message?: string | undefined; note?: string | undefined; outcome?: ComplaintOutcome | undefined };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function lockComplaint(tx: Executor, id: string) {
  if (!UUID.test(id)) throw notFound();
  const [row] = await tx.select().from(complaints).where(eq(complaints.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

export async function handleComplaint(
  ctx: AppContext,
  operator: Member,
  id: string,
  action: ComplaintAction,
  input: Input,
  now = new Date(),
): Promise<void> {
  const transition = COMPLAINT_TRANSITIONS[action];
  await ctx.database.db.transaction(async (tx) => {
    const before = await lockComplaint(tx, id);
    if (!(transition.from as readonly ComplaintState[]).includes(before.state)) throw conflict('ComplaintWrongState');
    const to: ComplaintState = transition.to;
    const outcome = action === 'answer' ? (input.outcome ?? null) : null;
    const changes = {
      state: to,
      updatedAt: now,
      ...(action === 'acknowledge' ? { acknowledgedAt: now } : {}),
      ...(action === 'answer' ? { answeredAt: now, outcome } : {}),
      ...(action === 'close' ? { closedAt: now } : {}),
    };
    await tx.update(complaints).set(changes).where(eq(complaints.id, id));
    const message = action === 'escalate' ? '' : (input.message ?? '');
    await tx.insert(complaintEvents).values({
      complaintId: id,
      kind: ({ acknowledge: 'acknowledged', escalate: 'escalated', answer: 'answered', close: 'closed' } as const)[
        action
      ],
      fromState: before.state,
      toState: to,
      actor: 'operator',
      actorId: operator.id,
      message,
      note: input.note ?? '',
      outcome,
      createdAt: now,
    });
    await audit(tx, {
      actorId: operator.id,
      action: `complaint.${action}`,
      targetType: 'complaint',
      targetId: id,
      details: { reference: before.reference, ...(outcome ? { outcome } : {}) },
      before: { state: before.state },
      after: { state: to, ...(outcome ? { outcome } : {}) },
    });
    if (message) {
      const email = complaintMessageEmail(before.language, {
        reference: before.reference,
        state: to,
        outcome,
        message,
        link: before.userId ? memberComplaintsLink(ctx) : null,
        contacts: ctx.config.complaints,
      });
      await ctx.jobs.sendIn(tx, EMAIL_JOB, { email: { to: before.email, ...email } }, { id: randomUUID() });
    }
  });
}

/** An internal note on a complaint in any state: appended to its history and audited; the complainant sees nothing. */
export async function noteComplaint(ctx: AppContext, operator: Member, id: string, note: string): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const row = await lockComplaint(tx, id);
    await tx.insert(complaintEvents).values({
      complaintId: id,
      kind: 'note',
      fromState: row.state,
      toState: row.state,
      actor: 'operator',
      actorId: operator.id,
      note,
    });
    await audit(tx, {
      actorId: operator.id,
      action: 'complaint.note',
      targetType: 'complaint',
      targetId: id,
      details: { reference: row.reference },
    });
  });
}
