import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { RENDITION_WIDTHS, renditionKey } from './renditions';

let t: TestApp;
const key = 'artworks/test/cover.webp';
beforeAll(async () => {
  t = await createTestApp();
  const image = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#8c6a43' } })
    .webp()
    .toBuffer();
  await t.ctx.storage.put(key, image, 'image/webp');
  await t.ctx.storage.put('documents/test/a.pdf', Buffer.from('%PDF-1.7\n'), 'application/pdf');
});
afterAll(() => t.close());

describe('GET /media/*?w=', () => {
  it('serves a narrower WebP copy of an image, made once and stored', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/media/${key}?w=640` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([640, 427]);
    expect(await t.ctx.storage.get(renditionKey(key, 640))).toBeDefined();
    const again = await t.app.inject({ method: 'GET', url: `/media/${key}?w=640` });
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
  });

  it('serves an AVIF copy when asked (?f=avif), stored apart from the WebP one', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/media/${key}?w=480&f=avif` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/avif');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['heif', 480, 320]);
    expect(renditionKey(key, 480, 'avif')).toBe('renditions/avif/w480/artworks/test/cover-webp.avif');
    expect((await t.ctx.storage.get(renditionKey(key, 480, 'avif')))?.contentType).toBe('image/avif');
    const stored = await t.app.inject({ method: 'GET', url: `/media/${key}?w=480&f=avif` });
    expect(stored.headers['content-type']).toBe('image/avif');
    expect(stored.rawPayload.equals(response.rawPayload)).toBe(true);
    const webp = await t.app.inject({ method: 'GET', url: `/media/${key}?w=480&f=webp` });
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(renditionKey(key, 480, 'webp')).toBe(renditionKey(key, 480));
  });

  it('answers 404 for a format that is not offered, or a format without a width', async () => {
    for (const url of [`/media/${key}?w=480&f=png`, `/media/${key}?w=480&f=`, `/media/${key}?f=avif`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('never enlarges an image', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/media/${key}?w=1280` });
    expect((await sharp(response.rawPayload).metadata()).width).toBe(1200);
  });

  it('answers 404 for widths that are not offered, so no one can fill the disk with sizes', async () => {
    for (const w of ['641', '0', '-320', 'abc', '320.0', '1e3', '']) {
      const response = await t.app.inject({ method: 'GET', url: `/media/${key}?w=${w}` });
      expect(response.statusCode, w).toBe(404);
    }
    expect(RENDITION_WIDTHS).not.toContain(641);
  });

  it('serves documents unchanged whatever the width', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/media/documents/test/a.pdf?w=320' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
  });

  it('renders a rendition once under concurrent first requests', async () => {
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => t.app.inject({ method: 'GET', url: `/media/${key}?w=320` })),
    );
    expect(new Set(responses.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
  });
});

describe('GET /media/* validators', () => {
  it('tags originals and renditions with an ETag and answers 304 to a client that holds it', async () => {
    for (const url of [`/media/${key}`, `/media/${key}?w=480`, '/media/documents/test/a.pdf']) {
      const first = await t.app.inject({ method: 'GET', url });
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"[\w-]{20,}"$/);
      expect(first.headers['cache-control'], url).toMatch(/^public, max-age=\d+/);
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': `"other", W/${etag}` } });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
      expect(again.headers.etag, url).toBe(etag);
      const stale = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } });
      expect(stale.statusCode, url).toBe(200);
    }
  });

  it('gives a rendition its own ETag and a shorter life than the original (it may be rendered again)', async () => {
    const original = await t.app.inject({ method: 'GET', url: `/media/${key}` });
    const narrow = await t.app.inject({ method: 'GET', url: `/media/${key}?w=320` });
    expect(narrow.headers.etag).not.toBe(original.headers.etag);
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(narrow.headers['cache-control']).not.toMatch(/immutable/);
  });
});
