import { describe, expect, it } from 'vitest';
import { AppError, RetryLaterError } from '../http/errors';
import { PurchasesInFlight, type Settled, WorkTurns } from './turns';

/** A batch runner the test steps by hand: each batch waits until the test opens it, and answers what the test says. */
function steppedRunner() {
  const batches: { work: string; items: number[]; open: (answer?: (items: number[]) => Settled<string>[]) => void }[] =
    [];
  const waiters: (() => void)[] = [];
  const runBatch = (work: string, items: number[]) =>
    new Promise<Settled<string>[]>((resolve, reject) => {
      batches.push({
        work,
        items,
        open: (answer) => {
          try {
            resolve(answer ? answer(items) : items.map((n) => ({ value: `done ${n}` })));
          } catch (error) {
            reject(error);
          }
        },
      });
      for (const wake of waiters.splice(0)) wake();
    });
  /** Resolves once `count` batches have started. */
  const started = async (count: number) => {
    while (batches.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  return { batches, runBatch, started };
}

describe('WorkTurns: purchases of one work as batches, in arrival order', () => {
  it('runs the first alone, then those that arrived meanwhile together (at most maxBatch), each its own answer', async () => {
    const runner = steppedRunner();
    const turns = new WorkTurns(runner.runBatch, { maxBatch: 3, maxWaitMs: 10_000 });
    const answers = [1, 2, 3, 4, 5, 6].map((n) => turns.run('work', n));
    await runner.started(1);
    expect(runner.batches.map((b) => b.items)).toEqual([[1]]);
    expect(turns.waiting('work')).toBe(5);
    runner.batches[0]?.open();
    await runner.started(2);
    // 2–4 go together, 5 and 6 wait for the next: arrival order kept, the batch bounded.
    expect(runner.batches[1]?.items).toEqual([2, 3, 4]);
    const late = turns.run('work', 7);
    runner.batches[1]?.open((items) =>
      items.map((n) => (n === 3 ? { error: new AppError(400, 'NotEnoughParts') } : { value: `done ${n}` })),
    );
    await runner.started(3);
    expect(runner.batches[2]?.items).toEqual([5, 6, 7]);
    runner.batches[2]?.open();
    const settled = await Promise.allSettled([...answers, late]);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as AppError).key))).toEqual([
      'done 1',
      'done 2',
      'NotEnoughParts',
      'done 4',
      'done 5',
      'done 6',
      'done 7',
    ]);
    expect(turns.waiting('work')).toBe(0);
  });

  it('another work does not wait for this one', async () => {
    const runner = steppedRunner();
    const turns = new WorkTurns(runner.runBatch, { maxBatch: 48, maxWaitMs: 10_000 });
    const a = turns.run('a', 1);
    const b = turns.run('b', 2);
    await runner.started(2);
    expect(runner.batches.map((batch) => batch.work)).toEqual(['a', 'b']);
    runner.batches[1]?.open();
    await expect(b).resolves.toBe('done 2');
    runner.batches[0]?.open();
    await expect(a).resolves.toBe('done 1');
  });

  it('runs a batch that failed as a whole one request at a time; an AppError is every request`s answer', async () => {
    const runner = steppedRunner();
    const turns = new WorkTurns(runner.runBatch, { maxBatch: 48, maxWaitMs: 10_000 });
    const first = turns.run('work', 1);
    await runner.started(1);
    const rest = [2, 3].map((n) => turns.run('work', n));
    runner.batches[0]?.open();
    await runner.started(2);
    runner.batches[1]?.open(() => {
      throw new Error('a unique index nobody foresaw');
    });
    // Each alone, in arrival order: the one that fails alone gets its own failure, the other its purchase.
    await runner.started(3);
    expect(runner.batches[2]?.items).toEqual([2]);
    runner.batches[2]?.open(() => {
      throw new Error('request 2 is the bad one');
    });
    await runner.started(4);
    expect(runner.batches[3]?.items).toEqual([3]);
    runner.batches[3]?.open();
    await expect(first).resolves.toBe('done 1');
    await expect(rest[0]).rejects.toThrow('request 2 is the bad one');
    await expect(rest[1]).resolves.toBe('done 3');

    const busy = [4, 5].map((n) => turns.run('work', n));
    await runner.started(5);
    runner.batches[4]?.open(() => {
      throw new RetryLaterError(1, 'DropBusy', 503);
    });
    await expect(busy[0]).rejects.toBeInstanceOf(RetryLaterError);
    await runner.started(6);
    runner.batches[5]?.open(() => {
      throw new RetryLaterError(1, 'DropBusy', 503);
    });
    await expect(busy[1]).rejects.toBeInstanceOf(RetryLaterError);
    expect(runner.batches.length).toBe(6);
  });

  it('answers 503 DropBusy to a request that waited too long for its batch, and forgets it', async () => {
    const runner = steppedRunner();
    const turns = new WorkTurns(runner.runBatch, { maxBatch: 48, maxWaitMs: 30 });
    const busy = turns.run('work', 1);
    await runner.started(1);
    const late = turns.run('work', 2);
    await expect(late).rejects.toBeInstanceOf(RetryLaterError);
    await late.catch((error: RetryLaterError) => {
      expect([error.status, error.key, error.retryAfterSeconds]).toEqual([503, 'DropBusy', 1]);
    });
    expect(turns.waiting('work')).toBe(0);
    runner.batches[0]?.open();
    await expect(busy).resolves.toBe('done 1');
    expect(runner.batches.length).toBe(1);
  });
});

