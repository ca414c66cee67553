import { AppError, RetryLaterError } from '../http/errors';

/** The most requests one batch carries (decision 447: the purchases of one work). */
export const MAX_BATCH = 48;

/** One request's own answer from its batch: its value, or the error it is answered with. */
export type Settled<T> = { value: T } | { error: unknown };

type Entry<In, Out> = {
  item: In;
  resolve: (value: Out) => void;
  reject: (error: unknown) => void;
  timer?: NodeJS.Timeout;
};

/**
 * The purchase path's requests in this process, from their arrival at a work's turn to their answer (decision 601):
 * what background work yields to. A drop's reservations and settlements are counted; the job queue's workers wait
 * while any is in flight, within each kind of job's bound (`QueueSpec.yieldsToPurchasesForSeconds`).
 */
export class PurchasesInFlight {
  private count = 0;
  private readonly quiet = new Set<() => void>();

  /** Requests reserving or settling now, waiting or in their batch. */
  get size(): number {
    return this.count;
  }

  /** A request arrived (1) or was answered (-1). */
  change(by: 1 | -1): void {
    this.count += by;
    if (this.count === 0) for (const wake of [...this.quiet]) wake();
  }

  /** Resolves when no purchase is in flight, after `withinMs` at the latest, or at once when `signal` aborts. */
  whenQuiet(withinMs: number, signal?: AbortSignal): Promise<void> {
    if (this.count === 0 || withinMs <= 0 || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.quiet.delete(wake);
        signal?.removeEventListener('abort', wake);
        resolve();
      };
      const timer = setTimeout(wake, withinMs);
      this.quiet.add(wake);
      signal?.addEventListener('abort', wake, { once: true });
    });
  }
}

/**
 * Purchases of one work run as batches, in arrival order (issue 28, decision 447). Each process keeps one first-in
 * first-out queue per work: while a batch of the work runs, arrivals wait, without holding a database connection;
 * when it ends, up to `maxBatch` of those waiting go together as the next batch (`runBatch`, one transaction), and
 * each gets its own answer. A request alone is a batch of one, by the same code. PostgreSQL's lock queue (FIFO as
 * well) orders the processes between them. A request that has waited `maxWaitMs` without its batch starting is
 * answered at once, 503 with Retry-After and a bilingual "try again in a moment", rather than left waiting.
 *
 * A batch that fails as a whole for a reason that is not an answer (not an AppError: a constraint nobody foresaw,
 * SplitBatch) runs again one request at a time, so one bad request never fails the others; an AppError thrown by the
 * batch (503 after a lock timeout) is every member's answer.
 */
export class WorkTurns<In, Out> {
  private readonly works = new Map<string, { running: boolean; waiting: Entry<In, Out>[] }>();

  private readonly maxBatch: number;
  private readonly maxWaitMs: number;
  private readonly busy: () => Error;
  private readonly inFlight?: PurchasesInFlight;

  constructor(
    private readonly runBatch: (workId: string, items: In[]) => Promise<Settled<Out>[]>,
    options: {
      maxBatch?: number;
      maxWaitMs?: number;
      /** The answer of a request that waited `maxWaitMs`: a drop's "many members are buying this work" by default. */
      busy?: () => Error;
      /** Where the purchase path's turns count their requests (decision 601); the sessions' turn counts nowhere. */
      inFlight?: PurchasesInFlight;
    } = {},
  ) {
    this.maxBatch = options.maxBatch ?? MAX_BATCH;
    this.maxWaitMs = options.maxWaitMs ?? 4000;
    this.busy = options.busy ?? (() => new RetryLaterError(1, 'DropBusy', 503));
    this.inFlight = options.inFlight;
  }

  run(workId: string, item: In): Promise<Out> {
    let queue = this.works.get(workId);
    if (!queue) {
      queue = { running: false, waiting: [] };
      this.works.set(workId, queue);
    }
    const line = queue;
    this.inFlight?.change(1);
    let answered = false;
    // Counted out once, at its answer, whichever way it is answered (its batch, a split, the wait's 503).
    const answer = () => {
      if (answered) return false;
      answered = true;
      this.inFlight?.change(-1);
      return true;
    };
    return new Promise<Out>((resolve, reject) => {
      const entry: Entry<In, Out> = {
        item,
        resolve: (value) => {
          if (answer()) resolve(value);
        },
        reject: (error) => {
          if (answer()) reject(error);
        },
      };
      line.waiting.push(entry);
      if (line.running) {
        entry.timer = setTimeout(() => {
          const at = line.waiting.indexOf(entry);
          if (at < 0) return;
          line.waiting.splice(at, 1);
          entry.reject(this.busy());
        }, this.maxWaitMs);
        return;
      }
      void this.drain(workId, line);
    });
  }

  /** Runs the work's batches one after the other while requests wait; the queue is dropped when none is left. */
  private async drain(workId: string, queue: { running: boolean; waiting: Entry<In, Out>[] }): Promise<void> {
    queue.running = true;
    try {
      while (queue.waiting.length > 0) {
        const batch = queue.waiting.splice(0, this.maxBatch);
        for (const entry of batch) clearTimeout(entry.timer);
        await this.runOne(workId, batch);
      }
    } finally {
      queue.running = false;
      if (queue.waiting.length === 0 && this.works.get(workId) === queue) this.works.delete(workId);
    }
  }

  private async runOne(workId: string, batch: Entry<In, Out>[]): Promise<void> {
    let outcomes: Settled<Out>[];
    try {
      outcomes = await this.runBatch(
        workId,
        batch.map((entry) => entry.item),
      );
    } catch (error) {
      if (batch.length === 1 || error instanceof AppError) {
        for (const entry of batch) entry.reject(error);
        return;
      }
      // The batch failed as a whole: each request runs again alone (a batch of one), in arrival order.
      for (const entry of batch) await this.runOne(workId, [entry]);
      return;
    }
    batch.forEach((entry, at) => {
      const outcome = outcomes[at];
      if (!outcome) entry.reject(new Error('a batch gave no outcome for a request'));
      else if ('error' in outcome) entry.reject(outcome.error);
      else entry.resolve(outcome.value);
    });
  }

  /** Requests of a work waiting for their batch in this process (tests and metrics). */
  waiting(workId: string): number {
    return this.works.get(workId)?.waiting.length ?? 0;
  }
}
