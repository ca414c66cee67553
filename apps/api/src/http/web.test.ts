import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadConfig } from '../config';
import { encodePage, PAGE_BROTLI_QUALITY, pageEncoding } from './web';

/** A small built web app, made pre-compressed by the web build's own script (apps/web/scripts/precompress.mjs). */
const dist = mkdtempSync(join(tmpdir(), 'parcelle-web-'));
const script = `export const app = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `painting ${i}`))};\n`;
const html = `<!doctype html><html><head><title>Parcelle</title><script type="module" src="/assets/entry-Ab12Cd34.js"></script></head><body>${'<p>Parcelle</p>'.repeat(80)}</body></html>`;
const precompressScript = join(import.meta.dirname, '../../../web/scripts/precompress.mjs');

let t: TestApp;
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'entry-Ab12Cd34.js'), script);
  writeFileSync(join(dist, 'index.html'), html);
  execFileSync(process.execPath, [precompressScript, dist]);
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the web build, pre-compressed', () => {
  it('sends the brotli copy when the client accepts br', async () => {
    const response = await get('/assets/entry-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy when the client accepts gzip only, and the file itself otherwise', async () => {
    const gzipped = await get('/assets/entry-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/entry-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('lets browsers keep fingerprinted assets for a year, compressed or not', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await get('/assets/entry-Ab12Cd34.js', { 'accept-encoding': encoding });
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has browsers revalidate the HTML (index and the page fallback), compressed too', async () => {
    for (const url of ['/', '/paintings/some-painting']) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(html);
      expect(response.headers.etag ?? response.headers['last-modified']).toBeTruthy();
    }
  });
});

describe('server-rendered pages, compressed', () => {
  it('picks brotli, then gzip, as the client accepts, and honours q=0', () => {
    expect(pageEncoding('gzip, deflate, br')).toBe('br');
    expect(pageEncoding(['gzip', 'deflate'])).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pageEncoding('*')).toBe('gzip');
    expect(pageEncoding('identity')).toBeUndefined();
    expect(pageEncoding(undefined)).toBeUndefined();
  });

  it('compresses a page of 1 KiB or more, and sends a shorter one as it is', async () => {
    const page = Buffer.from(`<!DOCTYPE html><html><body>${'<p>Parcelle</p>'.repeat(200)}</body></html>`);
    const br = await encodePage(page, 'gzip, br');
    expect(br.encoding).toBe('br');
    expect(br.body.length).toBeLessThan(page.length / 10);
    expect(brotliDecompressSync(br.body).equals(page)).toBe(true);
    const gzip = await encodePage(page, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(page)).toBe(true);
    expect(await encodePage(page, undefined)).toEqual({ body: page });
    const short = Buffer.from('<p>Parcelle</p>');
    expect(await encodePage(short, 'br')).toEqual({ body: short });
  });

  it('compresses a page with brotli at quality 5, not 4 (decision 503: fewer bytes for the same time)', async () => {
    const rows = Array.from({ length: 400 }, (_, i) => `<li class="css-${(i * 7919) % 997}">Work ${i * 31}</li>`);
    const page = Buffer.from(`<!DOCTYPE html><html><body><ul>${rows.join('')}</ul></body></html>`);
    const at = (quality: number) =>
      brotliCompressSync(page, {
        params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: page.length },
      });
    expect(PAGE_BROTLI_QUALITY).toBe(5);
    expect(at(5).equals(at(4))).toBe(false);
    expect((await encodePage(page, 'br')).body.equals(at(5))).toBe(true);
  });
});

describe('API answers, compressed', () => {
  it('compresses JSON of 1 KiB or more as the client accepts, and smaller answers not', async () => {
    const br = await get('/api/docs/json', { 'accept-encoding': 'br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).openapi).toBeTruthy();
    const gz = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).openapi).toBeTruthy();
    const plain = await get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().openapi).toBeTruthy();
    // Below the threshold, as it is.
    const small = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('media base_url', () => {
  it('is the root-relative /media/ by default, so images load from whatever origin the site is opened at', async () => {
    const response = await get('/api/paintings/?type=primary&limit=10&offset=0&currency=EURO');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.base_url).toBe('/media/');
  });

  it('is the CDN base when MEDIA_BASE_URL is configured; links in emails keep PUBLIC_URL', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'https://parcelle.example',
      MEDIA_BASE_URL: 'https://cdn.parcelle.example/media',
    });
    expect(config.mediaBaseUrl).toBe('https://cdn.parcelle.example/media/');
    expect(config.publicUrl).toBe('https://parcelle.example');
    expect(loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://parcelle.example' }).mediaBaseUrl).toBe('/media/');
    const cdn = await createTestApp({ mediaBaseUrl: config.mediaBaseUrl });
    try {
      const response = await cdn.app.inject({ method: 'GET', url: '/api/paintings/?type=primary&limit=10&offset=0' });
      expect(response.json().data.base_url).toBe('https://cdn.parcelle.example/media/');
      // Pages (and media, which share their headers) may load images from the CDN; data answers load nothing.
      const media = await cdn.app.inject({ method: 'GET', url: '/media/artworks/none.webp' });
      expect(media.headers['content-security-policy']).toMatch(/img-src[^;]*https:\/\/cdn\.parcelle\.example/);
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    } finally {
      await cdn.close();
    }
  });
});
