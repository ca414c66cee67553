import sharp, { type Sharp } from 'sharp';
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

/**
 * Formats of a rendition (`?f=`): WebP by default, AVIF when asked (about a fifth smaller again for paintings, at a
 * higher encoding cost, paid once). Browsers pick through `<picture><source type=…>`.
 */
export const RENDITION_FORMATS = ['webp', 'avif'] as const;
export type RenditionFormat = (typeof RENDITION_FORMATS)[number];

export function isRenditionFormat(value: unknown): value is RenditionFormat {
  return (RENDITION_FORMATS as readonly unknown[]).includes(value);
}

/**
 * WebP renditions keep the place they had before AVIF existed, so none is made twice. An AVIF one ends in `.avif` (the
 * storage reads the type from the extension, one per key): `artworks/a/cover.webp` → `renditions/avif/w640/artworks/a/
 * cover-webp.avif`, the original's extension kept in the name so that cover.png and cover.webp stay apart.
 */
export function renditionKey(key: string, width: RenditionWidth, format: RenditionFormat = 'webp'): string {
  if (format === 'webp') return `renditions/w${width}/${key}`;
  const dot = key.lastIndexOf('.');
  return `renditions/${format}/w${width}/${key.slice(0, dot)}-${key.slice(dot + 1)}.${format}`;
}

/** Encoders: AVIF at a modest effort, so that a first request on a small server answers in about a second. */
function encode(image: Sharp, format: RenditionFormat): Sharp {
  return format === 'avif' ? image.avif({ quality: 55, effort: 2 }) : image.webp({ quality: 82 });
}

const RESIZABLE = new Set(['image/webp', 'image/png', 'image/jpeg']);

/** Keeps concurrent first requests for the same rendition from rendering it twice. */
const inFlight = new Map<string, Promise<StoredObject>>();

export async function rendition(
  storage: Storage,
  original: StoredObject,
  key: string,
  width: RenditionWidth,
  format: RenditionFormat = 'webp',
): Promise<StoredObject> {
  if (!RESIZABLE.has(original.contentType)) return original;
  const target = renditionKey(key, width, format);
  const stored = await storage.get(target);
  if (stored) return stored;
  let pending = inFlight.get(target);
  if (!pending) {
    pending = (async () => {
      const resized = sharp(original.bytes).resize({ width, withoutEnlargement: true });
      const bytes = await encode(resized, format).toBuffer();
      const contentType = `image/${format}`;
      await storage.put(target, bytes, contentType);
      return { bytes, contentType };
    })().finally(() => inFlight.delete(target));
    inFlight.set(target, pending);
  }
  return pending;
}
