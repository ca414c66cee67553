import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isValidStorageKey } from '../../adapters/storage/storage';
import type { AppContext } from '../../context';
import { failureBody } from '../../http/errors';
import { isRenditionFormat, isRenditionWidth, rendition } from './renditions';

/** Originals: keys are never reused for other content, so they are cached for a year. */
const ORIGINAL_CACHE = 'public, max-age=31536000, immutable';
/**
 * Renditions are made by the server and may be made again differently (another quality, another format) under the
 * same URL: cached for a week, then revalidated with their ETag (a 304 costs no bytes).
 */
const RENDITION_CACHE = 'public, max-age=604800, stale-while-revalidate=86400';

/** A strong validator from the bytes themselves, so a changed rendition never matches an old one. */
export function entityTag(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

/** RFC 9110 §13.1.2: If-None-Match matches with the weak comparison; `*` matches any current representation. */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === etag);
}

/**
 * GET /media/<key>[?w=<width>[&f=webp|avif]]: stored media (avatars, artworks, documents). Anything that is not a valid key
 * answers 404 without touching the disk, so no path can leave the media folder. `w` asks for a narrower copy of an
 * image (one of RENDITION_WIDTHS; any other value is a 404, like an unknown file). Every answer carries an ETag and
 * a request that already holds it gets a 304. `f` picks the rendition's format (WebP by default); it is
 * only meaningful with `w`, and an unknown format is a 404.
 */
export function mediaRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    const widthText = (request.query as { w?: unknown }).w;
    const width = typeof widthText === 'string' && /^\d{1,5}$/.test(widthText) ? Number(widthText) : undefined;
    const widthOk = widthText === undefined || (width !== undefined && isRenditionWidth(width));
    const formatText = (request.query as { f?: unknown }).f;
    const formatOk = formatText === undefined || (widthText !== undefined && isRenditionFormat(formatText));
    const original = widthOk && formatOk && isValidStorageKey(key) ? await ctx.storage.get(key) : undefined;
    if (!original) return reply.status(404).send(failureBody(404, 'NotFound'));
    const resized = width !== undefined && isRenditionWidth(width);
    const format = isRenditionFormat(formatText) ? formatText : 'webp';
    const object = resized ? await rendition(ctx.storage, original, key, width, format) : original;
    const etag = entityTag(object.bytes);
    reply
      .header('etag', etag)
      .header('cache-control', resized ? RENDITION_CACHE : ORIGINAL_CACHE)
      .header('cross-origin-resource-policy', 'same-site');
    if (noneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.header('content-type', object.contentType).header('content-disposition', 'inline').send(object.bytes);
  });
}
