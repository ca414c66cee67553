import { randomUUID } from 'node:crypto';
import {
  EDITABLE_VERIFICATION_STATES,
  mayMoveMoney,
  type TVerificationDeclaration,
  type TVerificationStatus,
  VerificationState,
  ZVerificationDocumentKind,
} from '@parcelle/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { verificationDocuments, verifications } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { badRequest, conflict } from '../../http/errors';
import {
  currentDocumentsOf,
  declarationOf,
  documentData,
  documentsToResend,
  lastDecisionOf,
  missingItems,
} from './case-data';
import { checkDocument, sealDocument } from './documents';
import { providerStateOf } from './providers/provider-flow';
import { lockCaseOfMember, transition, type VerificationCase } from './state';

/** GET /user/verification: the member's state, what they declared and sent, and what is missing. */
export async function verificationStatus(ctx: AppContext, member: Pick<Member, 'id'>): Promise<TVerificationStatus> {
  const db = ctx.database.db;
  const [row] = await db.select().from(verifications).where(eq(verifications.userId, member.id));
  const state = row?.state ?? VerificationState.NotStarted;
  const declaration = declarationOf(row);
  const documents = row ? await currentDocumentsOf(db, row.id) : [];
  const missing = missingItems(declaration, documents, ctx.config.verification.sourceOfFundsMinor);
  const editable = EDITABLE_VERIFICATION_STATES.includes(state);
  const decision = row ? await lastDecisionOf(db, row.id) : undefined;
  const toResend = documentsToResend(state, decision, declaration, documents);
  return {
    state,
    verified: mayMoveMoney(state),
    declaration,
    documents: documents.map(documentData),
    missing,
    can_edit: editable,
    can_submit: editable && missing.length === 0 && toResend.length === 0,
    source_of_funds_threshold_minor: ctx.config.verification.sourceOfFundsMinor,
    submitted_at: row?.submittedAt?.toISOString() ?? null,
    last_decision: decision
      ? {
          state: decision.toState,
          reason_code: decision.reasonCode,
          message: decision.message,
          document_kinds: decision.documentKinds,
          at: decision.createdAt.toISOString(),
        }
      : null,
    documents_to_resend: toResend,
    provider: await providerStateOf(ctx, row?.id ?? null, state),
  };
}

/**
 * Locks the member's case for a change by the member: refused once submitted (409); a case not started, or sent back
 * for more, moves to collecting first (its event says who and why).
 */
async function openForEditing(tx: Executor, memberId: string): Promise<VerificationCase> {
  const locked = await lockCaseOfMember(tx, memberId);
  if (!EDITABLE_VERIFICATION_STATES.includes(locked.state)) throw conflict('VerificationNotEditable');
  if (locked.state === VerificationState.Collecting) return locked;
  const reason = locked.state === VerificationState.NotStarted ? 'member_started' : 'member_resumed';
  return transition(tx, locked, {
    to: VerificationState.Collecting,
    actor: { kind: 'member', id: memberId },
    reason,
  });
}

/** PUT /user/verification: saves the declared data (whole). */
export async function saveDeclaration(
  ctx: AppContext,
  member: Pick<Member, 'id'>,
  declaration: TVerificationDeclaration,
): Promise<TVerificationStatus> {
  await ctx.database.db.transaction(async (tx) => {
    const locked = await openForEditing(tx, member.id);
    await tx
      .update(verifications)
      .set({ declaration, declaredAt: new Date(), updatedAt: new Date() })
      .where(eq(verifications.id, locked.id));
  });
  return verificationStatus(ctx, member);
}

/**
 * POST /user/verification/documents: checks the file by its content, encrypts it (bound to the member and the
 * document's id) and stores it; a document of the same kind sent before is kept, marked replaced.
 */
export async function addDocument(
  ctx: AppContext,
  member: Pick<Member, 'id'>,
  upload: { bytes: Buffer; kind: string | undefined },
): Promise<TVerificationStatus> {
  const kind = ZVerificationDocumentKind.safeParse(upload.kind);
  if (!kind.success) throw badRequest('VerificationDocumentKindInvalid', 'kind');
  const checked = await checkDocument(upload.bytes);
  const id = randomUUID();
  const sealed = sealDocument(ctx.config.serverSecret, member.id, id, checked.bytes);
  await ctx.database.db.transaction(async (tx) => {
    const locked = await openForEditing(tx, member.id);
    const now = new Date();
    await tx
      .update(verificationDocuments)
      .set({ replacedAt: now })
      .where(
        and(
          eq(verificationDocuments.verificationId, locked.id),
          eq(verificationDocuments.kind, kind.data),
          isNull(verificationDocuments.replacedAt),
        ),
      );
    await tx.insert(verificationDocuments).values({
      id,
      verificationId: locked.id,
      userId: member.id,
      kind: kind.data,
      contentType: checked.contentType,
      sizeBytes: checked.bytes.length,
      width: checked.width,
      height: checked.height,
      sha256: checked.sha256,
      contentEncrypted: sealed,
      uploadedAt: now,
    });
    await tx.update(verifications).set({ updatedAt: now }).where(eq(verifications.id, locked.id));
  });
  return verificationStatus(ctx, member);
}
