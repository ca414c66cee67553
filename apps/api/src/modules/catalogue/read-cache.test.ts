import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOperator } from '../../../test/factories';
import { createTestApp, createTestAppOn, type TestApp, testRedisUrl } from '../../../test/test-app';
import { artists, paintings } from '../../db/schema';
import { seedCatalogue } from '../../db/seed-catalogue';
import { PUBLIC_CACHE_CONTROL } from './read-cache';

/**
 * Issue 16: the hot public reads answered from memory. Each test first shows the read is kept (a row changed behind
 * the app's back is not seen), then that the change announced by the write (or by the purchase flow's seam) makes
 * the next read fresh: without the announcement or the cache's reaction to it, the read stays stale and these fail.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ catalogueCacheSeconds: 60 });
  await seedCatalogue(t.ctx.database.db, t.ctx.storage, { media: false });
  token = (await createOperator(t, 'catalogue')).accessToken;
});
afterAll(() => t.close());

const LIST = '/api/paintings/?type=primary&limit=100&offset=0&currency=EURO';
const get = (url: string, headers: Record<string, string> = {}) => t.call('GET', url, { headers });

type Work = { id: string; title: { en: string }; sold_out_part: number; artist: { id: string; name: string } };

async function firstOnSale(): Promise<Work> {
  const list = (await get(LIST)).json().data.paintings as (Work & { market: number })[];
  const work = list.find((p) => p.market === 2);
  if (!work) throw new Error('no work on sale in the seed');
  return work;
}

/** Changes a work's title in the database without announcing it (as if another write forgot to). */
async function retitleQuietly(id: string, title: string) {
  await t.ctx.database.db.update(paintings).set({ titleEn: title }).where(eq(paintings.id, id));
}

const titleIn = async (url: string, id: string) => {
  const body = (await get(url)).json().data;
  const list: Work[] = body.paintings?.id ? [body.paintings] : (body.paintings ?? body.artist?.paintings ?? []);
  return list.find((p) => p.id === id)?.title.en;
};

