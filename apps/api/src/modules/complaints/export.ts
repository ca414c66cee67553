import { addDays, parisDay, parisMidnight, type TComplaintExportQuery } from '@parcelle/shared';
import { and, asc, gte, lt, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Member } from '../../http/authenticate';
import { csvDocument } from '../../http/csv';
import { audit } from '../admin/audit';
import { complaints } from './schema';

/** The columns of the regulator's register, in this order. */
export const EXPORT_COLUMNS = [
  'reference',
  'received_at',
  'channel',
  'complainant',
  'language',
  'category',
  'subject',
  'state',
  'acknowledge_due_on',
  'acknowledged_at',
  'acknowledged_in_time',
  'answer_due_on',
  'answered_at',
  'answered_in_time',
  'outcome',
  'closed_at',
] as const;

/** Whether a step was taken by its due day (Paris); blank while not taken. */
const inTime = (at: Date | null, dueOn: string) => (at === null ? '' : parisDay(at) <= dueOn ? 'yes' : 'no');

/**
 * GET /admin/complaints/export (issue 30): the register of complaints received in [from, to] (Paris days, both
 * included; everything when unset) as CSV for the regulator, oldest first: one row a complaint with its due days,
 * when each step was taken and whether in time, and the outcome. The complaint's text and the complainant's address
 * stay out (the case holds them). The export is written to the audit log in the same transaction that reads it.
 */
export async function exportComplaints(ctx: AppContext, operator: Member, query: TComplaintExportQuery) {
  return ctx.database.db.transaction(async (tx) => {
    const conditions: (SQL | undefined)[] = [
      query.from ? gte(complaints.receivedAt, parisMidnight(query.from)) : undefined,
      query.to ? lt(complaints.receivedAt, parisMidnight(addDays(query.to, 1))) : undefined,
    ];
    const rows = await tx
      .select()
      .from(complaints)
      .where(and(...conditions))
      .orderBy(asc(complaints.receivedAt), asc(complaints.id));
    const lines = rows.map((c) => {
      // A complaint answered within the acknowledgement's delay needed no separate acknowledgement (decision 351).
      const acknowledged = c.acknowledgedAt ?? c.answeredAt;
      return [
        c.reference,
        c.receivedAt.toISOString(),
        c.userId ? 'member' : 'visitor',
        c.name,
        c.language,
        c.category,
        c.subject,
        c.state,
        c.acknowledgeDueOn,
        acknowledged?.toISOString() ?? '',
        inTime(acknowledged, c.acknowledgeDueOn),
        c.answerDueOn,
        c.answeredAt?.toISOString() ?? '',
        inTime(c.answeredAt, c.answerDueOn),
        c.outcome ?? '',
        c.closedAt?.toISOString() ?? '',
      ];
    });
    await audit(tx, {
      actorId: operator.id,
      action: 'complaint.export',
      targetType: 'complaint',
      targetId: 'register',
      details: { from: query.from ?? null, to: query.to ?? null, count: rows.length },
    });
    return csvDocument([[...EXPORT_COLUMNS], ...lines]);
  });
}
