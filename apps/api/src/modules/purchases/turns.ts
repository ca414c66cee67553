import { RetryLaterError } from '../../http/errors';

/**
 * How long one statement of a reservation may wait for a row lock before its transaction gives up (SQLSTATE 55P03):
 * set with the member's row lock (limits.ts), run again once by inTransaction, then answered 503 DropBusy.
 */
export const LOCK_TIMEOUT_MS = 1500;

/**
 * Purchases of one work take their turn in arrival order (issue 16). In front of the painting's row lock, each
 * process keeps one first-in first-out queue per work and lets `concurrency` reservations of that work run at a time;
 * the others wait in order, without holding a database connection. PostgreSQL's own lock queue (FIFO as well) orders
 * the processes between them. A request that has waited `maxWaitMs` for its turn is answered at once, 503 with
 * Retry-After and a bilingual "try again in a moment", rather than left waiting.
 */
export class WorkTurns {
  private readonly works = new Map<string, { running: number; waiting: (() => void)[] }>();

  constructor(
    private readonly concurrency = 3,
    private readonly maxWaitMs = 4000,
  ) {}

  async run<T>(workId: string, work: () => Promise<T>): Promise<T> {
    let queue = this.works.get(workId);
    if (!queue) {
      queue = { running: 0, waiting: [] };
      this.works.set(workId, queue);
    }
    // A slot freed is handed to the first in line (it stays counted), so a late arrival can never overtake.
    if (queue.running >= this.concurrency) await this.waitTurn(queue);
    else queue.running++;
    try {
      return await work();
    } finally {
      const next = queue.waiting.shift();
      if (next) next();
      else if (--queue.running === 0) this.works.delete(workId);
    }
  }

  /** Resolves when a running reservation of the work ends and this request is first in line; rejects after maxWaitMs. */
  private waitTurn(queue: { waiting: (() => void)[] }): Promise<void> {
    return new Promise((resolve, reject) => {
      const go = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = queue.waiting.indexOf(go);
        if (at >= 0) queue.waiting.splice(at, 1);
        reject(new RetryLaterError(1, 'DropBusy', 503));
      }, this.maxWaitMs);
      queue.waiting.push(go);
    });
  }

  /** Requests of a work waiting for their turn in this process (tests and metrics). */
  waiting(workId: string): number {
    return this.works.get(workId)?.waiting.length ?? 0;
  }
}
