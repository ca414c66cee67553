/**
 * Counters and holds that expire, for the limits that are not per-route rate limits (failed sign-ins per account and
 * per IP, the delays between them). Two implementations: this process's memory, or Redis (REDIS_URL), shared by every
 * process of the deployment. Every key expires by itself; nothing needs sweeping.
 */
export interface CounterStore {
  readonly kind: 'memory' | 'redis';
  /**
   * Adds `delta` to the counter `key` and answers its new value, atomically. A counter lives `windowMs` from its first
   * addition (a fixed window: later additions do not extend it), then starts again from 0.
   */
  add(key: string, delta: number, windowMs: number): Promise<number>;
  /** Takes the hold `key` for `ms` if nobody holds it; false when it is held. Atomic. */
  acquire(key: string, ms: number): Promise<boolean>;
  /** Holds `key` for `ms` from now, whether or not it was held. */
  hold(key: string, ms: number): Promise<void>;
  /** Milliseconds left on the hold `key`; 0 when it is free. */
  heldFor(key: string): Promise<number>;
  remove(...keys: string[]): Promise<void>;
  close(): Promise<void>;
}

type Entry = { value: number; expiresAt: number };

/** One process's counters (the default without REDIS_URL). `now` is injectable for tests. */
export class MemoryCounterStore implements CounterStore {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly now: () => number = () => Date.now(),
    private readonly maxEntries = 100_000,
  ) {}

  async add(key: string, delta: number, windowMs: number): Promise<number> {
    const entry = this.live(key) ?? this.put(key, 0, windowMs);
    entry.value += delta;
    return entry.value;
  }

  async acquire(key: string, ms: number): Promise<boolean> {
    if (this.live(key)) return false;
    this.put(key, 1, ms);
    return true;
  }

  async hold(key: string, ms: number): Promise<void> {
    this.put(key, 1, ms);
  }

  async heldFor(key: string): Promise<number> {
    const entry = this.live(key);
    return entry ? entry.expiresAt - this.now() : 0;
  }

  async remove(...keys: string[]): Promise<void> {
    for (const key of keys) this.entries.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private put(key: string, value: number, ttlMs: number): Entry {
    const entry = { value, expiresAt: this.now() + Math.max(1, ttlMs) };
    this.entries.delete(key); // re-inserted last: the map stays in order of last write
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.prune();
    return entry;
  }

  /** Drops expired entries, then (a flood of distinct keys) the least recently written ones. */
  private prune() {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries * 0.9) break;
      this.entries.delete(key);
    }
  }
}
