import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app';
import { type DatabaseHandle, queryRows } from '../../db/client';
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
  queue.define<{ fails: boolean }>('some-fail', ONCE, async (job) => {
    if (job.data.fails) throw new Error('this one failed');
  });
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

describe('a worker (decision 499)', () => {
  it('fetches waiting jobs together and gives each its own outcome: one that throws is retried alone', async () => {
    // Guard: pg-boss-queue.ts work() catches each job's throw and fails that job alone. Letting the throw out (as with
    // one job a fetch) fails the whole batch: the jobs after the failing one are retried too (checked: it fails). One job a fetch, they start apart (checked).
    const ids: string[] = [];
    for (const fails of [false, true, false, true, false]) ids.push((await queue.send('some-fail', { fails })) ?? '');
    await queue.work();
    const states = async () =>
      queryRows<{ id: string; state: string; started_on: Date; fails: boolean }>(
        database.db,
        sql`SELECT id, state, started_on, (data->>'fails')::boolean AS fails FROM pgboss.job WHERE name = 'some-fail'`,
      );
    for (let tries = 0; tries < 100; tries++) {
      if ((await states()).every((job) => job.state !== 'created' && job.state !== 'active')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const jobs = await states();
    expect(jobs).toHaveLength(5);
    for (const job of jobs) expect(job.state).toBe(job.fails ? 'retry' : 'completed');
    // Fetched by one statement: one start for all five (one a poll, they would start 0.5 s apart).
    expect(new Set(jobs.map((job) => new Date(job.started_on).getTime())).size).toBe(1);
  });
});
