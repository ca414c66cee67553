/** Thrown when the probe has spent its requests or its time: it stops by itself. */
export class BudgetExhausted extends Error {
  constructor(reason) {
    super(reason);
    this.name = 'BudgetExhausted';
  }
}

/** The fixed ceiling of every run: this many requests at most, and this long at most. */
export const MAX_REQUESTS = 1500;
export const TIME_LIMIT_MS = 5 * 60 * 1000;

/**
 * A request budget: `take()` before each request; it throws BudgetExhausted past `maxRequests` requests or
 * after `timeLimitMs` since creation. `now` is injectable for tests.
 */
export class RequestBudget {
  constructor({ maxRequests = MAX_REQUESTS, timeLimitMs = TIME_LIMIT_MS, now = Date.now } = {}) {
    if (!Number.isInteger(maxRequests) || maxRequests < 1) throw new Error('maxRequests must be a positive integer');
    if (!(timeLimitMs > 0)) throw new Error('timeLimitMs must be positive');
    this.maxRequests = maxRequests;
    this.timeLimitMs = timeLimitMs;
    this.now = now;
    this.startedAt = now();
    this.used = 0;
  }

  /** Milliseconds left before the time limit (never negative). */
  remainingMs() {
    return Math.max(0, this.startedAt + this.timeLimitMs - this.now());
  }

  take() {
    if (this.remainingMs() === 0) throw new BudgetExhausted(`time limit of ${this.timeLimitMs / 1000} s reached`);
    if (this.used >= this.maxRequests) throw new BudgetExhausted(`request budget of ${this.maxRequests} spent`);
    this.used += 1;
    return this.used;
  }
}