describe('answers from memory until a change', () => {
  it('keeps a read: a row changed without an announcement is not seen', async () => {
    const work = await firstOnSale();
    const detail = `/api/paintings/detail?painting_id=${work.id}&currency=EURO`;
    const before = await titleIn(detail, work.id);
    await retitleQuietly(work.id, 'Quietly renamed');
    expect(await titleIn(LIST, work.id)).toBe(work.title.en);
    expect(await titleIn(detail, work.id)).toBe(before);
    // The seam itself: a work change drops it.
    t.ctx.catalogueChanges.changed({ kind: 'work', paintingId: work.id });
    expect(await titleIn(LIST, work.id)).toBe('Quietly renamed');
    expect(await titleIn(detail, work.id)).toBe('Quietly renamed');
  });

  it('an operator edit of a work (catalogue-admin) is on the next read of the list and the detail', async () => {
    const work = await firstOnSale();
    const detail = `/api/paintings/detail?painting_id=${work.id}&currency=EURO`;
    await titleIn(detail, work.id);
    const edit = await t.call('PATCH', `/api/admin/paintings/${work.id}`, {
      token,
      body: { title_en: 'Edited title' },
    });
    expect(edit.statusCode).toBe(200);
    expect(await titleIn(LIST, work.id)).toBe('Edited title');
    expect(await titleIn(detail, work.id)).toBe('Edited title');
  });

  it('an operator edit of an artist is on the next read of the artists list, the artist and the works', async () => {
    const work = await firstOnSale();
    const artistsUrl = '/api/artists/?limit=100&offset=0&currency=EURO';
    const artistUrl = `/api/artists/detail?artistId=${work.artist.id}&currency=EURO`;
    const names = async () => ({
      list: ((await get(artistsUrl)).json().data.artists as { id: string; name: string }[]).find(
        (a) => a.id === work.artist.id,
      )?.name,
      detail: (await get(artistUrl)).json().data.artist.name,
      work: ((await get(LIST)).json().data.paintings as Work[]).find((p) => p.id === work.id)?.artist.name,
    });
    const before = await names();
    await t.ctx.database.db.update(artists).set({ name: 'Quiet Name' }).where(eq(artists.id, work.artist.id));
    expect(await names()).toEqual(before);
    const edit = await t.call('PATCH', `/api/admin/artists/${work.artist.id}`, {
      token,
      body: { name: 'Renamed Painter' },
    });
    expect(edit.statusCode).toBe(200);
    expect(await names()).toEqual({ list: 'Renamed Painter', detail: 'Renamed Painter', work: 'Renamed Painter' });
  });

  it('an appraisal recorded by an operator is on the next read of the work', async () => {
    const work = await firstOnSale();
    const detail = `/api/paintings/detail?painting_id=${work.id}&currency=EURO`;
    const latest = async () => (await get(detail)).json().data.paintings.latest_valuation;
    const before = await latest();
    const added = await t.call('POST', `/api/admin/paintings/${work.id}/valuations`, {
      token,
      body: {
        valued_on: '2026-06-01',
        value_minor: 987_654_321,
        currency: 'EURO',
        appraiser: 'Test',
        method_en: 'Test',
        method_fr: 'Essai',
      },
    });
    expect(added.statusCode).toBe(200);
    expect(before?.value_minor).not.toBe(987_654_321);
    expect((await latest())?.value_minor).toBe(987_654_321);
  });

  it('a rate entered by an operator moves the USD prices on the next read, and EUR and USD are kept apart', async () => {
    const work = await firstOnSale();
    const url = (currency: string) => `/api/paintings/detail?painting_id=${work.id}&currency=${currency}`;
    const price = async (currency: string) => (await get(url(currency))).json().data.paintings.price_per_part;
    const [euro, usd] = [await price('EURO'), await price('USD')];
    expect(euro.curr).toBe('EURO');
    expect(usd.curr).toBe('USD');
    expect(usd.value).not.toBe(euro.value);
    // The kept variants answer each their own currency.
    expect(await price('EURO')).toEqual(euro);
    expect(await price('USD')).toEqual(usd);
    const today = new Date().toISOString().slice(0, 10);
    const saved = await t.call('PUT', `/api/admin/exchange-rates/${today}`, { token, body: { rate: '2.5000' } });
    expect(saved.statusCode).toBe(200);
    expect((await price('USD')).value).toBeCloseTo(euro.value * 2.5, 1);
    expect(await price('EURO')).toEqual(euro);
  });

  it('a sale announced by the purchase flow is on the next read of the work, the list and the home figures', async () => {
    const work = await firstOnSale();
    const detail = `/api/paintings/detail?painting_id=${work.id}&currency=EURO`;
    const sold = async () => ({
      detail: (await get(detail)).json().data.paintings.sold_out_part,
      list: ((await get(LIST)).json().data.paintings as Work[]).find((p) => p.id === work.id)?.sold_out_part,
      home: ((await get('/api/content/home?currency=EURO')).json().data.featured as Work[]).find(
        (p) => p.id === work.id,
      )?.sold_out_part,
    });
    const before = await sold();
    await t.ctx.database.db
      .update(paintings)
      .set({ soldParts: before.detail + 1 })
      .where(eq(paintings.id, work.id));
    expect(await sold()).toEqual(before);
    t.ctx.catalogueChanges.changed({ kind: 'sale', paintingId: work.id });
    const after = await sold();
    await t.ctx.database.db.update(paintings).set({ soldParts: before.detail }).where(eq(paintings.id, work.id));
    t.ctx.catalogueChanges.changed({ kind: 'sale', paintingId: work.id });
    expect(after.detail).toBe(before.detail + 1);
    expect(after.list).toBe(before.detail + 1);
    if (before.home !== undefined) expect(after.home).toBe(before.detail + 1);
  });

  it('sales in a burst drop a work once per window: the last one is on the reads when the window ends', async () => {
    const work = await firstOnSale();
    const detail = `/api/paintings/detail?painting_id=${work.id}&currency=EURO`;
    const sold = async () => (await get(detail)).json().data.paintings.sold_out_part as number;
    const setSold = (parts: number) =>
      t.ctx.database.db.update(paintings).set({ soldParts: parts }).where(eq(paintings.id, work.id));
    // No window left open by an earlier test on this work (a trailing drop opens one more window).
    await new Promise((resolve) => setTimeout(resolve, 700));
    const start = await sold();
    await setSold(start + 1);
    t.ctx.catalogueChanges.changed({ kind: 'sale', paintingId: work.id });
    expect(await sold()).toBe(start + 1);
    await setSold(start + 2);
    t.ctx.catalogueChanges.changed({ kind: 'sale', paintingId: work.id });
    // At most one window later (250 ms) the second sale is on the read too.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const last = await sold();
    await setSold(start);
    expect(last).toBe(start + 2);
  });
});

