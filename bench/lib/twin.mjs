// A page's script-free twin (issue 33): the same page's HTML with its scripts removed, served by the same server on
// the same origin, the best this server and machine can do. `bench/pages.mjs` measures every page beside its twin.
//
// Both go through one small proxy started by the bench in front of the app server: `/path` is the page and
// `/path?script-free-twin` its twin. The proxy takes the flag off (the app sees the same request for both), forwards
// everything else untouched, and treats every HTML answer of both alike: decoded, the twin's rewritten, encoded again
// as the app had encoded it (brotli at the app's quality or gzip, apps/api/src/http/web.ts). Images, CSS, fonts and API
// answers pass through as they are, so only the HTML's scripts differ between the two.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { createSecureServer } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, gunzip, gzip, constants as zlibConstants } from 'node:zlib';

/** The query flag that asks the proxy for a page's twin; never sent on to the app. */
export const TWIN_FLAG = 'script-free-twin';

/** The twin's address of a page's address (`/faqs` → `/faqs?script-free-twin`). */
export function twinUrl(url) {
  const twin = new URL(url);
  twin.searchParams.set(TWIN_FLAG, '');
  return twin.href.replace(`${TWIN_FLAG}=`, TWIN_FLAG);
}

const SCRIPT = /<script\b([^>]*)>[\s\S]*?<\/script\s*>/gi;
const JSON_LD = /\btype\s*=\s*["']?application\/ld\+json["'\s>]/i;
const MODULE_PRELOAD = /<link\b[^>]*\brel\s*=\s*["']?modulepreload\b[^>]*>/gi;

/**
 * The HTML without its `<script>` elements (module scripts, inline scripts: React Router's context, the scroll
 * restoration, the document runtime) and without its `modulepreload` links; JSON-LD stays (it is data the SEO audit
 * reads, not a script). Everything else (styles, preloads of images and fonts, the markup) is left as it is. A
 * script's text ends at its first `</script`, as it does for the browser's parser.
 */
export function scriptFree(html) {
  return html
    .replace(SCRIPT, (element, attributes) => (JSON_LD.test(`${attributes}>`) ? element : ''))
    .replace(MODULE_PRELOAD, '');
}

const decoders = { br: promisify(brotliDecompress), gzip: promisify(gunzip) };
/** The app's brotli quality for a page (`PAGE_BROTLI_QUALITY`, apps/api/src/http/web.ts; twin.test.mjs compares). */
export const PAGE_BROTLI_QUALITY = 5;
const encoders = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: promisify(gzip),
};
/** Headers about one connection, not the answer: never passed on. */
// Connection-level headers: a proxy does not pass them on, and HTTP/2 refuses them in an answer.
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'];

function withoutHopByHop(headers, ...more) {
  const kept = { ...headers };
  for (const name of [...HOP_BY_HOP, ...more]) delete kept[name];
  return kept;
}

/** An HTML answer's headers and body, decoded, rewritten when `twin`, encoded again in the app's own encoding. */
async function rewritten(upstream, twin) {
  const chunks = [];
  for await (const chunk of upstream) chunks.push(chunk);
  const encoding = upstream.headers['content-encoding'];
  const decode = decoders[encoding] ?? (async (body) => body);
  const encode = encoders[encoding] ?? (async (body) => body);
  const html = (await decode(Buffer.concat(chunks))).toString('utf8');
  const body = await encode(Buffer.from(twin ? scriptFree(html) : html));
  // The length is the new body's; an ETag named the app's bytes, not these.
  const headers = withoutHopByHop(upstream.headers, 'etag');
  return { headers: { ...headers, 'content-length': String(body.length) }, body };
}

/**
 * A throw-away self-signed certificate for 127.0.0.1 (openssl, from Debian), for the proxy's TLS: the browser is
 * started with `--ignore-certificate-errors`, which Lighthouse accepts for a certificate of one's own.
 */
function selfSignedCertificate() {
  const folder = mkdtempSync(join(tmpdir(), 'parcelle-bench-tls-'));
  try {
    const [key, cert] = [join(folder, 'key.pem'), join(folder, 'cert.pem')];
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'].concat([
        '-keyout',
        key,
        '-out',
        cert,
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ]),
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The request's headers as an HTTP/1.1 upstream takes them: HTTP/2's pseudo-headers off, its authority as Host. */
function upstreamHeaders(headers) {
  const kept = withoutHopByHop(headers);
  for (const name of Object.keys(kept)) if (name.startsWith(':')) delete kept[name];
  if (!kept.host && headers[':authority']) kept.host = headers[':authority'];
  return kept;
}

/**
 * Starts the proxy in front of `upstream` (e.g. http://127.0.0.1:3000) on 127.0.0.1 (`port`, 0 for a free one).
 * `protocol`: 'h2' answers HTTP/2 over TLS (as production's reverse proxy does, docs/deploy.md: one connection for
 * the document and everything it asks for), 'http1' plain HTTP/1.1 (a connection per request, six at a time).
 * Returns its `base` (https://… or http://…) and `stop()`. The Host header goes on as the browser sent it, as a
 * reverse proxy's does.
 */
export async function startTwinProxy(upstream, { port = 0, protocol = 'http1' } = {}) {
  const target = new URL(upstream);
  const agent = new Agent({ keepAlive: true });
  const handle = (request, response) => {
    const url = new URL(request.url ?? '/', 'http://proxy');
    const twin = url.searchParams.has(TWIN_FLAG);
    if (twin) url.searchParams.delete(TWIN_FLAG);
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: twin ? `${url.pathname}${url.search}` : request.url,
        headers: upstreamHeaders(request.headers),
        agent,
      },
      (upstreamResponse) => {
        const status = upstreamResponse.statusCode ?? 502;
        if (!/^text\/html\b/i.test(upstreamResponse.headers['content-type'] ?? '')) {
          response.writeHead(status, withoutHopByHop(upstreamResponse.headers));
          upstreamResponse.pipe(response);
          return;
        }
        rewritten(upstreamResponse, twin).then(
          ({ headers: answer, body }) => response.writeHead(status, answer).end(body),
          (error) => response.writeHead(502).end(String(error)),
        );
      },
    );
    forwarded.on('error', (error) => {
      if (!response.headersSent) response.writeHead(502);
      response.end(String(error));
    });
    request.pipe(forwarded);
  };
  if (protocol !== 'h2' && protocol !== 'http1') throw new Error(`protocol: h2 or http1, not ${protocol}`);
  const server =
    protocol === 'h2'
      ? createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true }, handle)
      : createServer(handle);
  const sessions = new Set();
  server.on(protocol === 'h2' ? 'session' : 'connection', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise((done) => server.listen(port, '127.0.0.1', done));
  const address = server.address();
  const scheme = protocol === 'h2' ? 'https' : 'http';
  const base = `${scheme}://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  const stop = async () => {
    for (const session of sessions) session.destroy();
    await new Promise((done) => server.close(done));
    agent.destroy();
  };
  return { base, stop };
}
