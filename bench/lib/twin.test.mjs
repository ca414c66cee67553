import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect } from 'node:http2';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_BROTLI_QUALITY, scriptFree, startTwinProxy, TWIN_FLAG, twinUrl } from './twin.mjs';

// The head and body of a page as the app sends them: an application page (React Router's context and scripts, its
// modules preloaded) and a document (JSON-LD, the document runtime).
const PAGE = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>
<link rel="canonical" href="http://127.0.0.1:3000/"/>
<link rel="preload" as="image" href="/media/a.webp" imageSrcSet="/media/a.webp?w=320&amp;f=avif 320w"/>
<link nonce="n" rel="preload" href="/assets/inter.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>
<link nonce="n" rel="stylesheet" href="/assets/root.css"/>
<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client.js" nonce="n"/>
<link rel=modulepreload href=/assets/chunk.js>
<script type="application/ld+json">{"@type":"VisualArtwork","name":"Raw linen"}</script>
<style>.a{color:red}</style></head>
<body><main><h1>Raw linen</h1><p>A painting.</p><img src="/media/a.webp" alt="Raw linen"/></main>
<script nonce="n">window.__reactRouterContext = {"state":"\\u003c/script>"};</script>
<SCRIPT nonce="n" type="module" async="">import "/assets/entry.client.js";
</SCRIPT >
<script type="module" src="/assets/document-runtime.js" nonce="n"></script>
<script type='application/ld+json'>{"@type":"BreadcrumbList"}</script>
</body></html>`;

describe('scriptFree', () => {
  const twin = scriptFree(PAGE);

  it('removes module scripts, inline scripts and module preloads', () => {
    expect(twin).not.toMatch(/<script(?![^>]*ld\+json)/i);
    expect(twin).not.toContain('__reactRouterContext');
    expect(twin).not.toContain('entry.client');
    expect(twin).not.toContain('document-runtime');
    expect(twin).not.toContain('modulepreload');
    expect(twin).not.toContain('chunk.js');
  });

  it('keeps JSON-LD, styles, the preloads of images and fonts, and the markup as they are', () => {
    expect(twin).toContain('<script type="application/ld+json">{"@type":"VisualArtwork","name":"Raw linen"}</script>');
    expect(twin).toContain(`<script type='application/ld+json'>{"@type":"BreadcrumbList"}</script>`);
    for (const kept of [
      '<link rel="canonical" href="http://127.0.0.1:3000/"/>',
      '<link rel="preload" as="image" href="/media/a.webp" imageSrcSet="/media/a.webp?w=320&amp;f=avif 320w"/>',
      '<link nonce="n" rel="preload" href="/assets/inter.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>',
      '<link nonce="n" rel="stylesheet" href="/assets/root.css"/>',
      '<style>.a{color:red}</style></head>',
      '<body><main><h1>Raw linen</h1><p>A painting.</p><img src="/media/a.webp" alt="Raw linen"/></main>',
      '</body></html>',
    ])
      expect(twin).toContain(kept);
  });

  it('leaves a page without scripts unchanged', () => {
    const plain = '<html><head><link rel="stylesheet" href="/a.css"></head><body><p>script</p></body></html>';
    expect(scriptFree(plain)).toBe(plain);
  });
});

describe('the twin encodes as the app does', () => {
  it("uses the app's brotli quality for pages (apps/api/src/http/web.ts, decision 503)", () => {
    const web = readFileSync(new URL('../../apps/api/src/http/web.ts', import.meta.url), 'utf8');
    expect(web.match(/export const PAGE_BROTLI_QUALITY = (\d+);/)?.[1]).toBe(String(PAGE_BROTLI_QUALITY));
  });
});

describe('twinUrl', () => {
  it('adds the flag, keeping the path and its query', () => {
    expect(twinUrl('http://127.0.0.1:4000/')).toBe(`http://127.0.0.1:4000/?${TWIN_FLAG}`);
    expect(twinUrl('http://127.0.0.1:4000/faqs?lng=fr')).toBe(`http://127.0.0.1:4000/faqs?lng=fr&${TWIN_FLAG}`);
  });
});

