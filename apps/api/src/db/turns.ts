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

  constructor(
    private readonly runBatch: (workId: string, items: In[]) => Promise<Settled<Out>[]>,
    private readonly maxBatch = MAX_BATCH,
    private readonly maxWaitMs = 4000,
    /** The answer of a request that waited `maxWaitMs`: a drop's "many members are buying this work" by default. */
    private readonly busy: () => Error = () => new RetryLaterError(1, 'DropBusy', 503),
  ) {}

  run(workId: string, item: In): Promise<Out> {
    let queue = this.works.get(workId);
    if (!queue) {
      queue = { running: false, waiting: [] };
      this.works.set(workId, queue);
    }
    const line = queue;
    return new Promise<Out>((resolve, reject) => {
      const entry: Entry<In, Out> = { item, resolve, reject };
      line.waiting.push(entry);
      if (line.running) {
        entry.timer = setTimeout(() => {
          const at = line.waiting.indexOf(entry);
          if (at < 0) return;
          line.waiting.splice(at, 1);
          reject(this.busy());
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
