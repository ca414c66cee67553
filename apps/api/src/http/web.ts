import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { PlainForm } from '@parcelle/shared/plain-forms';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppLoadContext, createRequestHandler, RouterContextProvider, ServerBuild } from 'react-router';
import { matchesEtag } from '../modules/catalogue/read-cache';
import { cspNonceOf } from './csp';
import { failureBody } from './errors';
import type { KeptPage, PageCache, Rendering } from './page-cache';
import { createPageDataReader, type PageDataAnswer, type PageDataCache, type PageDataReader } from './page-data';
import { renderWithProductionReact } from './react-production';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Pages (and React Router's manifest / data answers) this short are sent as they are, as the API's answers. */
const COMPRESS_THRESHOLD = 1024;

/**
 * The encoding a rendered page leaves in: brotli when the client accepts it, else gzip, else none (`q=0` refuses).
 * The API's answers are compressed by @fastify/compress, whose hook is attached to routes; pages are rendered by the
 * not-found handler, which no route hook reaches, hence this.
 */
export function pageEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set<string>();
  for (const part of [acceptEncoding ?? ''].flat().join(',').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/**
 * Brotli's quality for a page (decision 503): 5 costs what 4 did (about 7 ms for the home's 178 KB, made once per kept
 * page) and sends 7–9 % fewer bytes, which took the FAQ (13.8 → 12.9 KB) under the 14.6 KB a new connection's first
 * round trip carries (TCP's initial window of 10 segments, as Lighthouse's simulation counts it): one round trip less.
 * 11 makes 10 % less again, but in 0.4–1.7 s of CPU per page: too slow for a page kept 10 s.
 */
export const PAGE_BROTLI_QUALITY = 5;

/** A rendered page's bytes in the encoding the client accepts (brotli, `PAGE_BROTLI_QUALITY`, or gzip). */
export async function encodePage(
  body: Buffer,
  acceptEncoding: string | string[] | undefined,
): Promise<{ body: Buffer; encoding?: 'br' | 'gzip' }> {
  const encoding = body.length >= COMPRESS_THRESHOLD ? pageEncoding(acceptEncoding) : undefined;
  return encoding ? { body: await encodeAs(body, encoding), encoding } : { body };
}

function encodeAs(body: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body);
  const params = {
    [zlibConstants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
  };
  return brotli(body, { params });
}

/** The built web app (apps/web/build/client), from the source tree or the bundled dist alike. */
export function findWebDist(configured?: string): string | undefined {
  const isBuild = (dir: string) => existsSync(join(dir, 'index.html')) || existsSync(serverBuildOf(dir));
  if (configured) return isBuild(configured) ? configured : undefined;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'apps', 'web', 'build', 'client');
    if (isBuild(candidate)) return candidate;
    const sibling = join(dir, 'web', 'build', 'client');
    if (isBuild(sibling)) return sibling;
    dir = dirname(dir);
  }
  return undefined;
}

/** React Router's server build beside the client one (build/server/index.js). */
export function serverBuildOf(webDist: string): string {
  return join(webDist, '..', 'server', 'index.js');
}

/** Fingerprinted build output (`/assets/<name>-<hash>.js`): a new build gives new names, so it never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (HTML, favicon, robots.txt): kept, but revalidated with its ETag / Last-Modified each time. */
const REVALIDATE = 'no-cache';

/** The Cache-Control of a built file, by its path on disk (a `.br` / `.gz` copy counts as its original). */
export function webCacheControl(path: string): string {
  return path.replaceAll('\\', '/').includes('/assets/') ? IMMUTABLE : REVALIDATE;
}

/** The request as the web app's page variant reads it: its address and its headers. */
type PageRequest = { url: string; headers: { get(name: string): string | null } };

/**
 * The web app's server entry (apps/web/app/entry.server.tsx) also builds the loaders' context, and tells the page
 * cache what an answer depends on besides its address and reads (decision 471): `pageVariant`, the language and
 * currency a request is rendered in; `pageChangesAt`, the moment a rendered page would render otherwise (a sale's
 * opening). A build without them has no page kept.
 */
