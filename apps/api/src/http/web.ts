import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { failureBody } from './errors';

/** The built web app (apps/web/build/client), from the source tree or the bundled dist alike. */
export function findWebDist(configured?: string): string | undefined {
  if (configured) return existsSync(join(configured, 'index.html')) ? configured : undefined;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'apps', 'web', 'build', 'client');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
    const sibling = join(dir, 'web', 'build', 'client');
    if (existsSync(join(sibling, 'index.html'))) return sibling;
    dir = dirname(dir);
  }
  return undefined;
}

/**
 * Hashes of the inline scripts the web build writes into its HTML pages, so the Content-Security-Policy
 * can allow exactly those and no other inline script.
 */
export function inlineScriptHashes(webDist: string | undefined): string[] {
  if (!webDist) return [];
  const hashes = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'assets') visit(path);
      else if (entry.name.endsWith('.html')) {
        const html = readFileSync(path, 'utf8');
        for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
          const body = match[1] ?? '';
          if (body.trim()) hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
        }
      }
    }
  };
  visit(webDist);
  return [...hashes];
}

/** Fingerprinted build output (`/assets/<name>-<hash>.js`): a new build gives new names, so it never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (HTML, favicon, robots.txt): kept, but revalidated with its ETag / Last-Modified each time. */
const REVALIDATE = 'no-cache';

/** The Cache-Control of a built file, by its path on disk (a `.br` / `.gz` copy counts as its original). */
export function webCacheControl(path: string): string {
  return path.replaceAll('\\', '/').includes('/assets/') ? IMMUTABLE : REVALIDATE;
}

/**
 * Serves the single-page app: files as they are, any other GET for a page falls back to index.html. The build
 * writes brotli and gzip copies beside each text file (apps/web/scripts/precompress.mjs); @fastify/static sends the
 * best one the client accepts. `cacheControl: false` keeps `send` from overwriting the header set here.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', webCacheControl(path));
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // /api, /media and /dev belong to the server, never to the web app.
    const serverOnly = /^\/(api|media|dev)(\/|$)/.test(path);
    if (serverOnly || request.method !== 'GET' || !webDist) {
      return reply.status(404).send(failureBody(404, 'NotFound'));
    }
    if (/\.[a-z0-9]+$/i.test(path)) return reply.status(404).send(failureBody(404, 'NotFound'));
    const page = join(webDist, path, 'index.html');
    // Pre-rendered pages first, then the SPA shell.
    if (!path.includes('..') && path !== '/' && existsSync(page)) {
      return reply.header('cache-control', 'no-cache').sendFile(join(path, 'index.html'));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