/** A work's turns that count their requests, stepped by hand. */
function countedTurns(maxWaitMs = 10_000) {
  const runner = steppedRunner();
  const inFlight = new PurchasesInFlight();
  return { runner, inFlight, turns: new WorkTurns(runner.runBatch, { maxWaitMs, inFlight }) };
}

describe('PurchasesInFlight: what background work yields to (decision 601)', () => {
  it("counts a turn's requests from arrival to answer, whichever way they are answered", async () => {
    // Guard: WorkTurns counts in and out (turns.ts:run). Without it, nothing is in flight and no job ever yields.
    const { runner, inFlight, turns } = countedTurns();
    const first = turns.run('work', 1);
    await runner.started(1);
    const next = [turns.run('work', 2), turns.run('work', 3)];
    expect(inFlight.size).toBe(3);
    runner.batches[0]?.open();
    await expect(first).resolves.toBe('done 1');
    expect(inFlight.size).toBe(2);
    await runner.started(2);
    // One refused, one accepted, in the same batch: each is counted out once.
    runner.batches[1]?.open(() => [{ error: new AppError(400, 'NotEnoughParts') }, { value: 'done 3' }]);
    await expect(next[0]).rejects.toBeInstanceOf(AppError);
    await expect(next[1]).resolves.toBe('done 3');
    expect(inFlight.size).toBe(0);
  });

  it('counts out a request answered 503 for waiting too long', async () => {
    const { runner, inFlight, turns } = countedTurns(30);
    const busy = turns.run('work', 1);
    await runner.started(1);
    await expect(turns.run('work', 2)).rejects.toBeInstanceOf(RetryLaterError);
    expect(inFlight.size).toBe(1);
    runner.batches[0]?.open();
    await busy;
    expect(inFlight.size).toBe(0);
  });

  it('wakes those waiting for quiet when the last request is answered, or at their bound, or when told to stop', async () => {
    const { runner, inFlight, turns } = countedTurns();
    const purchase = turns.run('work', 1);
    await runner.started(1);
    let quiet = false;
    const waiting = inFlight.whenQuiet(60_000).then(() => {
      quiet = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(quiet).toBe(false);
    runner.batches[0]?.open();
    await purchase;
    await waiting;
    expect(quiet).toBe(true);
    // Still busy: the bound, and a stop, end the wait.
    const again = turns.run('work', 2);
    await runner.started(2);
    const started = Date.now();
    await inFlight.whenQuiet(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    const stop = new AbortController();
    const stopped = inFlight.whenQuiet(60_000, stop.signal);
    stop.abort();
    await stopped;
    runner.batches[1]?.open();
    await again;
    expect(inFlight.size).toBe(0);
  });
});