type WebServerBuild = ServerBuild & {
  entry: {
    module: {
      createLoadContext(request: SsrRequest, provider: new () => RouterContextProvider): unknown;
      pageVariant?: (request: PageRequest) => string;
      pageChangesAt?: (html: string) => number | undefined;
    };
  };
};

/** What the page loaders get from this process (apps/web/app/features/ssr/context.ts). */
type SsrRequest = {
  get: PageDataReader;
  post: FormSender;
  formToken: WebAppOptions['formToken'];
  publicUrl: string;
  nonce: string;
  browserErrors: WebAppOptions['browserErrors'];
};

/** A form page's action sending its form to the API, from the visitor's address (their rate limits apply). */
type FormSender = (path: string, body: Record<string, unknown>, language: string) => Promise<PageDataAnswer>;

/**
 * The pages that take a form posted without JavaScript (issue 33, decisions 465 and 476), with the largest form each
 * takes: their React Router action answers the post. Every other page is GET or HEAD. A sign-up is an address, a
 * language, a token and a path back; a contact message is up to 5 000 characters (spec §3), which a form encodes in
 * up to 9 bytes each (three UTF-8 bytes, each %XX).
 */
export const FORM_PAGES = { '/newsletter/subscribe': 4_096, '/contact': 64 * 1_024 } as const;

export type WebAppOptions = {
  publicUrl: string;
  pageDataCacheSeconds: number;
  production: boolean;
  /** The browser's Sentry project (config.observability.browserSentry), handed to the pages by the root loader. */
  browserErrors: { dsn: string; environment: string } | null;
  /** The cache of public reads, shared with the writes that empty it (content-admin). */
  pageData?: PageDataCache;
  /** The rendered documents kept as sent (page-cache.ts), dropped with the reads they were built from. */
  pages?: PageCache;
  /** A new signed token for a form sent without JavaScript (modules/captcha/form-token.ts). */
  formToken: (form: PlainForm) => string;
};

/**
 * A page request as the Fetch API Request React Router's handler takes: GET or HEAD, or the POST of a form page
 * with its form as sent (a string, kept so by the form pages' own parser).
 */
function toFetchRequest(request: FastifyRequest, abort: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    // A form page's post reaches here only from our own pages (sameOrigin); under `Referrer-Policy: no-referrer` the
    // browser names its origin `null`, which React Router's own check of an action's origin would refuse.
    if (value === undefined || (name === 'origin' && value === 'null')) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const url = new URL(request.url, `${request.protocol}://${request.headers.host ?? 'localhost'}`);
  const body = request.method === 'POST' && typeof request.body === 'string' ? request.body : undefined;
  return new Request(url, { method: request.method, headers, body, signal: abort });
}

/** Paths the web app answers besides pages: React Router's data requests (`.data`) and its route manifest. */
const ROUTER_PATH = /(\.data$)|(^\/__manifest$)/;

/**
 * Server rendering (decision "server rendering"): React Router's request handler runs the public routes' loaders and
 * renders the page in this process. Loaders read the public API through `inject` and a short shared cache; each
 * answer carries its own CSP nonce (csp.ts) for the hydration scripts. A document the same for every visitor of one
 * language and currency is kept as sent and served again from memory (page-cache.ts, decision 471).
 */
