import sharp from 'sharp';
import type { Storage, StoredObject } from '../../adapters/storage/storage';

/**
 * Smaller copies of stored images for responsive `srcset`s: `GET /media/<key>?w=640`. Only these widths
 * exist, so a crawler cannot make the server render (and store) an image per integer. A rendition is
 * made once, on first request, and stored beside the original under `renditions/w<width>/<key>`; it is
 * never larger than the original.
 */
export const RENDITION_WIDTHS = [320, 480, 640, 960, 1280] as const;
export type RenditionWidth = (typeof RENDITION_WIDTHS)[number];

export function isRenditionWidth(value: number): value is RenditionWidth {
  return (RENDITION_WIDTHS as readonly number[]).includes(value);
}

export const renditionKey = (key: string, width: RenditionWidth) => `renditions/w${width}/${key}`;

const RESIZABLE = new Set(['image/webp', 'image/png', 'image/jpeg']);

/** Keeps concurrent first requests for the same rendition from rendering it twice. */
const inFlight = new Map<string, Promise<StoredObject>>();

export async function rendition(
  storage: Storage,
  original: StoredObject,
  key: string,
  width: RenditionWidth,
): Promise<StoredObject> {
  if (!RESIZABLE.has(original.contentType)) return original;
  const target = renditionKey(key, width);
  const stored = await storage.get(target);
  if (stored) return stored;
  let pending = inFlight.get(target);
  if (!pending) {
    pending = (async () => {
      const bytes = await sharp(original.bytes)
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      await storage.put(target, bytes, 'image/webp');
      return { bytes, contentType: 'image/webp' };
    })().finally(() => inFlight.delete(target));
    inFlight.set(target, pending);
  }
  return pending;
}
