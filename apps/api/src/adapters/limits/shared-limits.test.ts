import { randomBytes } from 'node:crypto';
import { messages } from '@parcelle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testRedisUrl } from '../../../test/test-app';
import { type CounterStore, MemoryCounterStore } from './counters';
import { createRedisClient, RedisCounterStore } from './redis-counters';

const redisUrl = await testRedisUrl();
/** A prefix of its own for each test, so that tests (and runs) never share a counter. */
const freshPrefix = () => `parcelle-test:${randomBytes(6).toString('hex')}:`;

describe('MemoryCounterStore', () => {
  it('counts in fixed windows, holds until a hold expires, and frees what is removed', async () => {
    let now = 1_000_000;
    const store = new MemoryCounterStore(() => now);
    await contract(store, (ms) => {
      now += ms;
      return Promise.resolve();
    });
  });
});

describe.skipIf(!redisUrl)('RedisCounterStore (needs Redis: TEST_REDIS_URL or 127.0.0.1:6379)', () => {
  it('behaves as the memory store, on Redis’s clock', async () => {
    const store = new RedisCounterStore(createRedisClient(redisUrl ?? '', freshPrefix()));
    await store.connect();
    try {
      await contract(store, (ms) => new Promise((resolve) => setTimeout(resolve, ms)), 60);
    } finally {
      await store.close();
    }
    expect(store.client.status).toBe('end');
  });
});

/** What both stores promise; `scale` stretches the windows for a store on a real clock. */
async function contract(store: CounterStore, wait: (ms: number) => Promise<void>, scale = 1) {
  const window = 10 * scale;
  expect(await store.add('a', 1, window)).toBe(1);
  expect(await store.add('a', 1, window)).toBe(2);
  expect(await store.add('a', -1, window)).toBe(1);
  await wait(window / 2);
  expect(await store.add('a', 1, window)).toBe(2); // a later addition does not extend the window
  await wait(window / 2 + 2 * scale);
  expect(await store.add('a', 1, window)).toBe(1);

  expect(await store.heldFor('h')).toBe(0);
  expect(await store.acquire('h', window)).toBe(true);
  expect(await store.acquire('h', window)).toBe(false);
  expect(await store.heldFor('h')).toBeGreaterThan(0);
  expect(await store.heldFor('h')).toBeLessThanOrEqual(window);
  await store.hold('h', 3 * window);
  expect(await store.heldFor('h')).toBeGreaterThan(window);
  await store.remove('h', 'a');
  expect(await store.heldFor('h')).toBe(0);
  expect(await store.add('a', 1, window)).toBe(1);
  await store.hold('short', window);
  await wait(window + 2 * scale);
  expect(await store.heldFor('short')).toBe(0);
  expect(await store.acquire('short', window)).toBe(true);
}

describe.skipIf(!redisUrl)('two API processes sharing one Redis', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    // One prefix for both apps: two processes of one deployment. Separate databases and contexts, one Redis.
    const redis = { url: redisUrl ?? '', keyPrefix: freshPrefix() };
    first = await createTestApp({ rateLimitAuthPerMinute: 3, redis });
    second = await createTestApp({ rateLimitAuthPerMinute: 3, redis });
  }, 60_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('share one per-route limit: requests split across both hit 429 at the same total', async () => {
    // GET /api/captcha/challenge allows twice the auth budget: 6 a minute per IP.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const app = i % 2 === 0 ? first : second;
      const response = await app.call('GET', '/api/captcha/challenge', { ip: '203.0.113.21' });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json().error).toEqual(messages.TooManyRequests);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    // Another client is counted apart.
    expect((await second.call('GET', '/api/captcha/challenge', { ip: '203.0.113.22' })).statusCode).toBe(200);
  });

  it('share the failed sign-ins of an account: the delay one process set holds in the other', async () => {
    const email = `shared.${Date.now()}@example.com`;
    const attempt = (app: TestApp, ip: string) =>
      app.call('POST', '/api/auth/token', { ip, body: { email, password: 'Wrong!pass1' } });
    expect((await attempt(first, '198.51.100.31')).statusCode).toBe(401);
    expect((await attempt(second, '198.51.100.32')).statusCode).toBe(401);
    expect((await attempt(first, '198.51.100.33')).statusCode).toBe(401);
    // Three failures in all (two on the first process, one on the second): the fourth must wait, wherever it lands.
    const early = await attempt(second, '198.51.100.34');
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('1');
    expect(early.json().error).toEqual(messages.SignInWait);
  });
});

describe.skipIf(!redisUrl)('the Redis client’s life', () => {
  it('opens with the app and closes with it', async () => {
    const t = await createTestApp({ redis: { url: redisUrl ?? '', keyPrefix: freshPrefix() } });
    const store = t.ctx.counters as RedisCounterStore;
    expect(store.kind).toBe('redis');
    expect(store.client.status).toBe('ready');
    await t.close();
    expect(store.client.status).toBe('end');
  });
});

describe('RedisCounterStore without Redis', () => {
  it('refuses to start when REDIS_URL does not answer, and stops trying', async () => {
    const store = new RedisCounterStore(createRedisClient('redis://127.0.0.1:1', freshPrefix()));
    store.client.on('error', () => {});
    await expect(store.connect()).rejects.toThrow(/REDIS_URL: Redis does not answer/);
    let attempts = 0;
    store.client.on('connecting', () => attempts++);
    await new Promise((resolve) => setTimeout(resolve, 500)); // ioredis would retry after 50 ms, 100 ms…
    expect(attempts).toBe(0);
  });
});
