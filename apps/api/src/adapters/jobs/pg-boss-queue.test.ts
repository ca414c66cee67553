import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app';
import type { DatabaseHandle } from '../../db/client';
import type { JobFailure } from './job-queue';
import { PgBossQueue } from './pg-boss-queue';

const ONCE = { retryLimit: 1, retryDelaySeconds: 60, backoff: false, expireInSeconds: 60, policy: 'standard' } as const;

let database: DatabaseHandle;
let queue: PgBossQueue;
const failures: JobFailure[] = [];
let attempts = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  queue = new PgBossQueue(database.executeSql, {
    pollSeconds: 0.5,
    maintenance: false,
    exclusively: database.exclusively,
  });
  queue.define<{ member: string }>('always-fails', ONCE, async () => {
    attempts++;
    throw new Error('the provider did not answer');
  });
  queue.define('succeeds', ONCE, async () => undefined);
  await queue.start({ onError: () => undefined, onJobFailed: (failure) => failures.push(failure) });
});

afterAll(async () => {
  await queue?.stop({ graceful: false, timeoutMs: 1000 });
  await database?.close();
});

describe('a job whose code throws', () => {
  it('is reported with its name, id, attempt and error (never its data), and a job that succeeds is not', async () => {
    const failing = await queue.send('always-fails', { member: 'Berthe Morisot' });
    await queue.send('succeeds', {});
    await queue.drain();
    expect(attempts).toBe(1);
    expect(failures).toHaveLength(1);
    const [failure] = failures;
    expect(failure).toMatchObject({ name: 'always-fails', id: failing, retryCount: 0 });
    expect(failure?.error.message).toBe('the provider did not answer');
    expect(JSON.stringify(failure)).not.toContain('Berthe');
  });
});
