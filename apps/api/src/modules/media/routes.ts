import type { FastifyInstance } from 'fastify';
import { isValidStorageKey } from '../../adapters/storage/storage';
import type { AppContext } from '../../context';
import { failureBody } from '../../http/errors';

/**
 * GET /media/<key>: uploaded media from the storage. Keys are random (avatars/<uuid>.webp) and never
 * reused, so they are cached for a year. Anything that is not a valid key answers 404 without touching
 * the disk, so no path can leave the media folder.
 */
export function mediaRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    const object = isValidStorageKey(key) ? await ctx.storage.get(key) : undefined;
    if (!object) return reply.status(404).send(failureBody(404, 'NotFound'));
    return reply
      .header('content-type', object.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .header('cross-origin-resource-policy', 'same-site')
      .send(object.bytes);
  });
}
