import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failureBody } from './errors';
import { webCacheControl } from './web';

/** The built operator console (apps/admin/dist), from the source tree or the bundled dist alike. */
export function findAdminDist(configured?: string): string | undefined {
  const isBuild = (dir: string) => existsSync(join(dir, 'index.html'));
  if (configured) return isBuild(configured) ? configured : undefined;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    for (const candidate of [join(dir, 'apps', 'admin', 'dist'), join(dir, 'admin', 'dist')]) {
      if (isBuild(candidate)) return candidate;
    }
    dir = dirname(dir);
  }
  return undefined;
}

/**
 * The console's own Content-Security-Policy (decision "operator console"): a client-only bundle with no inline
 * script, so scripts come from this origin alone, with no nonce and no 'unsafe-eval'; no third party at all; never
 * framed. Styles keep 'unsafe-inline' as the web app's do: Emotion (MUI) writes <style> elements at run time.
 */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Serves the console at /admin: its built files as they are (pre-compressed copies first, fingerprinted assets kept a
 * year, the rest revalidated, as for the web app), every other /admin path its index.html (client-side routes).
 * In its own plugin scope, so that its policy replaces the site's on these answers only and its `sendFile` is its own.
 */
export async function registerAdminApp(app: FastifyInstance, adminDist: string | undefined) {
  if (!adminDist) return;
  await app.register(async (scope) => {
    // After helmet's onRequest hook (registered on the parent): this policy wins on every /admin answer.
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('content-security-policy', ADMIN_CSP);
      reply.header('x-frame-options', 'DENY');
    });
    await scope.register(fastifyStatic, {
      root: adminDist,
      prefix: '/admin/',
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', webCacheControl(path));
      },
    });
    const shell = async (request: FastifyRequest, reply: FastifyReply) => {
      // A missing file (a stale asset name) is a 404, not the page.
      if (/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '')) {
        return reply.status(404).send(failureBody(404, 'NotFound'));
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    };
    // The console's pages are not API routes: they stay out of the OpenAPI document (clients and the security
    // probe read it as the list of API calls).
    const page = { schema: { hide: true } };
    scope.get('/admin', page, shell);
    scope.get('/admin/*', page, shell);
  });
}
