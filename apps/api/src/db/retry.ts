import type { Database, Executor } from './client';
import { databaseErrorOf } from './errors';

/** SQLSTATEs after which the whole transaction can simply run again: nothing of it was committed. */
const RETRYABLE = new Set(['40P01', '40001']);
/**
 * lock_not_available: a statement waited longer than the transaction's `lock_timeout` for a row lock (a hot drop's
 * painting row). Run again once; a second time the caller answers "try again in a moment" rather than keep waiting.
 */
export const LOCK_NOT_AVAILABLE = '55P03';
const LOCK_TIMEOUT_ATTEMPTS = 2;

export const TRANSACTION_ATTEMPTS = 4;

/** Whether an error is a deadlock or a serialization failure reported by PostgreSQL. */
export function isRetryableConflict(error: unknown): boolean {
  const code = databaseErrorOf(error)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

/** Whether an error is PostgreSQL giving up waiting for a lock (`lock_timeout`, or NOWAIT). */
export function isLockTimeout(error: unknown): boolean {
  return databaseErrorOf(error)?.code === LOCK_NOT_AVAILABLE;
}

let retries = 0;
/** How many transactions were run again after a deadlock or a serialization failure since the process started. */
export const transactionRetries = () => retries;

const pause = (attempt: number) =>
  // Jittered exponential backoff: 5–10 ms, 10–20 ms, 20–40 ms… so two victims do not collide again in step.
  new Promise((resolve) => setTimeout(resolve, 5 * 2 ** (attempt - 1) * (1 + Math.random())));

/**
 * Runs `work` in a transaction, and runs it again (up to TRANSACTION_ATTEMPTS in all) when PostgreSQL aborts it as a
 * deadlock victim or for a serialization failure, and once more after a lock timeout (55P03). Each attempt is a new
 * transaction: whatever an aborted attempt did (a one-time code consumed, parts reserved) was rolled back with it, so
 * only the attempt that commits counts. `work` must therefore do its writes through `tx` only, and keep side effects
 * (email, provider calls) for after.
 */
export async function inTransaction<T>(
  db: Database | Executor,
  work: (tx: Executor, attempt: number) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx as Executor, attempt));
    } catch (error) {
      const again = isLockTimeout(error) ? attempt < LOCK_TIMEOUT_ATTEMPTS : isRetryableConflict(error);
      if (attempt >= TRANSACTION_ATTEMPTS || !again) throw error;
      retries++;
      await pause(attempt);
    }
  }
}
