import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOperator } from '../../test/factories';
import { createTestApp, createTestAppOn, type TestApp, testRedisUrl } from '../../test/test-app';
import type { AppConfig } from '../config';
import { paintings } from '../db/schema';
import { seedCatalogue } from '../db/seed-catalogue';

/**
 * Issue 33, decision 471: rendered public documents kept as sent. The pages here come from a small React Router server
 * build written for the test (the real handler runs it: loaders, the entry's render, the load context web.ts makes),
 * whose loaders read the real public API through the page-data cache, on the seeded catalogue. Each page counts its
 * renders, so a test sees whether an answer was rendered or kept.
 */
const root = mkdtempSync(join(tmpdir(), 'parcelle-page-cache-'));
const dist = join(root, 'client');

/** The test's server build: a document per route, its HTML made by hand from what its loaders read. */
const serverBuild = `
const loadContext = { defaultValue: undefined };
const state = (globalThis.__pageCacheTest ??= { renders: 0, gate: null, entered: null });
const cookie = (request, name) => (request.headers.get('cookie') ?? '').split(';').map((p) => p.trim().split('='))
  .find(([key]) => key === name)?.[1];
const languageOf = (request) => new URL(request.url).searchParams.get('lng') ?? cookie(request, 'i18next') ?? 'en';
const currencyOf = (request) => cookie(request, 'currency') ?? 'USD';
const page = (id, loader) => ({ id, parentId: 'root', path: id, module: { default: () => null, loader } });
const read = async (context, request, path, query) => {
  const answer = await context.get(loadContext).get(path, query, languageOf(request));
  return answer.status === 200 ? answer.body.data : { refused: answer.status };
};
export const entry = { module: {
  createLoadContext(request, Provider) { const context = new Provider(); context.set(loadContext, request); return context; },
  pageVariant: (request) => languageOf(request) + ' ' + currencyOf(request),
  pageChangesAt: (html) => { const at = html.match(/data-until="(\\d+)"/); return at ? Number(at[1]) : undefined; },
  default: async (request, status, headers, routerContext) => {
    // ?slow: the page's reads are done, its render waits for the test.
    if (new URL(request.url).searchParams.has('slow')) {
      state.entered?.();
      await state.gate;
    }
    state.renders += 1;
    const path = new URL(request.url).pathname;
    headers.set('content-type', 'text/html; charset=utf-8');
    if (path === '/cookie') headers.append('set-cookie', 'seen=1; Path=/');
    if (path === '/no-store') headers.set('cache-control', 'no-store');
    const data = JSON.stringify(routerContext.staticHandlerContext.loaderData);
    const until = new URL(request.url).searchParams.get('until');
    const html = '<!DOCTYPE html><html lang="' + languageOf(request) + '"><body><main>' + data + '</main>' +
      (until ? '<i data-until="' + until + '"></i>' : '') + '<p>'.repeat(400) + '</body></html>';
    return new Response(html, { status, headers });
  },
} };
export const routes = {
  root: { id: 'root', path: '', module: { default: () => null } },
  work: { id: 'work', parentId: 'root', path: 'work/:id', module: { default: () => null,
    loader: async ({ params, request, context }) => {
      const found = await read(context, request, '/paintings/detail', { painting_id: params.id, currency: currencyOf(request) });
      return { title: found.paintings?.title?.en, currency: currencyOf(request), refused: found.refused };
    } } },
  list: page('list', async ({ request, context }) =>
    (await read(context, request, '/paintings/', { type: 'primary', limit: 100, offset: 0 })).paintings.map((p) => p.title.en)),
  about: page('about', async ({ request, context }) => (await read(context, request, '/content/', { type: 'about' })).title),
  plain: page('plain', () => 'no reads'),
  form: page('form', ({ context }) => context.get(loadContext).formToken('newsletter')),
  nonce: page('nonce', ({ context }) => context.get(loadContext).nonce),
  cookie: page('cookie', () => 'a cookie'),
  'no-store': page('no-store', () => 'no-store'),
  missing: page('missing', () => { throw new Response(null, { status: 404 }); }),
  countdown: page('countdown', () => 'a sale opening'),
};
export const assets = { entry: { module: '/e.js', imports: [] }, routes: {}, url: '/m.js', version: '1' };
export const assetsBuildDirectory = 'build/client';
export const basename = '/';
export const future = { v8_middleware: true };
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const publicPath = '/';
export const routeDiscovery = { mode: 'lazy', manifestPath: '/__manifest' };
`;

