import type { MessageKey } from '@parcelle/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../http/errors';
import { UPLOAD_MAX_BYTES } from '../catalogue-admin/uploads';

/** Text fields beside the file: a few short values at most. */
const FIELD_MAX_BYTES = 4 * 1024;

/**
 * Reads one file part named `field` and the text fields beside it (a gallery picture and its titles, in one request,
 * so that a picture never exists without its titles). The same answers as readFilePart: too large → 413, missing →
 * 400 `required`.
 */
export async function readFileAndFields(
  request: FastifyRequest,
  field: string,
  keys: { required: MessageKey; tooLarge: MessageKey },
): Promise<{ bytes: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw badRequest(keys.required, field);
  const fields: Record<string, string> = {};
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: FIELD_MAX_BYTES },
    })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== field) {
        part.file.resume();
        continue;
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, keys.tooLarge, field);
    throw badRequest(keys.required, field);
  }
  if (!bytes || bytes.length === 0) throw badRequest(keys.required, field);
  return { bytes, fields };
}
