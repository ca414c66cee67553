import { describe, expect, it } from 'vitest';
import { RetryLaterError } from '../../http/errors';
import { WorkTurns } from './turns';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('WorkTurns: purchases of one work in arrival order', () => {
  it('lets `concurrency` run at once and starts the others in the order they came, never a late one first', async () => {
    const turns = new WorkTurns(2, 10_000);
    const started: number[] = [];
    const gates: (() => void)[] = [];
    const run = (n: number) =>
      turns.run('work', async () => {
        started.push(n);
        await new Promise<void>((resolve) => gates.push(resolve));
      });
    const all = [1, 2, 3, 4, 5].map(run);
    await tick();
    expect(started).toEqual([1, 2]);
    expect(turns.waiting('work')).toBe(3);
    gates[0]?.();
    await tick();
    // A request arriving now queues behind 4 and 5 although 3's start left no slot free for a moment.
    all.push(run(6));
    gates[1]?.();
    await tick();
    for (let i = 2; i < 6; i++) {
      gates[i]?.();
      await tick();
    }
    await Promise.all(all);
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
    expect(turns.waiting('work')).toBe(0);
  });

  it('another work does not wait for this one', async () => {
    const turns = new WorkTurns(1, 10_000);
    let release!: () => void;
    const busy = turns.run('a', () => new Promise<void>((resolve) => (release = resolve)));
    await expect(turns.run('b', async () => 'b done')).resolves.toBe('b done');
    release();
    await busy;
  });

  it('answers 503 DropBusy to a request that waited too long for its turn, and forgets it', async () => {
    const turns = new WorkTurns(1, 30);
    let release!: () => void;
    const busy = turns.run('work', () => new Promise<void>((resolve) => (release = resolve)));
    const late = turns.run('work', async () => 'never');
    await expect(late).rejects.toBeInstanceOf(RetryLaterError);
    await late.catch((error: RetryLaterError) => {
      expect([error.status, error.key, error.retryAfterSeconds]).toEqual([503, 'DropBusy', 1]);
    });
    expect(turns.waiting('work')).toBe(0);
    release();
    await busy;
  });
});