type TestState = { renders: number; gate: Promise<void> | null; entered: (() => void) | null };
const state = () => (globalThis as unknown as { __pageCacheTest: TestState }).__pageCacheTest;

const settings: Partial<AppConfig> = { webDistDir: dist, pageCacheSeconds: 60, pageDataCacheSeconds: 60 };

let t: TestApp;
let work: { id: string; title: { en: string } };
let other: { id: string };
beforeAll(async () => {
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html>');
  mkdirSync(join(root, 'server'));
  writeFileSync(join(root, 'server', 'index.js'), serverBuild);
  t = await createTestApp(settings);
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  const list = (await t.call('GET', '/api/paintings/?type=primary&limit=100&offset=0')).json().data.paintings;
  [work, other] = list;
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(() => t.app.pages.clear());

const page = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', ...headers } });
const html = (response: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
  response.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(response.rawPayload).toString()
    : response.headers['content-encoding'] === 'gzip'
      ? gunzipSync(response.rawPayload).toString()
      : response.rawPayload.toString();

/** How many times the pages were rendered while `run` ran. */
async function rendersDuring(run: () => Promise<unknown>): Promise<number> {
  const before = state()?.renders ?? 0;
  await run();
  return state().renders - before;
}

/** Changes a work's title in the database without announcing it, so a kept page shows the old one. */
async function retitleQuietly(id: string, title: string) {
  await t.ctx.database.db.update(paintings).set({ titleEn: title }).where(eq(paintings.id, id));
}

describe('a public document served again from memory', () => {
  it('sends the second request the very bytes of the first, with its ETag, without rendering it again', async () => {
    const first = await page(t, `/work/${work.id}`);
    expect(first.statusCode).toBe(200);
    expect(html(first)).toContain(work.title.en);
    let second = first;
    expect(await rendersDuring(async () => (second = await page(t, `/work/${work.id}`)))).toBe(0);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(second.headers.vary).toBe('accept-language, cookie, accept-encoding');
    expect(second.headers.etag).toMatch(/^W\/"/);
    expect(second.headers.etag).toBe(first.headers.etag);
    // Another encoding is compressed from the same kept HTML; a browser holding the page gets a 304.
    const gzip = await page(t, `/work/${work.id}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(html(gzip)).toBe(html(first));
    const notModified = await page(t, `/work/${work.id}`, { 'if-none-match': first.headers.etag as string });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
  });

  it('renders a page once for a burst of visitors that asked for it at the same time', async () => {
    let answers: { rawPayload: Buffer }[] = [];
    const renders = await rendersDuring(async () => {
      answers = await Promise.all(Array.from({ length: 5 }, () => page(t, `/work/${work.id}`)));
    });
    expect(renders).toBe(1);
    for (const answer of answers) expect(answer.rawPayload.equals(answers[0]?.rawPayload as Buffer)).toBe(true);
    // A page that is never kept is rendered for each of them, none waiting for another.
    expect(await rendersDuring(() => Promise.all(Array.from({ length: 3 }, () => page(t, '/nonce'))))).toBe(3);
  });

  it('keeps one page per language and currency, whatever else the cookies say', async () => {
    const renders = await rendersDuring(async () => {
      const en = await page(t, `/work/${work.id}`);
      const fr = await page(t, `/work/${work.id}?lng=fr`);
      const frByCookie = await page(t, `/work/${work.id}`, { cookie: 'i18next=fr' });
      const euros = await page(t, `/work/${work.id}`, { cookie: 'currency=EURO; session_hint=a' });
      expect(html(fr)).toContain('lang="fr"');
      expect(html(en)).toContain('lang="en"');
      expect(html(frByCookie)).toContain('lang="fr"');
      expect(html(euros)).toContain('"currency":"EURO"');
      expect(html(en)).toContain('"currency":"USD"');
      // The same variant again, with other cookies: kept.
      await page(t, `/work/${work.id}`, { cookie: 'currency=EURO; session_hint=b' });
      await page(t, `/work/${work.id}`, { cookie: 'i18next=fr; other=1' });
    });
    // en, ?lng=fr, the fr cookie (another address than ?lng=fr) and EUR: four renders, the last two answered kept.
    expect(renders).toBe(4);
  });

  it('never keeps a page with something of its request in it, a cookie, its own Cache-Control or another status', async () => {
    for (const url of ['/form', '/nonce', '/cookie', '/no-store', '/missing', `/work/${randomUUID()}`]) {
      expect(await rendersDuring(async () => [await page(t, url), await page(t, url)])).toBe(2);
      expect((await page(t, url)).headers.etag).toBeUndefined();
    }
    // The same build's pages without any of these are kept.
    expect(await rendersDuring(async () => [await page(t, '/plain'), await page(t, '/plain')])).toBe(1);
  });

  it('keeps a page no longer than the moment it would render otherwise (a sale opening)', async () => {
    const soon = Date.now() + 400;
    expect(
      await rendersDuring(async () => [
        await page(t, `/countdown?until=${soon}`),
        await page(t, `/countdown?until=${soon}`),
      ]),
    ).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, soon - Date.now() + 50));
    expect(await rendersDuring(() => page(t, `/countdown?until=${soon}`))).toBe(1);
  });

  it('sends a page whose time is up while it is rendered again, but not one whose moment has passed', async () => {
    const short = await createTestAppOn(t.ctx.database, { ...settings, pageCacheSeconds: 1 });
    try {
      const until = Date.now() + 1_000;
      const urls = [`/work/${work.id}?slow`, `/countdown?slow&until=${until}`];
      const first = await Promise.all(urls.map((url) => page(short, url)));
      // Both kept before now: both times are up a second from now at the latest.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      for (const [index, url] of urls.entries()) {
        let release = () => {};
        state().gate = new Promise<void>((resolve) => {
          release = resolve;
        });
        const entered = new Promise<void>((resolve) => {
          state().entered = resolve;
        });
        const renewing = page(short, url);
        await entered;
        const during = page(short, url);
        const answered = await Promise.race([
          during.then(() => true),
          new Promise((r) => setTimeout(() => r(false), 300)),
        ]);
        // The work's page (its time up) is sent at once, as it was; the countdown's (a sale opened) waits for its render.
        expect(answered).toBe(index === 0);
        if (index === 0) expect((await during).rawPayload.equals(first[0]?.rawPayload as Buffer)).toBe(true);
        release();
        await Promise.all([renewing, during]);
      }
    } finally {
      state().gate = null;
      state().entered = null;
      await short.close();
    }
  });

  it('renders every page with PAGE_CACHE_SECONDS=0', async () => {
    const off = await createTestAppOn(t.ctx.database, { ...settings, pageCacheSeconds: 0 });
    try {
      expect(await rendersDuring(async () => [await page(off, '/plain'), await page(off, '/plain')])).toBe(2);
    } finally {
      await off.close();
    }
  });
});

function randomUUID() {
  const hex = randomBytes(16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

describe('dropped by the changes that make it stale', () => {
  it("a sale drops its work's pages at once, and keeps the other works' and the lists", async () => {
    await page(t, `/work/${work.id}`);
    await page(t, `/work/${other.id}`);
    await page(t, '/list');
    await retitleQuietly(work.id, 'Sold, retitled');
    await retitleQuietly(other.id, 'Other, retitled');
    expect(html(await page(t, `/work/${work.id}`))).not.toContain('Sold, retitled');
    t.ctx.catalogueChanges.changed({ kind: 'sale', paintingId: work.id });
    expect(html(await page(t, `/work/${work.id}`))).toContain('Sold, retitled');
    expect(await rendersDuring(() => page(t, `/work/${other.id}`))).toBe(0);
    // Lists follow sales within the TTL, as their reads do (decision 205).
    expect(await rendersDuring(() => page(t, '/list'))).toBe(0);
  });

  it('a content edit saved in the console drops the pages that read content, not the works', async () => {
    const operator = (await createOperator(t, 'catalogue')).accessToken;
    await page(t, '/about');
    await page(t, `/work/${other.id}`);
    const about = (await t.call('GET', '/api/admin/content/pages/about', { token: operator })).json().data;
    const title = { en: `About, edited ${randomBytes(3).toString('hex')}`, fr: 'À propos, modifié' };
    const saved = await t.call('PUT', '/api/admin/content/pages/about', {
      token: operator,
      body: { title, body: about.body },
    });
    expect(saved.statusCode).toBe(200);
    expect(html(await page(t, '/about'))).toContain(title.en);
    expect(await rendersDuring(() => page(t, `/work/${other.id}`))).toBe(0);
  });

  it.each([
    ['a rate', { kind: 'rate' }],
    ['an edit of a work', { kind: 'work', paintingId: '00000000-0000-4000-8000-000000000000' }],
    ['an edit of an artist', { kind: 'artist', artistId: '00000000-0000-4000-8000-000000000000' }],
  ] as const)('%s drops every page built from catalogue reads', async (_name, change) => {
    await page(t, `/work/${other.id}`);
    await page(t, '/list');
    t.ctx.catalogueChanges.changed(change);
    expect(await rendersDuring(() => page(t, `/work/${other.id}`))).toBe(1);
    expect(await rendersDuring(() => page(t, '/list'))).toBe(1);
  });

  it('does not keep a page whose render was under way when a change dropped what it read', async () => {
    let release = () => {};
    state().gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const entered = new Promise<void>((resolve) => {
      state().entered = resolve;
    });
    const url = `/work/${work.id}?slow`;
    const rendering = page(t, url);
    await entered;
    // Its read is done and was kept; the change comes before the page is: only the generation tells.
    t.ctx.catalogueChanges.changed({ kind: 'rate' });
    release();
    expect((await rendering).statusCode).toBe(200);
    state().gate = null;
    state().entered = null;
    expect(await rendersDuring(() => page(t, url))).toBe(1);
    expect(await rendersDuring(() => page(t, url))).toBe(0);
  });
});

/** Waits until `app` renders `url` again (the change reached it), for at most 10 s. */
async function renderedAgain(app: TestApp, url: string): Promise<boolean> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if ((await rendersDuring(() => page(app, url))) === 1) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe('across processes', () => {
  it('a sale announced by one process drops the page another process kept (PostgreSQL LISTEN/NOTIFY)', async () => {
    const second = await createTestAppOn(t.ctx.database, settings);
    try {
      const url = `/work/${other.id}`;
      await page(second, url);
      expect(await rendersDuring(() => page(second, url))).toBe(0);
      t.ctx.catalogueChanges.changed({ kind: 'sale', paintingId: other.id });
      expect(await renderedAgain(second, url)).toBe(true);
    } finally {
      await second.close();
    }
  });
});

describe('across processes through Redis (pub/sub)', async () => {
  const redisUrl = await testRedisUrl();
  it.skipIf(!redisUrl)('a content edit announced by one process drops the page another kept', async () => {
    const redis = { url: redisUrl as string, keyPrefix: `test-pages-${randomBytes(4).toString('hex')}:` };
    const first = await createTestAppOn(t.ctx.database, { ...settings, redis });
    const second = await createTestAppOn(t.ctx.database, { ...settings, redis });
    try {
      const url = '/about';
      await page(second, url);
      expect(await rendersDuring(() => page(second, url))).toBe(0);
      first.ctx.catalogueChanges.changed({ kind: 'content' });
      expect(await renderedAgain(second, url)).toBe(true);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