describe('the twin proxy', () => {
  const stops = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });

  /** An app that answers HTML in brotli or gzip (as the client accepts) and a stylesheet, and notes what it was asked. */
  async function start(protocol = 'http1') {
    const asked = [];
    const hosts = [];
    const app = createServer((request, response) => {
      asked.push(request.url);
      hosts.push(request.headers.host);
      if (request.url === '/root.css') return response.writeHead(200, { 'content-type': 'text/css' }).end('.a{}');
      const br = (request.headers['accept-encoding'] ?? '').includes('br');
      const body = br ? brotliCompressSync(PAGE) : gzipSync(PAGE);
      response
        .writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-encoding': br ? 'br' : 'gzip',
          etag: '"x"',
        })
        .end(body);
    });
    await new Promise((done) => app.listen(0, '127.0.0.1', done));
    stops.push(() => new Promise((done) => app.close(done)));
    const proxy = await startTwinProxy(`http://127.0.0.1:${app.address().port}`, { protocol });
    stops.unshift(proxy.stop);
    return { asked, hosts, base: proxy.base };
  }

  it('sends the page as the app rendered it, and its twin without scripts, both in the encoding the app chose', async () => {
    const { asked, base } = await start();
    const page = await fetch(`${base}/primary-market?lng=en`, { headers: { 'accept-encoding': 'br' } });
    const twin = await fetch(twinUrl(`${base}/primary-market?lng=en`), { headers: { 'accept-encoding': 'br' } });
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(twin.headers.get('content-encoding')).toBe('br');
    expect(twin.headers.get('etag')).toBeNull();
    expect(await page.text()).toBe(PAGE);
    expect(await twin.text()).toBe(scriptFree(PAGE));
    // The app is asked for the very same page both times: the flag never reaches it.
    expect(asked).toEqual(['/primary-market?lng=en', '/primary-market?lng=en']);
  });

  it('re-encodes in gzip what the app sent in gzip, with the new length', async () => {
    const { base } = await start();
    const response = await fetch(twinUrl(`${base}/`), { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(Number(response.headers.get('content-length'))).toBe(gzipSync(scriptFree(PAGE)).length);
    expect(await response.text()).toBe(scriptFree(PAGE));
  });

  it('passes everything that is not HTML through untouched', async () => {
    const { asked, base } = await start();
    const response = await fetch(twinUrl(`${base}/root.css`));
    expect(response.headers.get('content-type')).toBe('text/css');
    expect(await response.text()).toBe('.a{}');
    expect(asked).toEqual(['/root.css']);
  });

  it('answers HTTP/2 over TLS as the production proxy does (decision 567), the twin alike, Host from the authority', async () => {
    const { asked, hosts, base } = await start('h2');
    expect(base).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const session = connect(base, { rejectUnauthorized: false });
    stops.unshift(() => new Promise((done) => session.close(done)));
    const get = (path) =>
      new Promise((resolve, reject) => {
        const stream = session.request({ ':path': path, 'accept-encoding': 'br' });
        const chunks = [];
        let headers;
        stream.on('response', (answer) => {
          headers = answer;
        });
        stream.on('data', (chunk) => chunks.push(chunk));
        stream.on('end', () => resolve({ headers, body: brotliDecompressSync(Buffer.concat(chunks)).toString() }));
        stream.on('error', reject);
      });
    const page = await get('/primary-market');
    const twin = await get(`/primary-market?${TWIN_FLAG}`);
    expect(page.headers[':status']).toBe(200);
    expect(page.body).toBe(PAGE);
    expect(twin.body).toBe(scriptFree(PAGE));
    expect(asked).toEqual(['/primary-market', '/primary-market']);
    expect(hosts).toEqual([new URL(base).host, new URL(base).host]);
  });
});
