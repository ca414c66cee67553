import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ADMIN_CSP } from './admin-app';

/** A small built console (as apps/admin's `vite build` writes it), pre-compressed by the web build's script. */
const dist = mkdtempSync(join(tmpdir(), 'parcelle-admin-'));
const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `member ${i}`))};\n`;
const html = `<!doctype html><html><head><title>Parcelle console</title><script type="module" src="/admin/assets/index-Zz12Yy34.js"></script></head><body><div id="root"></div></body></html>`;
const precompressScript = join(import.meta.dirname, '../../../web/scripts/precompress.mjs');

let t: TestApp;
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'index-Zz12Yy34.js'), script);
  writeFileSync(join(dist, 'index.html'), html);
  execFileSync(process.execPath, [precompressScript, dist]);
  t = await createTestApp({ adminDistDir: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the operator console at /admin', () => {
  it('answers its page for /admin and every client-side route, revalidated, under its own strict policy', async () => {
    for (const url of ['/admin', '/admin/', '/admin/members', '/admin/withdrawals?status=PENDING']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('Parcelle console');
      expect(response.headers['cache-control']).toBe('no-cache');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toBe(ADMIN_CSP);
      expect(csp).toMatch(/script-src 'self';/);
      expect(csp).not.toMatch(/nonce|unsafe-eval/);
      expect(csp).toContain("frame-ancestors 'none'");
    }
  });

  it('keeps its pages out of the OpenAPI document, which lists API calls only', async () => {
    const docs = (await get('/api/docs/json')).json() as { paths: Record<string, unknown> };
    const pages = Object.keys(docs.paths).filter((path) => !path.startsWith('/api/'));
    expect(pages).toEqual([]);
  });

  it('sends fingerprinted assets pre-compressed and kept a year', async () => {
    const response = await get('/admin/assets/index-Zz12Yy34.js', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toBe(ADMIN_CSP);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('answers 404 for a missing asset, and leaves the API and the site their own policy', async () => {
    const missing = await get('/admin/assets/gone-00000000.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.en).toEqual(expect.any(String));
    const api = await get('/api/health');
    expect(api.headers['content-security-policy']).not.toBe(ADMIN_CSP);
  });
});
