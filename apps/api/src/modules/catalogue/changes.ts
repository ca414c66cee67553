import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { PostgresNotifications } from '../../db/client';

/**
 * What changed in the public catalogue: a work or artist edited, an appraisal recorded, an exchange rate moved, parts
 * reserved, sold or released, public content edited. Public reads kept in memory (catalogue lists and details,
 * ticker, home figures, artists) listen to these and drop what the change makes stale (issue 16). `everything`: a
 * transport lost its connection for a while and may have missed changes, so every kept read is dropped.
 */
export type CatalogueChange =
  | { kind: 'work'; paintingId: string }
  | { kind: 'artist'; artistId: string }
  | { kind: 'valuation'; paintingId: string }
  | { kind: 'rate' }
  | { kind: 'sale'; paintingId: string }
  | { kind: 'content' }
  | { kind: 'everything' };

/**
 * Where changes are announced, after their transaction has committed (announcing before would let a reader cache
 * the old row again). This process's listeners are told at once; other processes are told by the transport the
 * configuration picks.
 */
export interface CatalogueChanges {
  changed(change: CatalogueChange): void;
  /** Returns the function that stops listening. */
  onChange(listener: (change: CatalogueChange) => void): () => void;
  /** Connects the transport to other processes (buildApp, at start-up); nothing to do in process only. */
  start?(): Promise<void>;
  close?(): Promise<void>;
}

/** One process's changes, told to its own listeners (the shared transports deliver through one of these). */
export class LocalCatalogueChanges implements CatalogueChanges {
  private readonly events = new EventEmitter().setMaxListeners(0);

  changed(change: CatalogueChange): void {
    this.events.emit('change', change);
  }

  onChange(listener: (change: CatalogueChange) => void): () => void {
    this.events.on('change', listener);
    return () => this.events.off('change', listener);
  }
}

/**
 * How messages reach the other processes: `deliver` receives every message published by any process (this one's
 * included, which the bus recognises and skips); `lost` is called when the transport reconnects after a break, as
 * messages sent meanwhile are gone.
 */
export interface ChangeTransport {
  readonly name: 'redis' | 'postgres';
  start(deliver: (message: string) => void, lost: () => void): Promise<void>;
  publish(message: string): Promise<void>;
  close(): Promise<void>;
}

type Envelope = { from: string; change: CatalogueChange };

const KINDS = new Set(['work', 'artist', 'valuation', 'rate', 'sale', 'content', 'everything']);

function parseEnvelope(message: string): Envelope | null {
  try {
    const parsed = JSON.parse(message) as Envelope;
    if (typeof parsed?.from !== 'string' || !KINDS.has(parsed?.change?.kind)) return null;
    return parsed;
  } catch {
    return null;
  }
}

/**
 * How long a process holds the repeats of one change before it publishes them, once (decision 595). A drop announces
 * "parts of work W sold" after every batch, a hundred times a second; the other processes need to hear it once per
 * moment, not once per batch.
 */
export const PUBLISH_WINDOW_MS = 50;

/**
 * Changes shared by every process of the platform: told at once to this process's listeners, then published on the
 * transport, whose messages from other processes are told to the same listeners. A failed publication is reported
 * (`warn`) and never fails the write that announced it: the readers' TTL bounds how long another process may keep
 * the old read.
 *
 * A change is published at once; the same change announced again within PUBLISH_WINDOW_MS is published once more at
 * the end of that window (and so on while it keeps coming): every change reaches the other processes, the last one
 * at most PUBLISH_WINDOW_MS after its commit, and a hot drop sends a handful of messages a second rather than one per
 * batch. This process's own listeners are always told at once.
 */
export class SharedCatalogueChanges implements CatalogueChanges {
  private readonly local = new LocalCatalogueChanges();
  private readonly origin = randomUUID();
  /** The changes published within the window, by message, and whether they were announced again since. */
  private readonly held = new Map<string, { change: CatalogueChange; again: boolean; timer: NodeJS.Timeout }>();

  constructor(
    readonly transport: ChangeTransport,
    private readonly warn: (message: string, error?: unknown) => void = () => {},
    private readonly windowMs = PUBLISH_WINDOW_MS,
  ) {}

