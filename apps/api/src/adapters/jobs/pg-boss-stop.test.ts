import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONCE, testQueue } from '../../../test/job-queue';
import { openTestDatabase } from '../../../test/test-app';
import { type DatabaseHandle, queryRows } from '../../db/client';
import type { ExecuteSql, PgBossQueue } from './pg-boss-queue';

/**
 * A stop that begins while a worker's fetch is in flight (seen at the end of a hot drop: the server crashed on its
 * way out, "Cannot use a pool after calling end on the pool" from pg-boss's own fail). pg-boss counts as running only
 * a batch already fetched, so the stop returned, the connection closed, and the batch the fetch then answered ran on
 * it. The fetch is held here until the stop has begun; the connection is "closed" when the stop returns.
 */
let database: DatabaseHandle;
let queue: PgBossQueue;
let closed = false;
/** Statements sent after the stop returned: each would have failed on a closed pool. */
const afterClose: string[] = [];
let holding = false;
let release = () => {};
const released = new Promise<void>((resolve) => {
  release = resolve;
});
let fetched = () => {};
const heldFetch = new Promise<void>((resolve) => {
  fetched = resolve;
});
const ran: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const executeSql: ExecuteSql = async (text, values) => {
    if (closed) afterClose.push(text.slice(0, 80));
    const result = await database.executeSql(text, values);
    // The worker's fetch that took the job answers only once the test lets it (after the stop began).
    if (holding && /SKIP LOCKED/i.test(text) && result.rows.length > 0) {
      holding = false;
      fetched();
      await released;
    }
    return result;
  };
  queue = testQueue(database, {}, executeSql);
  // A send that takes a moment, as SMTP does: the stop begins and would end before it.
  queue.define<{ n: number }>('mail', ONCE, async (job) => {
    ran.push(job.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
  await queue.start({ onError: () => undefined });
});

afterAll(async () => {
  await database?.close();
});

describe('a graceful stop while a worker is fetching', () => {
  it('runs the batch the fetch answers and lets pg-boss finish with it before it returns', async () => {
    // Guard: pg-boss-queue.ts stop() waiting for pg-boss's statements and this process's jobs (`settled`). Without
    // it the stop returns before the fetch answers, and the job runs and completes on the closed connection
    // (checked: it fails).
    holding = true;
    const id = await queue.send('mail', { n: 1 });
    await queue.work();
    await heldFetch;
    const stopping = queue.stop({ graceful: true, timeoutMs: 10_000 });
    // The fetch answers once pg-boss has looked for running batches and found none (it looks at once, then every
    // 500 ms). With the guard the stop waits for the fetch whenever it answers; the 50 ms only decide whether the
    // test, without the guard, sees the stop end first.
    setTimeout(release, 50);
    await stopping;
    closed = true;
    const state = async () =>
      (await queryRows<{ state: string }>(database.db, sql`SELECT state FROM pgboss.job WHERE id = ${id}`))[0]?.state;
    // Nothing is left to happen: the job ran and was completed before the stop returned.
    expect(ran).toEqual([id]);
    expect(await state()).toBe('completed');
    expect(afterClose).toEqual([]);
  });
});
