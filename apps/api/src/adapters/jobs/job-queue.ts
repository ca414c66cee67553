import type { Executor } from '../../db/client';

/**
 * Background work that must survive the request that asked for it, run once across every process: outgoing email
 * and SMS, the reservation sweep, the retries of refunds. Implemented by pg-boss on the application's own database
 * (PostgreSQL), so a job is committed durably like any other row.
 */
export type JobHandler<T> = (job: { id: string; data: T; retryCount: number }) => Promise<void>;

/** How a kind of job is retried and kept: pg-boss's queue options, in seconds. */
export type QueueSpec = {
  /** Attempts after the first one. */
  retryLimit: number;
  /** Delay before the first retry; doubled at each further retry when `backoff` is true. */
  retryDelaySeconds: number;
  backoff: boolean;
  /** A job still active after this long is presumed lost (its process died) and retried. */
  expireInSeconds: number;
  /** `singleton`: at most one job of this kind runs at a time, whichever process fetched it. */
  policy: 'standard' | 'singleton';
  /**
   * Work that can wait behind a drop (decision 601): a worker that fetched jobs of this kind holds them while this
   * process reserves or settles purchases, until none is in flight or the oldest job is this many seconds old.
   */
  yieldsToPurchasesForSeconds?: number;
};

/** A job whose code threw: what an operator needs to follow it (never its data, which may name a person). */
export type JobFailure = { name: string; id: string; retryCount: number; error: Error };

export interface JobQueue {
  /**
   * Creates the queue tables (first start) and the queues; starts no worker. `onError`: the queue's own failures;
   * `onJobFailed`: a job whose code threw (it is retried by its queue's rule, or kept as failed after the last try).
   */
  start(options: { onError: (error: Error) => void; onJobFailed?: (failure: JobFailure) => void }): Promise<void>;
  /** Declares a kind of job and the code that runs it (in this process, when workers are started or on drain). */
  define<T extends object>(name: string, spec: QueueSpec, handler: JobHandler<T>): void;
  /** Enqueues a job; `id` (a UUID) makes a second send of the same job a no-op. Answers the job id, or null. */
  send<T extends object>(name: string, data: T, options?: { id?: string }): Promise<string | null>;
  /**
   * Enqueues a job inside the caller's open transaction (`tx`, a drizzle transaction on the same database): the job
   * exists once that transaction commits, and never if it rolls back, so a job about a write is sent exactly when the
   * write is (notifications' emails, issue 17).
   */
  sendIn<T extends object>(tx: Executor, name: string, data: T, options?: { id?: string }): Promise<string | null>;
  /**
   * Several jobs of one kind enqueued in one statement (a batch's emails, decision 498). A job whose id is already in
   * the queue (sent before, run or not, until pg-boss archives it 12 hours after it ended) is not enqueued again.
   */
  sendMany<T extends object>(name: string, jobs: readonly { data: T; id: string }[]): Promise<void>;
  /**
   * Several jobs of one kind enqueued inside the caller's open transaction in one statement (a batch of settlements'
   * confirmations), with the same rule as `sendIn`: they exist once that transaction commits.
   */
  sendManyIn<T extends object>(tx: Executor, name: string, jobs: readonly { data: T; id?: string }[]): Promise<void>;
  /**
   * Enqueues a job unless one was already enqueued, by any process, in the current window of `seconds`: the way
   * every process may tick a periodic job while only one job a window is created (pg-boss throttling).
   */
  sendOncePer(name: string, seconds: number): Promise<string | null>;
  /** Starts polling workers for every defined queue (servers; tests drain instead). */
  work(): Promise<void>;
  /**
   * Runs, in this process and now, every job of these queues (default: all) that is due, until none is left.
   * Deterministic for tests and the development outbox; safe beside running workers (a fetched job is locked).
   */
  drain(names?: readonly string[]): Promise<number>;
  /** Stops fetching; with `graceful`, waits (up to `timeoutMs`) for the jobs being run to finish. */
  stop(options: { graceful: boolean; timeoutMs: number }): Promise<void>;
}
