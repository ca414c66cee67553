import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONCE, testQueue } from '../../../test/job-queue';
import { openTestDatabase } from '../../../test/test-app';
import { type DatabaseHandle, queryRows } from '../../db/client';
import type { JobFailure } from './job-queue';
import type { PgBossQueue } from './pg-boss-queue';

let database: DatabaseHandle;
let queue: PgBossQueue;
const failures: JobFailure[] = [];
let attempts = 0;
/** What each job of the slow batch saw, when it ended, of the others' states. */
const seen: (string | undefined)[][] = [];
const stateOf = async (id: string) =>
  (await queryRows<{ state: string }>(database.db, sql`SELECT state FROM pgboss.job WHERE id = ${id}`))[0]?.state;

beforeAll(async () => {
  database = await openTestDatabase();
  queue = testQueue(database, { completeAfterMs: 200 });
  queue.define<{ member: string }>('always-fails', ONCE, async () => {
    attempts++;
    throw new Error('the provider did not answer');
  });
  queue.define('succeeds', ONCE, async () => undefined);
  queue.define<{ batch: string[] }>('slow', ONCE, async (job) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const others = job.data.batch.filter((id) => id !== job.id);
    seen.push(await Promise.all(others.map(stateOf)));
  });
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

describe("a worker's slow batch (decision 499)", () => {
  it('completes the jobs it has done before going on, so a later job that hangs cannot fail them', async () => {
    // Guard: pg-boss-queue.ts work() completes the done jobs once the batch has run longer than completeAfterMs.
    // Without it, the others are still active when the last one runs (checked: 'active').
    // One statement, so the worker started above fetches them as one batch; they run in any order, 300 ms each.
    const batch = [randomUUID(), randomUUID(), randomUUID()];
    await queue.sendMany(
      'slow',
      batch.map((id) => ({ id, data: { batch } })),
    );
    for (let tries = 0; tries < 100 && seen.length < 3; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The last to run saw the two before it completed already (the batch had run 600 ms, more than 200).
    expect(seen.at(-1)).toEqual(['completed', 'completed']);
  });
});

describe('a worker with more waiting than a batch (decision 518)', () => {
  it('fetches again at once after a full batch, not after its poll interval', async () => {
    // Guard: pg-boss-queue.ts work() notifies its worker after a full batch. Without it the second and third batches
    // each wait the poll interval, here a minute, and this test times out (checked).
    const slowPoll = testQueue(database, { pollSeconds: 60 });
    let handled = 0;
    slowPoll.define('many', ONCE, async () => {
      handled++;
    });
    await slowPoll.start({ onError: () => undefined });
    try {
      // 25 jobs: two full batches of ten and one of five, all before the worker's first fetch.
      await slowPoll.sendMany(
        'many',
        Array.from({ length: 25 }, () => ({ id: randomUUID(), data: {} })),
      );
      await slowPoll.work();
      for (let tries = 0; tries < 150 && handled < 25; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(handled).toBe(25);
    } finally {
      await slowPoll.stop({ graceful: false, timeoutMs: 1000 });
    }
  });
});

describe("drain() beside this process's worker", () => {
  it('waits for a batch the worker has taken, so what that job writes is there when drain() answers', async () => {
    // Guard: pg-boss-queue.ts work() tracks its batch (`this.track(this.runBatch(…))`). Without it drain() finds no
    // job to fetch and nothing running, and answers while the worker's job is still at work (checked).
    const side = testQueue(database);
    let finished = false;
    side.define('taken', ONCE, async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      finished = true;
    });
    await side.start({ onError: () => undefined });
    try {
      const id = (await side.send('taken', {})) ?? '';
      await side.work();
      for (let tries = 0; tries < 100 && (await stateOf(id)) !== 'active'; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await stateOf(id)).toBe('active');
      await side.drain(['taken']);
      expect(finished).toBe(true);
    } finally {
      await side.stop({ graceful: false, timeoutMs: 1000 });
    }
  });
});
