import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONCE, testQueue } from '../../../test/job-queue';
import { openTestDatabase } from '../../../test/test-app';
import type { DatabaseHandle } from '../../db/client';
import { PurchasesInFlight } from '../../db/turns';
import type { PgBossQueue } from './pg-boss-queue';

/**
 * Decision 601: a kind of job that yields to a drop waits, fetched, while this process has purchases in flight,
 * until none is left or its bound has passed; other kinds (a sign-in code's email) run as ever. Real pg-boss workers
 * on PostgreSQL; the purchases in flight are counted by hand, as the works' turns count them.
 */
let database: DatabaseHandle;
let queue: PgBossQueue;
const inFlight = new PurchasesInFlight();
const ran: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  queue = testQueue(database, { purchasesInFlight: inFlight });
  const record = async (job: { id: string }) => {
    ran.push(job.id);
  };
  queue.define('confirmation', { ...ONCE, yieldsToPurchasesForSeconds: 60 }, record);
  queue.define('short-bound', { ...ONCE, yieldsToPurchasesForSeconds: 0.5 }, record);
  queue.define('code', ONCE, record);
  await queue.start({ onError: () => undefined });
  await queue.work();
});

afterAll(async () => {
  await queue?.stop({ graceful: true, timeoutMs: 5_000 });
  await database?.close();
});

describe('jobs that yield to a drop (decision 601)', () => {
  it('hold a fetched confirmation while purchases are in flight, run the others, and run it once none is', async () => {
    // Guard: pg-boss-queue.ts yieldToPurchases. Without it the confirmation runs as soon as it is fetched and never
    // waits (`yielding()` stays 0: this poll fails).
    inFlight.change(1);
    const confirmation = await queue.send('confirmation', { n: 1 });
    await expect.poll(() => queue.yielding(), { timeout: 30_000 }).toBe(1);
    expect(ran).not.toContain(confirmation);
    // A kind that does not yield runs meanwhile.
    const code = await queue.send('code', { n: 2 });
    await expect.poll(() => ran.includes(code ?? ''), { timeout: 30_000 }).toBe(true);
    expect(ran).not.toContain(confirmation);
    // The drop is over: the confirmation runs.
    inFlight.change(-1);
    await expect.poll(() => ran.includes(confirmation ?? ''), { timeout: 30_000 }).toBe(true);
    expect(queue.yielding()).toBe(0);
  });

  it('runs a job whose bound has passed though purchases are still in flight', async () => {
    // Guard: the bound (yieldToPurchases' `oldest + bound`). Without it, this job waits as long as the drop lasts.
    inFlight.change(1);
    try {
      const job = await queue.send('short-bound', { n: 3 });
      await expect.poll(() => ran.includes(job ?? ''), { timeout: 30_000 }).toBe(true);
      expect(inFlight.size).toBe(1);
    } finally {
      inFlight.change(-1);
    }
  });

  it('ends the wait when the process stops, and runs the batch (graceful)', async () => {
    // Guard: stop() aborting the wait. Without it the graceful stop waits for the drop or the 60 s bound and
    // gives up at its timeout, the batch still held (not run).
    inFlight.change(1);
    const confirmation = await queue.send('confirmation', { n: 4 });
    await expect.poll(() => queue.yielding(), { timeout: 30_000 }).toBe(1);
    await queue.stop({ graceful: true, timeoutMs: 5_000 });
    expect(ran).toContain(confirmation);
    inFlight.change(-1);
  });
});
