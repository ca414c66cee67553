import {
  requiredDocuments,
  type TVerificationDeclaration,
  type VerificationDocumentKind,
  type VerificationMissingItem,
  ZVerificationDeclaration,
} from '@parcelle/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { verificationDocuments } from '../../db/schema';
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
