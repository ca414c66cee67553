import { LANGUAGES } from '@parcelle/shared/constants';
import { CONTENT_TYPES } from '@parcelle/shared/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { paintings } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { SEED_ARTISTS, SEED_PAINTINGS } from '../../db/seed-catalogue-data';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://parcelle.example' });
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The <url> blocks of a sitemap, each as its loc and its alternates by hreflang. */
function urlsOf(xml: string) {
  return [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>[^<]+<\/lastmod>)?(.*?)<\/url>/g)].map((match) => ({
    loc: (match[1] ?? '').replaceAll('&amp;', '&'),
    alternates: Object.fromEntries(
      [...(match[2] ?? '').matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((a) => [
        a[1],
        a[2]?.replaceAll('&amp;', '&'),
      ]),
    ),
  }));
}

describe('sitemap.xml', () => {
  it('lists every public page, artist and work in both languages, each with its en, fr and x-default alternates', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const urls = urlsOf(response.body);
    const pages = 7 + CONTENT_TYPES.length + SEED_ARTISTS.length + SEED_PAINTINGS.length;
    expect(urls).toHaveLength(pages * LANGUAGES.length);
    const locs = urls.map((url) => url.loc);
    expect(locs).toContain('https://parcelle.example/?lng=en');
    expect(locs).toContain('https://parcelle.example/privacy-policy?lng=fr');
    expect(locs).toContain('https://parcelle.example/exits?lng=fr');
    expect(locs).toContain('https://parcelle.example/contact?lng=en');
    for (const url of urls) {
      const plain = url.loc.replace(/\?lng=(en|fr)$/, '');
      expect(url.alternates).toEqual({ en: `${plain}?lng=en`, fr: `${plain}?lng=fr`, 'x-default': plain });
    }
  });

  it('puts each work under the list of its market', async () => {
    const rows = await t.ctx.database.db.select({ id: paintings.id, market: paintings.market }).from(paintings);
    const locs = urlsOf((await get('/sitemap.xml')).body).map((url) => url.loc);
    for (const row of rows) {
      const list = row.market === 3 ? 'secondary-market' : 'primary-market';
      expect(locs).toContain(`https://parcelle.example/${list}/details/${row.id}?lng=en`);
    }
    expect(locs.some((loc) => loc.includes('/user/') || loc.includes('/certificates/'))).toBe(false);
  });
});

describe('robots.txt', () => {
  it('keeps member, operator, API and development paths out and points at the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    for (const path of ['/api/', '/dev/', '/user/', '/admin/', '/login', '/buy'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain('Sitemap: https://parcelle.example/sitemap.xml');
  });
});