  async start(): Promise<void> {
    await this.transport.start(
      (message) => {
        const envelope = parseEnvelope(message);
        if (!envelope) return this.warn('catalogue changes: a message that is not one was ignored');
        if (envelope.from !== this.origin) this.local.changed(envelope.change);
      },
      () => this.local.changed({ kind: 'everything' }),
    );
  }

  changed(change: CatalogueChange): void {
    this.local.changed(change);
    const key = JSON.stringify(change);
    const held = this.held.get(key);
    if (held) {
      held.again = true;
      return;
    }
    void this.publish(change);
    this.hold(key, change);
  }

  /** Keeps `change` for the window; announced again meanwhile, it is published at its end and held once more. */
  private hold(key: string, change: CatalogueChange): void {
    const entry = {
      change,
      again: false,
      timer: setTimeout(() => {
        this.held.delete(key);
        if (!entry.again) return;
        void this.publish(change);
        this.hold(key, change);
      }, this.windowMs),
    };
    // A process may end within a window: close() publishes what is held; nothing else waits for the timer.
    entry.timer.unref();
    this.held.set(key, entry);
  }

  /** Sends one change to the other processes; a failure is reported, never thrown (the promise always resolves). */
  private publish(change: CatalogueChange): Promise<void> {
    const message = JSON.stringify({ from: this.origin, change } satisfies Envelope);
    return this.transport.publish(message).catch((error) => this.warn('catalogue changes: not published', error));
  }

  onChange(listener: (change: CatalogueChange) => void): () => void {
    return this.local.onChange(listener);
  }

  /** Publishes the changes announced again within their window, then closes the transport. */
  async close(): Promise<void> {
    const pending: Promise<void>[] = [];
    for (const entry of this.held.values()) {
      clearTimeout(entry.timer);
      if (entry.again) pending.push(this.publish(entry.change));
    }
    this.held.clear();
    await Promise.all(pending);
    await this.transport.close();
  }
}

/** Redis pub/sub (REDIS_URL): one subscribing connection, one publishing; the channel carries the key prefix. */
export class RedisChangeTransport implements ChangeTransport {
  readonly name = 'redis';
  private readonly subscriber: Redis;
  private readonly publisher: Redis;

  constructor(
    url: string,
    readonly channel: string,
  ) {
    const options = { lazyConnect: true, connectTimeout: 5_000, maxRetriesPerRequest: 2 };
    this.subscriber = new Redis(url, options);
    this.publisher = new Redis(url, options);
  }

  async start(deliver: (message: string) => void, lost: () => void): Promise<void> {
    for (const client of [this.subscriber, this.publisher]) client.on('error', () => {});
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) deliver(message);
    });
    await Promise.all([this.subscriber.connect(), this.publisher.connect()]);
    await this.subscriber.subscribe(this.channel);
    // ioredis subscribes again by itself after a reconnection ('ready' again); what was published in between is lost.
    this.subscriber.on('ready', lost);
  }

  async publish(message: string): Promise<void> {
    await this.publisher.publish(this.channel, message);
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}

/**
 * PostgreSQL LISTEN/NOTIFY (DATABASE_URL without REDIS_URL): NOTIFY is sent after the write's commit, on any pooled
 * connection; a broken listening connection is opened again (every second until it answers), and the readers are
 * told that changes may have been missed.
 */
export class PostgresChangeTransport implements ChangeTransport {
  readonly name = 'postgres';
  private stopListening: (() => Promise<void>) | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly pg: PostgresNotifications,
    readonly channel: string,
    private readonly warn: (message: string, error?: unknown) => void = () => {},
  ) {}

  async start(deliver: (message: string) => void, lost: () => void): Promise<void> {
    const open = async (): Promise<void> => {
      this.stopListening = await this.pg.listen(this.channel, deliver, () => {
        this.stopListening = null;
        if (this.closed) return;
        this.warn('catalogue changes: the LISTEN connection broke; opening it again');
        reopen();
      });
    };
    const reopen = () => {
      this.retry = setTimeout(() => {
        open().then(lost, (error) => {
          if (!this.closed) {
            this.warn('catalogue changes: LISTEN failed', error);
            reopen();
          }
        });
      }, 1_000);
      this.retry.unref();
    };
    await open();
  }

  async publish(message: string): Promise<void> {
    await this.pg.notify(this.channel, message);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.stopListening?.();
  }
}