function serverRenderer(app: FastifyInstance, webDist: string, options: WebAppOptions) {
  const path = serverBuildOf(webDist);
  if (!existsSync(path)) return undefined;
  // Loaded on the first page asked for, not at start-up: API-only uses of the app (tests, workers) never pay for it.
  let loading:
    | Promise<{
        build: WebServerBuild;
        handle: ReturnType<typeof createRequestHandler>;
        Provider: typeof RouterContextProvider;
      }>
    | undefined;
  const load = () => {
    loading ??= (async () => {
      // React Router, and through it React, are imported here, once the production files are chosen for them.
      renderWithProductionReact();
      const router = await import('react-router');
      const build: WebServerBuild = await import(pathToFileURL(path).href);
      return {
        build,
        handle: router.createRequestHandler(build, options.production ? 'production' : 'development'),
        Provider: router.RouterContextProvider,
      };
    })();
    return loading;
  };
  const read = createPageDataReader(app, options.pageDataCacheSeconds, undefined, options.pageData);
  const pages = options.pages?.enabled ? options.pages : undefined;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { build, handle, Provider } = await load();
    // A GET of a page may be answered from the kept documents (decision 471); the rest is rendered as it comes.
    const variant = build.entry.module.pageVariant;
    const key =
      pages && variant && request.method === 'GET' && !ROUTER_PATH.test(request.url.split('?')[0] ?? '')
        ? `${variant(pageRequest(request))} ${request.url}`
        : undefined;
    if (key && pages) {
      // Kept; or, while the same page is rendered again, the page whose time is up, else the one that render keeps:
      // a burst of visitors when a page expires costs one render, and none of them waits for it (decision 471).
      const underway = pages.underwayFor(key);
      const kept = pages.get(key) ?? (underway && (pages.expired(key) ?? (await underway)));
      if (kept) return sendKept(request, reply, key, kept);
    }
    const rendering = key ? pages?.start(key) : undefined;
    try {
      return await renderPage(request, reply, build, handle, Provider, rendering);
    } finally {
      if (rendering) pages?.settle(rendering);
    }
  };

  async function renderPage(
    request: FastifyRequest,
    reply: FastifyReply,
    build: WebServerBuild,
    handle: ReturnType<typeof createRequestHandler>,
    Provider: typeof RouterContextProvider,
    rendering: Rendering | undefined,
  ) {
    const abort = new AbortController();
    reply.raw.on('close', () => abort.abort());
    const post: FormSender = async (path, form, language) => {
      const answer = await app.inject({
        method: 'POST',
        url: `/api${path}`,
        payload: form,
        remoteAddress: request.ip,
        headers: { 'accept-language': language },
      });
      let body: unknown = null;
      try {
        body = answer.json();
      } catch {
        // Not JSON (a proxy's error page): the action answers with its generic failure.
      }
      return { status: answer.statusCode, body: body };
    };
    const nonce = cspNonceOf(request.raw);
    const context = build.entry.module.createLoadContext(
      {
        // What a page reads is noted, to keep it only as long as its reads (and drop it with them).
        get: rendering
          ? (path, query, language) => read(path, query, language, (seen) => rendering.reads.push(seen))
          : read,
        post,
        formToken: (form) => {
          if (rendering) rendering.perRequest = true;
          return options.formToken(form);
        },
        publicUrl: options.publicUrl,
        nonce,
        browserErrors: options.browserErrors,
      },
      Provider,
    );
    // With the web app's middleware flag on, the handler takes a RouterContextProvider as its load context (the
    // flag's types live in the web app, hence the cast).
    const response = await handle(toFetchRequest(request, abort.signal), context as AppLoadContext);
    if (rendering && pages && response.body) {
      const html = Buffer.from(await response.arrayBuffer());
      const page = pages.keep(rendering, {
        status: response.status,
        headers: [...response.headers],
        html,
        nonce,
        changesAt: build.entry.module.pageChangesAt?.(html.toString()),
      });
      if (typeof page !== 'object') return sendRendered(request, reply, response, html);
      pages.settle(rendering, page);
      return sendKept(request, reply, rendering.key, page);
    }
    return sendRendered(request, reply, response, response.body ? Buffer.from(await response.arrayBuffer()) : null);
  }

  /** A kept document, as it was first sent: its headers, its ETag (304 when the browser has it), compressed once. */
  async function sendKept(request: FastifyRequest, reply: FastifyReply, key: string, page: KeptPage) {
    for (const [name, value] of page.headers) reply.header(name, value);
    reply.header('vary', PAGE_VARY).header('cache-control', 'no-cache').header('etag', page.etag);
    if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.status(304).send();
    const encoding =
      page.html.length >= COMPRESS_THRESHOLD ? pageEncoding(request.headers['accept-encoding']) : undefined;
    if (!encoding) return reply.send(page.html);
    let body = page.encoded[encoding];
    if (!body) {
      body = await encodeAs(page.html, encoding);
      pages?.encoded(key, page, encoding, body);
    }
    return reply.header('content-encoding', encoding).send(body);
  }
}

/** The page's address and headers, for the web app's `pageVariant` (no Fetch Request made for a kept page). */
function pageRequest(request: FastifyRequest): PageRequest {
  return {
    url: `http://localhost${request.url}`,
    headers: {
      get: (name) => {
        const value = request.headers[name.toLowerCase()];
        return value === undefined ? null : [value].flat().join(', ');
      },
    },
  };
}

