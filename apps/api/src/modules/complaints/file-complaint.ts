import { randomUUID } from 'node:crypto';
import {
  type ComplaintCategory,
  complaintDeadlines,
  complaintReference,
  type Language,
  parisDay,
  type TComplaintReceipt,
} from '@parcelle/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Member } from '../../http/authenticate';
import { EMAIL_JOB } from '../notifications/delivery-jobs';
import { complaintOperatorCopyEmail, complaintReceiptEmail } from './emails';
import { complaintEvents, complaints } from './schema';

/** Who files: a signed-in member (their own name, address and language), or a visitor as they typed it. */
export type Complainant =
  | { kind: 'member'; member: Pick<Member, 'id' | 'email' | 'firstName' | 'lastName' | 'language'> }
  | { kind: 'visitor'; email: string; firstName: string; lastName: string; language: Language };

export type ComplaintInput = { category: ComplaintCategory; subject: string; body: string };

/** The member's page of their complaints (absolute, for emails). */
export const memberComplaintsLink = (ctx: AppContext) => `${ctx.config.publicUrl}/user/complaints`;

/**
 * Files a complaint and acknowledges it at once (issue 30), in one transaction: the complaint with its reference and
 * due days, its `received` event, the acknowledgement email to the complainant and the copy to the complaints
 * mailbox (both enqueued in the transaction: sent once it commits, never if it fails). Answers the on-screen receipt.
 */
export async function fileComplaint(
  ctx: AppContext,
  who: Complainant,
  input: ComplaintInput,
  now = new Date(),
): Promise<TComplaintReceipt> {
  const person =
    who.kind === 'member'
      ? {
          userId: who.member.id,
          email: who.member.email,
          name: `${who.member.firstName} ${who.member.lastName}`,
          firstName: who.member.firstName,
          language: who.member.language,
        }
      : {
          userId: null,
          email: who.email,
          name: `${who.firstName} ${who.lastName}`,
          firstName: who.firstName,
          language: who.language,
        };
  const due = complaintDeadlines(now);
  const contacts = ctx.config.complaints;
  return ctx.database.db.transaction(async (tx) => {
    // RC-<year of receipt, Paris>-<the sequence's next number>: complaintReference's shape, numbered by the database.
    const prefix = complaintReference(Number(parisDay(now).slice(0, 4)), 0).slice(0, -6);
    const [row] = await tx
      .insert(complaints)
      .values({
        reference: sql<string>`${prefix} || lpad(nextval('complaint_number_seq')::text, 6, '0')`,
        userId: person.userId,
        email: person.email,
        name: person.name,
        language: person.language,
        category: input.category,
        subject: input.subject,
        body: input.body,
        receivedAt: now,
        acknowledgeDueOn: due.acknowledge_due_on,
        answerDueOn: due.answer_due_on,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('complaint not written');
    const reference = row.reference;
    await tx.insert(complaintEvents).values({
      complaintId: row.id,
      kind: 'received',
      fromState: 'received',
      toState: 'received',
      actor: who.kind,
      actorId: person.userId,
      details: { acknowledgement_sent_to: person.email },
      createdAt: now,
    });
    const receipt = complaintReceiptEmail(person.language, {
      name: person.firstName,
      reference,
      subject: input.subject,
      receivedAt: now,
      acknowledgeDueOn: due.acknowledge_due_on,
      answerDueOn: due.answer_due_on,
      link: person.userId ? memberComplaintsLink(ctx) : null,
      contacts,
    });
    await ctx.jobs.sendIn(tx, EMAIL_JOB, { email: { to: person.email, ...receipt } }, { id: randomUUID() });
    const copy = complaintOperatorCopyEmail({
      reference,
      name: person.name,
      email: person.email,
      member: person.userId !== null,
      category: input.category,
      subject: input.subject,
      body: input.body,
      acknowledgeDueOn: due.acknowledge_due_on,
      answerDueOn: due.answer_due_on,
    });
    await ctx.jobs.sendIn(tx, EMAIL_JOB, { email: { to: contacts.email, ...copy } }, { id: randomUUID() });
    return {
      id: row.id,
      reference,
      received_at: now.toISOString(),
      acknowledge_due_on: due.acknowledge_due_on,
      answer_due_on: due.answer_due_on,
      email: person.email,
    };
  });
}
