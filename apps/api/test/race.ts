import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../src/db/client';

/**
 * Concurrency proofs, on PostgreSQL (every API test runs there): `raceBehindLock` forces the interleaving that a
 * missing lock would lose.
 */

/** The title of a concurrency test or group, saying what it proves. */
export function raceTitle(title: string): string {
  return `race on PostgreSQL (separate connections): ${title}`;
}

/** Counts the backends of this test database waiting on a lock (row or table), the asking connection excluded. */
export const LOCK_WAITERS_SQL = `SELECT count(*)::int AS waiting FROM pg_stat_activity
  WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`;

async function lockWaiters(db: Database): Promise<number> {
  const [row] = await queryRows<{ waiting: number }>(db, sql.raw(LOCK_WAITERS_SQL));
  return Number(row?.waiting ?? 0);
}

const WAIT_LIMIT_MS = 15_000;

/**
 * Runs racers against a row the test holds locked, so that none of them can finish before all of them have read
 * what they race for:
 * 1. a transaction of the test locks the row (`lock`, a `SELECT … FOR UPDATE`);
 * 2. the racers start; each one stops at the first statement that needs that row: the `FOR UPDATE` of the code under
 *    test when it has one, otherwise (the guard removed) its write of the row, or its insert referencing it, which
 *    comes after it has read the stale value;
 * 3. once `waiters` backends wait on a lock, the test commits and the racers go on together.
 * With the guard in place the racers then pass one after the other; without it they all act on what they read
 * before, which the test's assertions catch. No timing guess: step 3 waits for the database to say they queue.
 */
export async function raceBehindLock<T>(
  db: Database,
  options: { lock: SQL; waiters: number },
  racers: readonly (() => Promise<T>)[],
): Promise<T[]> {
  let locked!: () => void;
  let release!: () => void;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const holder = db.transaction(async (tx) => {
    const rows = await queryRows(tx, options.lock);
    if (rows.length === 0) throw new Error('raceBehindLock: the lock statement locked no row');
    locked();
    await released;
  });
  // A holder failing before it locks must not leave the test waiting.
  holder.catch(() => locked());
  await isLocked;
  const running = racers.map((racer) => racer());
  let settled = 0;
  for (const one of running)
    one.then(
      () => settled++,
      () => settled++,
    );
  try {
    const deadline = Date.now() + WAIT_LIMIT_MS;
    for (;;) {
      const waiting = await lockWaiters(db);
      if (waiting >= options.waiters) break;
      if (settled === running.length) break;
      if (Date.now() > deadline) {
        throw new Error(`raceBehindLock: ${waiting} of ${options.waiters} racers queued on the lock in 15 s`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    release();
    await holder;
  }
  return Promise.all(running);
}