describe('HTTP caching of public reads', () => {
  it('answers an ETag, then 304 to If-None-Match, then 200 with a new tag after a change', async () => {
    const first = await get(LIST);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    const again = await get(LIST, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const work = await firstOnSale();
    await retitleQuietly(work.id, `Retitled ${randomBytes(3).toString('hex')}`);
    t.ctx.catalogueChanges.changed({ kind: 'work', paintingId: work.id });
    const fresh = await get(LIST, { 'if-none-match': etag });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).not.toBe(etag);
  });

  it('sends kept bodies compressed as the client accepts, equal to the plain body', async () => {
    const plain = await get(LIST);
    const gzip = await get(LIST, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('has Cache-Control and ETag on the ticker, the home figures and the artists, none on private, admin or failed reads', async () => {
    for (const url of [
      '/api/artists/list/kpis',
      '/api/content/home?currency=USD',
      '/api/artists/?limit=10&offset=0&currency=EURO',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(PUBLIC_CACHE_CONTROL);
      expect(response.headers.etag, url).toBeTruthy();
    }
    const member = await createMember(t, { verified: true });
    const profile = await t.call('GET', '/api/user/profile', { token: member.accessToken });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control'] ?? '').not.toContain('public');
    expect(profile.headers.etag).toBeUndefined();
    const admin = await t.call('GET', '/api/admin/paintings?limit=5&offset=0', { token });
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['cache-control'] ?? '').not.toContain('public');
    const missing = await get('/api/paintings/detail?painting_id=00000000-0000-4000-8000-000000000000&currency=EURO');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control'] ?? '').not.toContain('public');
  });

  it('serves the same bilingual body whatever the language asked, with both languages in it', async () => {
    const en = await get(LIST, { 'accept-language': 'en', 'x-localization': 'en' });
    const fr = await get(LIST, { 'accept-language': 'fr', 'x-localization': 'fr' });
    expect(fr.body).toBe(en.body);
    const work = en.json().data.paintings[0];
    expect(Object.keys(work.title).sort()).toEqual(['en', 'fr']);
  });
});

/** Two app instances playing two processes: a change announced in one drops the other's kept reads. */
async function secondProcessSees(first: TestApp, second: TestApp) {
  const list = '/api/paintings/?type=primary&limit=100&offset=0&currency=USD';
  const titleOf = async (app: TestApp, id: string) =>
    ((await app.call('GET', list)).json().data.paintings as Work[]).find((p) => p.id === id)?.title.en;
  const [work] = (await first.call('GET', list)).json().data.paintings as Work[];
  if (!work) throw new Error('no work');
  const before = await titleOf(second, work.id);
  const title = `Elsewhere ${randomBytes(3).toString('hex')}`;
  await first.ctx.database.db.update(paintings).set({ titleEn: title }).where(eq(paintings.id, work.id));
  expect(await titleOf(second, work.id)).toBe(before);
  first.ctx.catalogueChanges.changed({ kind: 'work', paintingId: work.id });
  // Delivery is asynchronous: the other process drops its read within moments.
  const deadline = Date.now() + 5_000;
  let seen = await titleOf(second, work.id);
  while (seen !== title && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    seen = await titleOf(second, work.id);
  }
  expect(seen).toBe(title);
}

describe('across processes on one PostgreSQL (LISTEN/NOTIFY)', () => {
  it('a change announced by one instance is seen by another on the same database', async () => {
    expect(t.ctx.database.notifications).toBeDefined();
    const second = await createTestAppOn(t.ctx.database, { catalogueCacheSeconds: 60 });
    try {
      await secondProcessSees(t, second);
      await secondProcessSees(second, t);
    } finally {
      await second.close();
    }
  });

  it('listens again after its LISTEN connection is cut, dropping everything (changes may have been missed)', async () => {
    const second = await createTestAppOn(t.ctx.database, { catalogueCacheSeconds: 60 });
    const seen: string[] = [];
    const stop = second.ctx.catalogueChanges.onChange((change) => seen.push(change.kind));
    try {
      const cut = await t.ctx.database.executeSql(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'`,
      );
      expect(cut.rows.length).toBeGreaterThanOrEqual(2);
      const deadline = Date.now() + 10_000;
      while (!seen.includes('everything') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(seen).toContain('everything');
      await secondProcessSees(t, second);
    } finally {
      stop();
      await second.close();
    }
  });
});

describe('across processes through Redis (pub/sub)', async () => {
  const redisUrl = await testRedisUrl();
  it.skipIf(!redisUrl)('a change announced by one instance is seen by another sharing the Redis', async () => {
    const redis = { url: redisUrl as string, keyPrefix: `test-catalogue-${randomBytes(4).toString('hex')}:` };
    const first = await createTestAppOn(t.ctx.database, { catalogueCacheSeconds: 60, redis });
    const second = await createTestAppOn(t.ctx.database, { catalogueCacheSeconds: 60, redis });
    try {
      await secondProcessSees(first, second);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
