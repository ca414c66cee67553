import { randomUUID } from 'node:crypto';
import { SOPHISTICATION_MAX_DOCUMENTS, type TSophisticationDocument } from '@parcelle/shared';
import { and, asc, count, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError, notFound } from '../../http/errors';
import { audit } from '../admin/audit';
import { checkDocument, openDocument, sealDocument } from '../verification/documents';
import { RETENTION_YEARS } from '../verification/retention';
import { sophisticationDocuments, sophisticationRequests } from './schema';

/**
 * The evidence of a sophistication request (Annex II of Regulation (EU) 2020/1503; decision 328). The files go through
 * the identity documents' own path (verification/documents.ts): checked by their content (JPEG, PNG or PDF, 10 MB, an
 * image large enough to read), sealed with the same key and bound to the member and the document's id, kept in the
 * database, never at a public address. The member who sent them and compliance read them back; nobody else.
 */

type DocumentRow = typeof sophisticationDocuments.$inferSelect;

const documentView = (row: Pick<DocumentRow, 'id' | 'contentType' | 'sizeBytes' | 'sha256' | 'uploadedAt'>) =>
  ({
    id: row.id,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    sha256: row.sha256,
    uploaded_at: row.uploadedAt.toISOString(),
  }) satisfies TSophisticationDocument;

/** The documents of each request asked (oldest first), without their bytes. */
export async function documentsOfRequests(
  db: Executor,
  requestIds: string[],
): Promise<Map<string, TSophisticationDocument[]>> {
  const byRequest = new Map<string, TSophisticationDocument[]>(requestIds.map((id) => [id, []]));
  if (requestIds.length === 0) return byRequest;
  const rows = await db
    .select({
      id: sophisticationDocuments.id,
      requestId: sophisticationDocuments.requestId,
      contentType: sophisticationDocuments.contentType,
      sizeBytes: sophisticationDocuments.sizeBytes,
      sha256: sophisticationDocuments.sha256,
      uploadedAt: sophisticationDocuments.uploadedAt,
    })
    .from(sophisticationDocuments)
    .where(inArray(sophisticationDocuments.requestId, requestIds))
    .orderBy(asc(sophisticationDocuments.uploadedAt), asc(sophisticationDocuments.id));
  for (const row of rows) byRequest.get(row.requestId)?.push(documentView(row));
  return byRequest;
}

/**
 * POST /user/investor/sophistication/:id/documents: attaches one checked, sealed file to the member's own request
 * while it waits for a decision. Another member's request answers 404 like an unknown one; a decided request 409
 * (the operator decided on what was there); more than SOPHISTICATION_MAX_DOCUMENTS 409. The request's row is locked
 * so the count and the decision cannot race.
 */
export async function attachEvidence(
  ctx: AppContext,
  memberId: string,
  requestId: string,
  upload: { bytes: Buffer },
): Promise<TSophisticationDocument> {
  const checked = await checkDocument(upload.bytes);
  const id = randomUUID();
  const sealed = sealDocument(ctx.config.serverSecret, memberId, id, checked.bytes);
  return ctx.database.db.transaction(async (tx) => {
    const [request] = await tx
      .select({ state: sophisticationRequests.state })
      .from(sophisticationRequests)
      .where(and(eq(sophisticationRequests.id, requestId), eq(sophisticationRequests.userId, memberId)))
      .for('update');
    if (!request) throw notFound('SophisticationRequestNotFound');
    if (request.state !== 'pending') throw new AppError(409, 'SophisticationAlreadyDecided');
    const [attached] = await tx
      .select({ n: count() })
      .from(sophisticationDocuments)
      .where(eq(sophisticationDocuments.requestId, requestId));
    if ((attached?.n ?? 0) >= SOPHISTICATION_MAX_DOCUMENTS) throw new AppError(409, 'SophisticationDocumentsFull');
    const [row] = await tx
      .insert(sophisticationDocuments)
      .values({
        id,
        requestId,
        userId: memberId,
        contentType: checked.contentType,
        sizeBytes: checked.bytes.length,
        width: checked.width,
        height: checked.height,
        sha256: checked.sha256,
        contentEncrypted: sealed,
      })
      .returning();
    if (!row) throw new Error('evidence document not stored');
    return documentView(row);
  });
}

async function findDocument(db: Executor, requestId: string, documentId: string) {
  const [row] = await db
    .select()
    .from(sophisticationDocuments)
    .where(and(eq(sophisticationDocuments.id, documentId), eq(sophisticationDocuments.requestId, requestId)));
  return row;
}

export type OpenedEvidence = { bytes: Buffer; contentType: string; id: string };

/** GET /user/investor/sophistication/:id/documents/:docId: the member's own file; anyone else's is a 404. */
export async function openOwnEvidence(
  ctx: AppContext,
  memberId: string,
  requestId: string,
  documentId: string,
): Promise<OpenedEvidence> {
  const row = await findDocument(ctx.database.db, requestId, documentId);
  if (!row || row.userId !== memberId) throw notFound('NotFound');
  const bytes = openDocument(ctx.config.serverSecret, row.userId, row.id, row.contentEncrypted);
  return { bytes, contentType: row.contentType, id: row.id };
}

/**
 * GET /admin/investor/sophistication-requests/:id/documents/:docId (compliance, admin: roles.ts): the file, and an
 * audit-log entry naming it (`investor_evidence.document_view`), as for identity documents.
 */
export async function openEvidenceForOperator(
  ctx: AppContext,
  operator: Pick<Member, 'id'>,
  requestId: string,
  documentId: string,
): Promise<OpenedEvidence> {
  const db = ctx.database.db;
  const row = await findDocument(db, requestId, documentId);
  if (!row) throw notFound('NotFound');
  const bytes = openDocument(ctx.config.serverSecret, row.userId, row.id, row.contentEncrypted);
  await db.transaction((tx) =>
    audit(tx, {
      actorId: operator.id,
      action: 'investor_evidence.document_view',
      targetType: 'user',
      targetId: row.userId,
      details: { request_id: requestId, document_id: row.id, sha256: row.sha256 },
    }),
  );
  return { bytes, contentType: row.contentType, id: row.id };
}

/**
 * Retention (decision 329): the identity documents' rule (verification/retention.ts, RETENTION_YEARS after the
 * relationship ends with the account's closure) applied to the evidence files; the requests, their decisions and the
 * audit entries stay. Answers the number of files deleted.
 */
export async function sweepEvidenceDocuments(db: Executor, now: Date = new Date()): Promise<number> {
  const limit = new Date(now);
  limit.setUTCFullYear(limit.getUTCFullYear() - RETENTION_YEARS);
  const deleted = await db
    .delete(sophisticationDocuments)
    .where(
      inArray(
        sophisticationDocuments.userId,
        db.select({ id: users.id }).from(users).where(lte(users.disabledAt, limit)),
      ),
    )
    .returning({ id: sophisticationDocuments.id });
  return deleted.length;
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

/**
 * Answers a decrypted file with the identity documents' headers (verification/admin-routes.ts): shown inline, never
 * cached, its type not sniffed, and sandboxed, so a crafted PDF or image cannot run anything at the API's origin.
 */
export function sendEvidence(reply: FastifyReply, file: OpenedEvidence) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `inline; filename="evidence-${file.id}.${EXTENSIONS[file.contentType] ?? 'bin'}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
    .send(file.bytes);
}
