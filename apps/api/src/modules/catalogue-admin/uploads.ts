import { randomUUID } from 'node:crypto';
import type { MessageKey } from '@parcelle/shared';
import type { FastifyRequest } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../http/errors';
import { sniffImage } from '../account/profile-image';

/** Artwork images and documents: at most 20 MiB each. */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** Longest side of a stored artwork image (renditions are made from it on demand, media/renditions.ts). */
export const ARTWORK_MAX_SIDE = 2560;
const MAX_INPUT_PIXELS = 100_000_000;

/**
 * Reads the one file part named `field` of a multipart request. Too large → 413 `tooLarge`; missing, empty or not
 * multipart → 400 `required`.
 */
export async function readFilePart(
  request: FastifyRequest,
  field: string,
  keys: { required: MessageKey; tooLarge: MessageKey },
): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(keys.required, field);
  try {
    for await (const part of request.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field) {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      if (bytes.length === 0) throw badRequest(keys.required, field);
      return bytes;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, keys.tooLarge, field);
    throw badRequest(keys.required, field);
  }
  throw badRequest(keys.required, field);
}

/**
 * An uploaded image checked by its content (magic bytes and a decoder that agrees), turned upright, stripped of
 * metadata and stored as WebP (at most 2560 px); `GET /media/<key>?w=` then serves the renditions, as for avatars.
 */
export async function storeImage(ctx: AppContext, bytes: Buffer, folder: string, maxSide = ARTWORK_MAX_SIDE) {
  const kind = sniffImage(bytes);
  if (!kind) throw badRequest('ImageTypeNotAllowed', 'image');
  let webp: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
    const { format } = await image.metadata();
    if (format !== kind) throw badRequest('ImageTypeNotAllowed', 'image');
    webp = await image
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest('ImageInvalid', 'image');
  }
  const key = `${folder}/${randomUUID()}.webp`;
  await ctx.storage.put(key, webp, 'image/webp');
  return key;
}

/**
 * An uploaded PDF checked by its content: it starts with `%PDF-` and pdf-lib parses it into at least one page
 * (encrypted files are refused: members must be able to open them). Stored as given.
 */
export async function storePdf(ctx: AppContext, bytes: Buffer, folder: string): Promise<string> {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw badRequest('DocumentNotPdf', 'file');
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    if (pdf.getPageCount() < 1) throw badRequest('DocumentNotPdf', 'file');
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest('DocumentNotPdf', 'file');
  }
  const key = `${folder}/${randomUUID()}.pdf`;
  await ctx.storage.put(key, bytes, 'application/pdf');
  return key;
}
