import {
  EDITABLE_VERIFICATION_STATES,
  requiredDocuments,
  type TVerificationDeclaration,
  type VerificationDocumentKind,
  type VerificationMissingItem,
  VerificationState,
  ZVerificationDeclaration,
} from '@parcelle/shared';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { verificationDocuments, verificationEvents } from '../../db/schema';
import type { VerificationCase } from './state';

/** A document as listed (never its bytes). */
export type DocumentRow = Omit<typeof verificationDocuments.$inferSelect, 'contentEncrypted'>;

const documentColumns = {
  id: verificationDocuments.id,
  verificationId: verificationDocuments.verificationId,
  userId: verificationDocuments.userId,
  kind: verificationDocuments.kind,
  contentType: verificationDocuments.contentType,
  sizeBytes: verificationDocuments.sizeBytes,
  width: verificationDocuments.width,
  height: verificationDocuments.height,
  sha256: verificationDocuments.sha256,
  uploadedAt: verificationDocuments.uploadedAt,
  replacedAt: verificationDocuments.replacedAt,
};

/** Every document of a case, current ones and replaced ones, oldest first. */
export function documentsOf(db: Executor, caseId: string): Promise<DocumentRow[]> {
  return db
    .select(documentColumns)
    .from(verificationDocuments)
    .where(eq(verificationDocuments.verificationId, caseId))
    .orderBy(asc(verificationDocuments.uploadedAt), asc(verificationDocuments.id));
}

export function currentDocumentsOf(db: Executor, caseId: string): Promise<DocumentRow[]> {
  return db
    .select(documentColumns)
    .from(verificationDocuments)
    .where(and(eq(verificationDocuments.verificationId, caseId), isNull(verificationDocuments.replacedAt)))
    .orderBy(asc(verificationDocuments.uploadedAt));
}

export function documentData(row: DocumentRow) {
  return {
    id: row.id,
    kind: row.kind,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    uploaded_at: row.uploadedAt.toISOString(),
  };
}

/** The stored declaration, read back through its contract (null when none was saved, or it no longer parses). */
export function declarationOf(row: Pick<VerificationCase, 'declaration'> | undefined): TVerificationDeclaration | null {
  if (!row?.declaration) return null;
  const parsed = ZVerificationDeclaration.safeParse(row.declaration);
  return parsed.success ? parsed.data : null;
}

/** Whether the declared amount asks for the source of funds (VERIFICATION_SOURCE_OF_FUNDS_MINOR). */
export function needsSourceOfFunds(declaration: TVerificationDeclaration, thresholdMinor: number): boolean {
  return declaration.expected_yearly_investment_minor >= thresholdMinor;
}

/** What the member must still give before submitting. */
export function missingItems(
  declaration: TVerificationDeclaration | null,
  documents: readonly Pick<DocumentRow, 'kind'>[],
  sourceOfFundsThresholdMinor: number,
): VerificationMissingItem[] {
  const missing: VerificationMissingItem[] = [];
  if (!declaration) missing.push('declared_data');
  else if (needsSourceOfFunds(declaration, sourceOfFundsThresholdMinor) && !declaration.source_of_funds) {
    missing.push('source_of_funds');
  }
  const present = new Set<VerificationDocumentKind>(documents.map((document) => document.kind));
  for (const kind of requiredDocuments(declaration?.identity_document_type ?? null)) {
    if (!present.has(kind)) missing.push(kind);
  }
  return missing;
}

/** The decisions a member is told of (the last one is shown on their page). */
const DECISION_STATES: VerificationState[] = [
  VerificationState.Approved,
  VerificationState.Rejected,
  VerificationState.ResubmissionRequested,
  VerificationState.Suspended,
  VerificationState.Closed,
];

export type DecisionEvent = typeof verificationEvents.$inferSelect;

/** The last decision on a case (a move into a decided state), or undefined. */
export async function lastDecisionOf(db: Executor, caseId: string): Promise<DecisionEvent | undefined> {
  const [decision] = await db
    .select()
    .from(verificationEvents)
    .where(
      and(
        eq(verificationEvents.verificationId, caseId),
        inArray(verificationEvents.toState, DECISION_STATES),
        // Moves only: a first approval or a retention note (from a state to the same) is not a decision.
        sql`${verificationEvents.fromState} <> ${verificationEvents.toState}`,
      ),
    )
    .orderBy(desc(verificationEvents.seq))
    .limit(1);
  return decision;
}

/**
 * The documents a request for new ones asked for that the member has not sent again since (decision 411): while the
 * case is editable and its last decision is that request, each kind asked (among those the declared identity document
 * still uses) without a current document uploaded after the request. The case is sent back only once this is empty.
 */
export function documentsToResend(
  state: VerificationState,
  decision: Pick<DecisionEvent, 'toState' | 'documentKinds' | 'createdAt'> | undefined,
  declaration: TVerificationDeclaration | null,
  documents: readonly Pick<DocumentRow, 'kind' | 'uploadedAt'>[],
): VerificationDocumentKind[] {
  if (!EDITABLE_VERIFICATION_STATES.includes(state)) return [];
  if (decision?.toState !== VerificationState.ResubmissionRequested) return [];
  const used = requiredDocuments(declaration?.identity_document_type ?? null);
  const sent = new Set(
    documents.filter((document) => document.uploadedAt > decision.createdAt).map((document) => document.kind),
  );
  return decision.documentKinds.filter((kind) => used.includes(kind) && !sent.has(kind));
}