/**
 * The page depends on the language the visitor asks for (?lng=, the cookie, Accept-Language), and is sent
 * compressed as the client accepts (a home page is ~150 KB of HTML, most of it MUI's critical CSS: ~20 KB in br).
 */
const PAGE_VARY = 'accept-language, cookie, accept-encoding';

/** A page rendered for this request, sent as React Router answered it, compressed as the client accepts. */
async function sendRendered(request: FastifyRequest, reply: FastifyReply, response: Response, html: Buffer | null) {
  reply.status(response.status);
  for (const [name, value] of response.headers) if (name !== 'set-cookie') reply.header(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  reply.header('vary', PAGE_VARY);
  if (!response.headers.has('cache-control')) reply.header('cache-control', 'no-cache');
  if (!html) return reply.send(null);
  const page = await encodePage(html, request.headers['accept-encoding']);
  if (page.encoding) {
    reply.header('content-encoding', page.encoding);
    reply.removeHeader('content-length');
  }
  return reply.send(page.body);
}

/**
 * Serves the web app: built files as they are, every other GET renders its page on the server (or, with a client-only
 * build, falls back to index.html). The build writes brotli and gzip copies beside each text file
 * (apps/web/scripts/precompress.mjs); @fastify/static sends the best one the client accepts. `cacheControl: false`
 * keeps `send` from overwriting the header set here.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined, options: WebAppOptions) {
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // @fastify/static adds `Vary: Accept-Encoding` itself with preCompressed (10.x calls this with the reply).
      setHeaders: (reply, path) => {
        reply.header('cache-control', webCacheControl(path));
      },
    });
  }
  const render = webDist ? serverRenderer(app, webDist, options) : undefined;
  if (render) await registerFormPages(app, render, options.publicUrl);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // /api, /media and /dev belong to the server, never to the web app.
    const serverOnly = /^\/(api|media|dev)(\/|$)/.test(path);
    const page = request.method === 'GET' || request.method === 'HEAD';
    if (serverOnly || !page || !webDist) {
      return reply.status(404).send(failureBody(404, 'NotFound'));
    }
    if (render && (ROUTER_PATH.test(path) || !/\.[a-z0-9]+$/i.test(path))) return render(request, reply);
    if (/\.[a-z0-9]+$/i.test(path)) return reply.status(404).send(failureBody(404, 'NotFound'));
    const prerendered = join(webDist, path, 'index.html');
    // Pre-rendered pages first, then the SPA shell.
    if (!path.includes('..') && path !== '/' && existsSync(prerendered)) {
      return reply.header('cache-control', 'no-cache').sendFile(join(path, 'index.html'));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

/**
 * The POST of a form page (FORM_PAGES), answered by its React Router action. The form parser lives in this scope
 * only, as `POST /preferences`'s does, so no API route can be reached by a cross-site form; a post whose Origin is
 * another site's is refused before the action runs.
 */
async function registerFormPages(
  app: FastifyInstance,
  render: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  publicUrl: string,
) {
  for (const [path, bodyLimit] of Object.entries(FORM_PAGES)) {
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit },
        (_request, body, done) => done(null, body),
      );
      scope.post(path, { schema: { hide: true } }, async (request, reply) => {
        if (!sameOrigin(request, publicUrl)) return reply.status(403).send(failureBody(403, 'Forbidden'));
        return render(request, reply);
      });
    });
  }
}

/**
 * Whether a form post comes from one of our pages. A browser says where a request comes from in `Sec-Fetch-Site`
 * (another site's form: `cross-site` or `same-site`), and names the page's origin in `Origin`, except that under our
 * `Referrer-Policy: no-referrer` it sends `null` there: `null` alone decides nothing. A named origin must be this
 * request's host or PUBLIC_URL's (behind a proxy).
 */
export function sameOrigin(request: Pick<FastifyRequest, 'headers'>, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return false;
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return true;
  try {
    const host = new URL(origin).host;
    return host === request.headers.host || host === new URL(publicUrl).host;
  } catch {
    return false;
  }
}
