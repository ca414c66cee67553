import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPageDataReader, PageDataCache, type PageDataRead } from './page-data';

/** A tiny API with a counter, so that the test sees which reads reached it. */
let app: FastifyInstance;
let hits = 0;
let sold = 0;
beforeAll(async () => {
  app = Fastify();
  app.get('/api/paintings/detail', async (request, reply) => {
    hits += 1;
    const { painting_id: id } = request.query as { painting_id?: string };
    if (id === 'missing') return reply.status(404).send({ error: { en: 'Not found', fr: 'Introuvable' } });
    return { status: 200, data: { id, sold, language: request.headers['accept-language'] } };
  });
  await app.ready();
});
afterAll(() => app.close());

describe('public reads of server-rendered pages', () => {
  it('keeps a successful read for the TTL, shared by every visitor, then reads again', async () => {
    let clock = 1_000_000;
    const read = createPageDataReader(app, 10, () => clock);
    hits = 0;
    sold = 5;
    const first = await read('/paintings/detail', { painting_id: 'a' }, 'en');
    expect(first).toEqual({ status: 200, body: { status: 200, data: { id: 'a', sold: 5, language: 'en' } } });
    sold = 6;
    clock += 9_000;
    expect((await read('/paintings/detail', { painting_id: 'a' }, 'en')).body).toMatchObject({ data: { sold: 5 } });
    expect(hits).toBe(1);
    clock += 2_000;
    expect((await read('/paintings/detail', { painting_id: 'a' }, 'en')).body).toMatchObject({ data: { sold: 6 } });
    expect(hits).toBe(2);
  });

  it('keys by language and query, makes identical reads in flight once, and never keeps a refusal', async () => {
    const read = createPageDataReader(app, 10);
    hits = 0;
    await Promise.all([
      read('/paintings/detail', { painting_id: 'b' }, 'fr'),
      read('/paintings/detail', { painting_id: 'b' }, 'fr'),
    ]);
    expect(hits).toBe(1);
    expect((await read('/paintings/detail', { painting_id: 'b' }, 'en')).body).toMatchObject({
      data: { language: 'en' },
    });
    expect(hits).toBe(2);
    expect((await read('/paintings/detail', { painting_id: 'missing' }, 'en')).status).toBe(404);
    expect((await read('/paintings/detail', { painting_id: 'missing' }, 'en')).status).toBe(404);
    expect(hits).toBe(4);
  });

  it('keeps nothing with a TTL of 0', async () => {
    const read = createPageDataReader(app, 0);
    hits = 0;
    await read('/paintings/detail', { painting_id: 'c' }, 'en');
    await read('/paintings/detail', { painting_id: 'c' }, 'en');
    expect(hits).toBe(2);
  });
});

describe('forgetting kept reads', () => {
  it('forgets the reads under a path at once, and keeps the others', async () => {
    const cache = new PageDataCache();
    const read = createPageDataReader(app, 60, undefined, cache);
    hits = 0;
    sold = 1;
    await read('/paintings/detail', { painting_id: 'd' }, 'en');
    await read('/paintings/detail', { painting_id: 'd' }, 'fr');
    sold = 2;
    cache.forget('/content');
    expect((await read('/paintings/detail', { painting_id: 'd' }, 'en')).body).toMatchObject({ data: { sold: 1 } });
    expect(hits).toBe(2);
    cache.forget('/paintings');
    expect((await read('/paintings/detail', { painting_id: 'd' }, 'en')).body).toMatchObject({ data: { sold: 2 } });
    expect((await read('/paintings/detail', { painting_id: 'd' }, 'fr')).body).toMatchObject({ data: { sold: 2 } });
    expect(hits).toBe(4);
  });
});

describe('sales', () => {
  it("drops the sold work's own reads at once, keeps the lists, and at most once a second per work", async () => {
    vi.useFakeTimers();
    try {
      const cache = new PageDataCache();
      const read = createPageDataReader(app, 60, undefined, cache);
      hits = 0;
      sold = 1;
      await read('/paintings/detail', { painting_id: 'e' }, 'en');
      await read('/paintings/detail', { painting_id: 'f' }, 'en');
      sold = 2;
      cache.changed({ kind: 'sale', paintingId: 'e' });
      expect((await read('/paintings/detail', { painting_id: 'e' }, 'en')).body).toMatchObject({ data: { sold: 2 } });
      expect((await read('/paintings/detail', { painting_id: 'f' }, 'en')).body).toMatchObject({ data: { sold: 1 } });
      expect(hits).toBe(3);
      // A second sale within the window is acted on when the window ends, not before.
      sold = 3;
      cache.changed({ kind: 'sale', paintingId: 'e' });
      expect((await read('/paintings/detail', { painting_id: 'e' }, 'en')).body).toMatchObject({ data: { sold: 2 } });
      vi.advanceTimersByTime(1000);
      expect((await read('/paintings/detail', { painting_id: 'e' }, 'en')).body).toMatchObject({ data: { sold: 3 } });
      cache.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep a read that started before a sale and ended after it', async () => {
    const cache = new PageDataCache();
    const read = createPageDataReader(app, 60, undefined, cache);
    hits = 0;
    sold = 4;
    const before = read('/paintings/detail', { painting_id: 'g' }, 'en');
    cache.changed({ kind: 'sale', paintingId: 'g' });
    sold = 5;
    await before;
    expect((await read('/paintings/detail', { painting_id: 'g' }, 'en')).body).toMatchObject({ data: { sold: 5 } });
    expect(hits).toBe(2);
    cache.stop();
  });
});

describe('what a page read, for the page cache', () => {
  it('tells each read a page made, shared or not, and its status', async () => {
    const read = createPageDataReader(app, 10);
    const seen: PageDataRead[] = [];
    await Promise.all([
      read('/paintings/detail', { painting_id: 'h' }, 'en', (one) => seen.push(one)),
      read('/paintings/detail', { painting_id: 'h' }, 'en', (one) => seen.push(one)),
    ]);
    await read('/paintings/detail', { painting_id: 'h' }, 'en', (one) => seen.push(one));
    await read('/paintings/detail', { painting_id: 'missing' }, 'en', (one) => seen.push(one));
    const h = { url: '/api/paintings/detail?painting_id=h', status: 200 };
    expect(seen).toEqual([h, h, h, { url: '/api/paintings/detail?painting_id=missing', status: 404 }]);
  });

  it('tells its listeners what each forget drops', () => {
    const cache = new PageDataCache();
    const forgets: ((url: string) => boolean)[] = [];
    const stop = cache.onForget((stale) => forgets.push(stale));
    cache.changed({ kind: 'content' });
    cache.changed({ kind: 'sale', paintingId: 'J' });
    cache.changed({ kind: 'everything' });
    stop();
    cache.changed({ kind: 'rate' });
    cache.stop();
    expect(forgets).toHaveLength(3);
    const [content, sale, everything] = forgets as [
      (u: string) => boolean,
      (u: string) => boolean,
      (u: string) => boolean,
    ];
    expect(content('/api/content/?type=about')).toBe(true);
    expect(content('/api/paintings/')).toBe(false);
    expect(sale('/api/paintings/detail?painting_id=j')).toBe(true);
    expect(sale('/api/paintings/?type=primary')).toBe(false);
    expect(everything('/api/paintings/')).toBe(true);
  });
});
