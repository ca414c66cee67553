import { Redis } from 'ioredis';
import type { CounterStore } from './counters';

/** A Redis client for the limits: fails a command fast when Redis is away rather than queueing it for ever. */
export function createRedisClient(url: string, keyPrefix: string): Redis {
  return new Redis(url, {
    keyPrefix,
    lazyConnect: true,
    connectTimeout: 5_000,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
  });
}

/**
 * Counters shared by every API process through Redis (REDIS_URL). Each operation is one atomic command or one
 * MULTI, so attempts arriving at several processes at once all count; expiry is Redis's own clock.
 */
export class RedisCounterStore implements CounterStore {
  readonly kind = 'redis' as const;

  constructor(readonly client: Redis) {}

  /** Connects at start-up; a Redis that does not answer is a clear error (and the client stops retrying). */
  async connect(): Promise<void> {
    try {
      if (this.client.status === 'wait') await this.client.connect();
      await this.client.ping();
    } catch (error) {
      await this.close();
      throw new Error(`REDIS_URL: Redis does not answer (${(error as Error).message})`);
    }
  }

  async add(key: string, delta: number, windowMs: number): Promise<number> {
    // SET NX starts the window only when the counter is new; INCRBY keeps the TTL it has.
    const results = await this.client
      .multi()
      .set(key, '0', 'PX', Math.max(1, Math.ceil(windowMs)), 'NX')
      .incrby(key, delta)
      .exec();
    const [error, value] = results?.[1] ?? [new Error('Redis transaction aborted'), null];
    if (error) throw error;
    return Number(value);
  }

  async acquire(key: string, ms: number): Promise<boolean> {
    return (await this.client.set(key, '1', 'PX', Math.max(1, Math.ceil(ms)), 'NX')) === 'OK';
  }

  async hold(key: string, ms: number): Promise<void> {
    await this.client.set(key, '1', 'PX', Math.max(1, Math.ceil(ms)));
  }

  async heldFor(key: string): Promise<number> {
    return Math.max(0, await this.client.pttl(key));
  }

  async remove(...keys: string[]): Promise<void> {
    if (keys.length > 0) await this.client.del(...keys);
  }

  async close(): Promise<void> {
    if (this.client.status !== 'ready') {
      this.client.disconnect(); // not connected (or still trying): stop the reconnection attempts
      return;
    }
    const ended = new Promise<void>((resolve) => this.client.once('end', () => resolve()));
    await this.client.quit().catch(() => this.client.disconnect());
    await ended;
  }
}
