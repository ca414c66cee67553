import type { RiskLevel, TAdminSort, TAdminVerificationCase, VerificationState } from '@parcelle/shared';
import { and, asc, count, eq, ilike, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { users, verificationDocuments, verificationEvents, verifications } from '../../db/schema';
import { sortedBy } from '../../db/sort';
import type { Member } from '../../http/authenticate';
import { notFound } from '../../http/errors';
import { audit } from '../admin/audit';
import { operatorEmails } from '../admin/operator-emails';
import { declarationOf, documentData, documentsOf } from './case-data';
import { openDocument } from './documents';
import { caseHits } from './sanctions-hits';

/** The compliance console's reads (issue 29): the queue, a case, and a document (decrypted, every view audited). */

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

export type QueueQuery = {
  state?: VerificationState | undefined;
  risk?: RiskLevel | undefined;
  awaiting_second_approval?: 'true' | 'false' | undefined;
  older_than_days?: number | undefined;
  q?: string | undefined;
  limit: number;
  offset: number;
} & TAdminSort<'verifications'>;

function ageDays(submittedAt: Date | null, now: Date): number | null {
  return submittedAt ? Math.floor((now.getTime() - submittedAt.getTime()) / DAY_MS) : null;
}

type Row = {
  case: typeof verifications.$inferSelect;
  email: string;
  firstName: string;
  lastName: string;
  language: 'en' | 'fr';
};

function rowData(row: Row, now: Date) {
  return {
    id: row.case.id,
    member: {
      id: row.case.userId,
      email: row.email,
      name: `${row.firstName} ${row.lastName}`,
      language: row.language,
    },
    state: row.case.state,
    risk: row.case.riskLevel,
    submitted_at: row.case.submittedAt?.toISOString() ?? null,
    updated_at: row.case.updatedAt.toISOString(),
    age_days: ageDays(row.case.submittedAt, now),
    first_approved_by: row.case.firstApprovedBy,
  };
}

const rowColumns = {
  case: verifications,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  language: users.language,
};

/** GET /admin/verifications: filtered, sorted and paged in the database. */
export async function listVerifications(db: Executor, query: QueueQuery, now = new Date()) {
  const conditions: (SQL | undefined)[] = [
    query.state ? eq(verifications.state, query.state) : undefined,
    query.risk ? eq(verifications.riskLevel, query.risk) : undefined,
    query.awaiting_second_approval === 'true'
      ? and(isNotNull(verifications.firstApprovedBy), isNull(verifications.approvedBy))
      : undefined,
    query.awaiting_second_approval === 'false' ? isNull(verifications.firstApprovedBy) : undefined,
    query.older_than_days !== undefined
      ? lte(verifications.submittedAt, new Date(now.getTime() - query.older_than_days * DAY_MS))
      : undefined,
  ];
  if (query.q) {
    const pattern = `%${likeEscaped(query.q)}%`;
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        UUID.test(query.q) ? or(eq(users.id, query.q), eq(verifications.id, query.q)) : undefined,
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(verifications)
      .innerJoin(users, eq(users.id, verifications.userId))
      .where(where)
      .orderBy(
        ...sortedBy(
          query,
          {
            submitted_at: verifications.submittedAt,
            updated_at: verifications.updatedAt,
            state: verifications.state,
            risk: verifications.riskLevel,
            member: [users.lastName, users.firstName],
          },
          verifications.id,
        ),
      )
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(verifications).innerJoin(users, eq(users.id, verifications.userId)).where(where),
  ]);
  return { verifications: rows.map((row) => rowData(row, now)), total: total?.total ?? 0 };
}

/** The history of a case, oldest first, with the operators' emails. */
export async function historyOf(db: Executor, caseId: string) {
  const events = await db
    .select()
    .from(verificationEvents)
    .where(eq(verificationEvents.verificationId, caseId))
    .orderBy(asc(verificationEvents.seq));
  const emailOf = await operatorEmails(
    db,
    events.map((event) => event.actorId),
  );
  return events.map((event) => ({
    id: event.id,
    from_state: event.fromState,
    to_state: event.toState,
    actor: event.actor,
    actor_id: event.actorId,
    actor_email: emailOf(event.actorId),
    reason_code: event.reasonCode as never,
    message: event.message,
    document_kinds: event.documentKinds,
    at: event.createdAt.toISOString(),
  }));
}

/** GET /admin/verifications/:id. */
export async function verificationCase(
  db: Executor,
  caseId: string,
  now = new Date(),
): Promise<TAdminVerificationCase> {
  const [row] = await db
    .select(rowColumns)
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.userId))
    .where(eq(verifications.id, caseId));
  if (!row) throw notFound();
  const documents = await documentsOf(db, caseId);
  const assessment =
    row.case.riskLevel && row.case.riskRuleVersion
      ? { level: row.case.riskLevel, rule_version: row.case.riskRuleVersion, reasons: row.case.riskReasons ?? [] }
      : null;
  return {
    ...rowData(row, now),
    declaration: declarationOf(row.case),
    risk_assessment: assessment,
    documents: documents.filter((document) => !document.replacedAt).map(documentData),
    replaced_documents: documents.filter((document) => document.replacedAt).map(documentData),
    history: await historyOf(db, caseId),
    awaiting_second_approval: row.case.firstApprovedBy !== null && row.case.approvedBy === null,
    sanctions_hits: await caseHits(db, row.case.userId),
  };
}

/**
 * GET /admin/verifications/:id/documents/:docId (compliance only): the decrypted file. The view is written to the audit
 * log in its own committed transaction before a byte is sent, so no view goes unrecorded.
 */
export async function viewDocument(
  ctx: AppContext,
  operator: Pick<Member, 'id'>,
  caseId: string,
  documentId: string,
): Promise<{ bytes: Buffer; contentType: string; kind: string }> {
  const db = ctx.database.db;
  const [document] = await db
    .select()
    .from(verificationDocuments)
    .where(and(eq(verificationDocuments.id, documentId), eq(verificationDocuments.verificationId, caseId)));
  if (!document) throw notFound();
  const bytes = openDocument(ctx.config.serverSecret, document.userId, document.id, document.contentEncrypted);
  await db.transaction((tx) =>
    audit(tx, {
      actorId: operator.id,
      action: 'verification.document_view',
      targetType: 'verification',
      targetId: caseId,
      details: { document_id: document.id, kind: document.kind, sha256: document.sha256 },
    }),
  );
  return { bytes, contentType: document.contentType, kind: document.kind };
}
