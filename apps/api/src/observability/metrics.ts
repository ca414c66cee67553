import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus metrics of this process (served at GET /metrics, observability/plugin.ts). One registry per process,
 * made on first use: business code records events without a context in hand, and a second registry would only
 * duplicate the process metrics. Names follow Prometheus conventions (`_total` counters, `_seconds` durations).
 */

/** What the gauges read at scrape time: the database and, when present, the job runner (see `registerSource`). */
export type MetricsSource = {
  /** Connections of the PostgreSQL pool. */
  pool: () => { total: number; idle: number; waiting: number; max: number };
  databaseKind: 'embedded' | 'postgres';
  /** Jobs waiting per queue (created or retrying); null when there is no job queue. */
  queueDepth: () => Promise<Record<string, number> | null>;
  /** Counts read from the database: cheap aggregate queries, at most once per `DB_GAUGE_TTL_MS`. */
  databaseCounts: () => Promise<{ pendingReservations: number; ledgerTransactions: number }>;
};

/** Database-derived gauges are cached this long: scrapes from several Prometheus servers cost one query. */
export const DB_GAUGE_TTL_MS = 10_000;

/** Outcomes of a purchase, by payment method (`card`, `paypal`, `smart_amount`). */
export type PurchaseOutcome = 'reserved' | 'settled' | 'declined' | 'provider_error' | 'late_refund';
/** What happened to a reservation (the parts a card or PayPal purchase holds while it is paid). */
export type ReservationEvent = 'created' | 'settled' | 'expired' | 'released_on_error' | 'cancelled';

type Metrics = ReturnType<typeof createMetrics>;

let metrics: Metrics | null = null;
const sources = new Set<MetricsSource>();

/** The newest source still registered: in production there is one app per process; tests build several in turn. */
function currentSource(): MetricsSource | undefined {
  let last: MetricsSource | undefined;
  for (const source of sources) last = source;
  return last;
}

function cached<T>(read: () => Promise<T>, ttlMs: number): () => Promise<T> {
  let value: { at: number; promise: Promise<T> } | null = null;
  return () => {
    const now = Date.now();
    if (!value || now - value.at > ttlMs) {
      const promise = read();
      value = { at: now, promise };
      // A failed read is not kept: the next scrape tries again.
      promise.catch(() => {
        if (value?.promise === promise) value = null;
      });
    }
    return value.promise;
  };
}

function createMetrics() {
  const registry = new Registry();
  registry.setDefaultLabels({ service: 'parcelle-api' });
  // CPU, memory, event-loop delay, GC and handles of this process (prefix process_/nodejs_ by convention).
  collectDefaultMetrics({ register: registry });

  const httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const purchases = new Counter({
    name: 'parcelle_purchases_total',
    help: 'Purchase outcomes by payment method (counted after their database transaction committed).',
    labelNames: ['method', 'outcome'] as const,
    registers: [registry],
  });
  const reservations = new Counter({
    name: 'parcelle_reservations_total',
    help: 'Reservations of parts by card and PayPal purchases: created, settled (paid), expired, released on error.',
    labelNames: ['event'] as const,
    registers: [registry],
  });
  const reservationBatches = new Histogram({
    name: 'parcelle_reservation_batch_size',
    help: 'Requests per batch of reservations of one work (db/turns.ts), counted as each batch ends.',
    buckets: [1, 2, 4, 8, 16, 32, 48],
    registers: [registry],
  });
  const settlementBatches = new Histogram({
    name: 'parcelle_settlement_batch_size',
    help: 'Payments per batch of settlements of one work (purchases/settle-payment.ts), counted as each batch ends.',
    buckets: [1, 2, 4, 8, 16, 32, 48],
    registers: [registry],
  });
  new Gauge({
    name: 'parcelle_reservations_pending',
    help: 'Purchases holding parts while they are paid, read from the database (all processes).',
    registers: [registry],
    async collect() {
      const counts = await currentSource()?.databaseCounts();
      if (counts) this.set(counts.pendingReservations);
    },
  });
  new Gauge({
    name: 'parcelle_ledger_transactions',
    help: 'Ledger transactions recorded, read from the database (all processes; committed ones only).',
    registers: [registry],
    async collect() {
      const counts = await currentSource()?.databaseCounts();
      if (counts) this.set(counts.ledgerTransactions);
    },
  });
  new Gauge({
    name: 'parcelle_job_queue_depth',
    help: 'Background jobs waiting to run (created or retrying), by queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const depth = await currentSource()?.queueDepth();
      for (const [queue, count] of Object.entries(depth ?? {})) this.set({ queue }, count);
    },
  });
  new Gauge({
    name: 'parcelle_db_pool_connections',
    help: 'Database pool connections by state: total (open), idle, waiting (requests queued for one), max.',
    labelNames: ['state', 'database'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const source = currentSource();
      if (!source) return;
      const database = source.databaseKind;
      const pool = source.pool();
      for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state, database }, pool[state]);
    },
  });
  return { registry, httpRequests, httpDuration, purchases, reservations, reservationBatches, settlementBatches };
}

function theMetrics(): Metrics {
  metrics ??= createMetrics();
  return metrics;
}

export function metricsRegistry(): Registry {
  return theMetrics().registry;
}

/** The gauges read this source until the returned function unregisters it (the app closing). */
export function registerSource(source: MetricsSource): () => void {
  theMetrics();
  const entry = {
    ...source,
    databaseCounts: cached(source.databaseCounts, DB_GAUGE_TTL_MS),
    queueDepth: cached(source.queueDepth, DB_GAUGE_TTL_MS),
  };
  sources.add(entry);
  return () => {
    sources.delete(entry);
  };
}

/** One answered request. `route` is the route pattern (`/api/paintings/:id`), never the URL itself. */
export function recordRequest(method: string, route: string, statusCode: number, seconds: number): void {
  const labels = { method, route, status_code: String(statusCode) };
  const { httpRequests, httpDuration } = theMetrics();
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

/** A purchase outcome; call after the transaction that decided it committed. */
export function recordPurchase(method: string, outcome: PurchaseOutcome): void {
  theMetrics().purchases.inc({ method, outcome });
}

/** The size of one batch of reservations of a work, once it ended (committed or not). */
export function recordReservationBatch(size: number): void {
  theMetrics().reservationBatches.observe(size);
}

/** The size of one batch of payments of a work settled together, once it ended (committed or not). */
export function recordSettlementBatch(size: number): void {
  theMetrics().settlementBatches.observe(size);
}

/** Reservation events; call after the transaction committed (`count` for a sweep that released several). */
export function recordReservations(event: ReservationEvent, count = 1): void {
  if (count > 0) theMetrics().reservations.inc({ event }, count);
}
