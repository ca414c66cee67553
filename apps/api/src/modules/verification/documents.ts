import { createHash } from 'node:crypto';
import { VERIFICATION_DOCUMENT_LIMITS, type VerificationDocumentKind } from '@parcelle/shared';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError, badRequest } from '../../http/errors';
import { decryptBytes, encryptBytes } from '../account/secrets';

/** The HKDF purpose of identity documents' key (account/secrets.ts): never the IBAN's key. */
export const DOCUMENT_PURPOSE = 'verification-document';

export type CheckedDocument = {
  bytes: Buffer;
  contentType: (typeof VERIFICATION_DOCUMENT_LIMITS.contentTypes)[number];
  width: number | null;
  height: number | null;
  sha256: string;
};

/**
 * Checks an uploaded document by its content (issue 29): the type is read from the bytes with `file-type` (the name and
 * the declared type are not trusted), only JPEG, PNG and PDF pass; an image must decode (50 megapixels at most) and be
 * large enough to read; a PDF must carry its header and end-of-file marker. Anything else is a 400.
 */
export async function checkDocument(bytes: Buffer): Promise<CheckedDocument> {
  const limits = VERIFICATION_DOCUMENT_LIMITS;
  if (bytes.length === 0) throw badRequest('VerificationDocumentRequired', 'file');
  if (bytes.length > limits.maxBytes) throw new AppError(413, 'VerificationDocumentTooLarge', 'file');
  const detected = await fileTypeFromBuffer(bytes);
  const contentType = limits.contentTypes.find((type) => type === detected?.mime);
  if (!contentType) throw badRequest('VerificationDocumentType', 'file');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (contentType === 'application/pdf') {
    // A PDF ends with its trailer's %%EOF (a few bytes of whitespace may follow).
    if (!bytes.subarray(Math.max(0, bytes.length - 1024)).includes('%%EOF')) {
      throw badRequest('VerificationDocumentInvalid', 'file');
    }
    return { bytes, contentType, width: null, height: null, sha256 };
  }
  let width: number;
  let height: number;
  try {
    const image = sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'error', animated: false });
    const metadata = await image.metadata();
    const expected = contentType === 'image/jpeg' ? 'jpeg' : 'png';
    if (metadata.format !== expected || !metadata.width || !metadata.height) {
      throw badRequest('VerificationDocumentInvalid', 'file');
    }
    // Decoded whole once: a truncated or corrupt file is refused now, not when a reviewer opens it.
    await image.resize(32, 32, { fit: 'inside' }).raw().toBuffer();
    // Upright dimensions (a phone photo turned by its EXIF orientation).
    const turned = (metadata.orientation ?? 1) >= 5;
    width = turned ? metadata.height : metadata.width;
    height = turned ? metadata.width : metadata.height;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest('VerificationDocumentInvalid', 'file');
  }
  if (Math.min(width, height) < limits.minShortSide || Math.max(width, height) < limits.minLongSide) {
    throw badRequest('VerificationDocumentTooSmall', 'file');
  }
  return { bytes, contentType, width, height, sha256 };
}

/** The associated data of a document's ciphertext: it opens only as this member's document of this id. */
const associated = (userId: string, documentId: string) => `${userId}:${documentId}`;

export function sealDocument(serverSecret: string, userId: string, documentId: string, bytes: Buffer): Buffer {
  return encryptBytes(serverSecret, DOCUMENT_PURPOSE, bytes, associated(userId, documentId));
}

export function openDocument(serverSecret: string, userId: string, documentId: string, sealed: Buffer): Buffer {
  return decryptBytes(serverSecret, DOCUMENT_PURPOSE, sealed, associated(userId, documentId));
}

/**
 * Reads the one file of a multipart upload and its `kind` field (POST /user/verification/documents), up to the
 * document limit: too large → 413, no file → 400.
 */
export async function readDocumentUpload(
  request: FastifyRequest,
): Promise<{ bytes: Buffer; kind: string | undefined }> {
  if (!request.isMultipart()) throw badRequest('VerificationDocumentRequired', 'file');
  let bytes: Buffer | undefined;
  let kind: string | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: VERIFICATION_DOCUMENT_LIMITS.maxBytes, files: 1, fields: 2, fieldSize: 64 },
    })) {
      if (part.type === 'field') {
        if (part.fieldname === 'kind' && typeof part.value === 'string') kind = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'VerificationDocumentTooLarge', 'file');
    }
    throw badRequest('VerificationDocumentRequired', 'file');
  }
  if (!bytes || bytes.length === 0) throw badRequest('VerificationDocumentRequired', 'file');
  return { bytes, kind };
}

export type { VerificationDocumentKind };
