import { randomUUID } from 'node:crypto';
import type { TProfileImageData } from '@parcelle/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import type { Member } from '../../http/authenticate';
import { AppError, badRequest } from '../../http/errors';
import { imageUrlBase } from './profile';

/** Longest side of a stored profile picture. */
export const PROFILE_IMAGE_MAX_SIDE = 1024;
/** Decoding bombs: refuse images over 50 megapixels before decoding them. */
const MAX_INPUT_PIXELS = 50_000_000;

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** The image type from the file's first bytes; the name and declared type are not trusted. */
export function sniffImage(bytes: Buffer): ImageKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return undefined;
}

/**
 * Decodes and re-encodes to WebP: turned upright from its EXIF orientation, at most 1024 px on its
 * longest side, and without any metadata (EXIF, GPS, XMP, ICC are dropped by re-encoding).
 */
export async function reencodeImage(bytes: Buffer): Promise<Buffer> {
  const kind = sniffImage(bytes);
  if (!kind) throw badRequest('ImageTypeNotAllowed', 'image');
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
    const { format } = await image.metadata();
    // The decoder must agree with the magic bytes (a PNG header on something else is refused).
    if (format !== kind) throw badRequest('ImageTypeNotAllowed', 'image');
    return await image
      .rotate()
      .resize(PROFILE_IMAGE_MAX_SIDE, PROFILE_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest('ImageInvalid', 'image');
  }
}

/** Stores a new profile picture and removes the previous one. */
export async function setProfileImage(ctx: AppContext, member: Member, upload: Buffer): Promise<TProfileImageData> {
  const webp = await reencodeImage(upload);
  const key = `avatars/${randomUUID()}.webp`;
  await ctx.storage.put(key, webp, 'image/webp');
  let previous: string | null = null;
  try {
    previous = await ctx.database.db.transaction(async (tx) => {
      const [row] = await tx.select({ img: users.img }).from(users).where(eq(users.id, member.id)).for('update');
      await tx.update(users).set({ img: key }).where(eq(users.id, member.id));
      return row?.img ?? null;
    });
  } catch (error) {
    await ctx.storage.delete(key);
    throw error;
  }
  if (previous && previous !== key) await ctx.storage.delete(previous);
  return { img: key, base_url: imageUrlBase(ctx) };
}
