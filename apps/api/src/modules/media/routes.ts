import type { FastifyInstance } from 'fastify';
import { isValidStorageKey } from '../../adapters/storage/storage';
import type { AppContext } from '../../context';
import { failureBody } from '../../http/errors';
import { isRenditionWidth, rendition } from './renditions';

/**
 * GET /media/<key>[?w=<width>]: stored media (avatars, artworks, documents). Keys are never reused for
 * other content, so answers are cached for a year. Anything that is not a valid key answers 404 without
 * touching the disk, so no path can leave the media folder. `w` asks for a narrower copy of an image
 * (one of RENDITION_WIDTHS; any other value is a 404, like an unknown file).
 */
export function mediaRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    const widthText = (request.query as { w?: unknown }).w;
    const width = typeof widthText === 'string' && /^\d{1,5}$/.test(widthText) ? Number(widthText) : undefined;
    const widthOk = widthText === undefined || (width !== undefined && isRenditionWidth(width));
    const original = widthOk && isValidStorageKey(key) ? await ctx.storage.get(key) : undefined;
    if (!original) return reply.status(404).send(failureBody(404, 'NotFound'));
    const object =
      width !== undefined && isRenditionWidth(width) ? await rendition(ctx.storage, original, key, width) : original;
    return reply
      .header('content-type', object.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .header('cross-origin-resource-policy', 'same-site')
      .send(object.bytes);
  });
}
