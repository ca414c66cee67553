import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalCatalogueChanges } from './changes';
import { matchesEtag, PublicReadCache } from './read-cache';

const WORK = '0c8b1d2b-f975-55bb-abe4-1687b9094829';
const OTHER = '9d2f6a10-1111-4222-8333-944455556666';

/** One kept route whose handler counts its reads: a read from memory does not reach it. */
async function appWith(cache: PublicReadCache) {
  const app = Fastify();
  let reads = 0;
  app.get('/work', { onRequest: cache.onRequest }, async (request, reply) => {
    reads++;
    return cache.answer('painting', request, reply, { id: WORK, reads });
  });
  app.get('/other', { onRequest: cache.onRequest }, async (request, reply) => {
    reads++;
    return cache.answer('painting', request, reply, { id: OTHER, reads });
  });
  await app.ready();
  return { app, reads: () => reads, get: async (url: string) => (await app.inject(url)).json().reads as number };
}

afterEach(() => vi.useRealTimers());

describe('PublicReadCache: sales coalesced per work', () => {
  it('drops a work at its first sale, then at most once per window, the last sale at the window end', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const changes = new LocalCatalogueChanges();
    const cache = new PublicReadCache({ ttlMs: 60_000, saleWindowMs: 250 });
    cache.listen(changes);
    const { get, reads } = await appWith(cache);
    expect(await get('/work')).toBe(1);
    expect(await get('/other')).toBe(2);
    changes.changed({ kind: 'sale', paintingId: WORK });
    expect(await get('/work')).toBe(3);
    // A burst within the window: the read stays in memory (the cache still helps during a drop)…
    for (let i = 0; i < 100; i++) changes.changed({ kind: 'sale', paintingId: WORK });
    expect(await get('/work')).toBe(3);
    // …and another work's reads are not touched at all.
    expect(await get('/other')).toBe(2);
    // At the end of the window the burst's last sale drops it once.
    await vi.advanceTimersByTimeAsync(250);
    expect(await get('/work')).toBe(4);
    expect(reads()).toBe(4);
    // A quiet window closes without dropping anything more.
    await vi.advanceTimersByTimeAsync(250);
    expect(await get('/work')).toBe(4);
  });

  it('drops everything on an operator change, and nothing for a content change', async () => {
    const changes = new LocalCatalogueChanges();
    const cache = new PublicReadCache({ ttlMs: 60_000 });
    cache.listen(changes);
    const { get } = await appWith(cache);
    await get('/work');
    await get('/other');
    changes.changed({ kind: 'content' });
    expect(cache.size).toBe(2);
    changes.changed({ kind: 'rate' });
    expect(cache.size).toBe(0);
  });

  it('does not keep a read that started before a change and ended after it', async () => {
    const changes = new LocalCatalogueChanges();
    const cache = new PublicReadCache({ ttlMs: 60_000 });
    cache.listen(changes);
    const app = Fastify();
    app.get('/slow', { onRequest: cache.onRequest }, async (request, reply) => {
      // The change lands while this read is under way (its rows may be the old ones).
      changes.changed({ kind: 'work', paintingId: WORK });
      return cache.answer('painting', request, reply, { id: WORK });
    });
    await app.inject('/slow');
    expect(cache.size).toBe(0);
  });

  it('compares entity tags weakly, in lists and with *', () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});
